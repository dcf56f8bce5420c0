// Writes the README's endpoint table from the route table of the built package:
//   npm run build && node scripts/endpoint-table.mjs
// test/routes/endpoint-table.test.ts fails when the README and the route table disagree.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { renderEndpointTable, replaceEndpointTable } from './endpoint-table-text.mjs'

const readme = fileURLToPath(new URL('../README.md', import.meta.url))
const { routeGroups } = await import('../dist/routes/route-table.js')
const before = await readFile(readme, 'utf8')
const after = replaceEndpointTable(before, renderEndpointTable(routeGroups()))
if (after !== before) await writeFile(readme, after)
console.log(after === before ? 'README endpoint table is up to date.' : 'README endpoint table rewritten.')
