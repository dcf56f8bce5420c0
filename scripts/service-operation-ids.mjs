// Writes src/routes/service-operation-ids.ts from the route table of the built package:
// `npm run build && node scripts/service-operation-ids.mjs`. test/control/operation-names.test.ts
// fails when the file and the route table disagree.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

const { routeTable } = await import('../dist/routes/route-table.js')
const target = fileURLToPath(new URL('../src/routes/service-operation-ids.ts', import.meta.url))
const ids = [...new Set(routeTable().map((operation) => operation.id))].sort()
const before = await readFile(target, 'utf8')
const start = before.indexOf('export const SERVICE_OPERATION_IDS = [')
const end = before.indexOf('] as const', start)
const after = `${before.slice(0, start)}export const SERVICE_OPERATION_IDS = [\n${ids.map((id) => `  '${id}',\n`).join('')}${before.slice(end)}`
if (after !== before) await writeFile(target, after)
console.log(
  after === before
    ? 'service-operation-ids.ts is up to date.'
    : `service-operation-ids.ts rewritten: ${ids.length} ids.`,
)
