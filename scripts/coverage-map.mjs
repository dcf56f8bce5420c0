// Writes docs/coverage.md and the README's coverage row from the route table of the built package:
//   npm run build && node scripts/coverage-map.mjs
// test/routes/coverage-map.test.ts fails when they and the route table disagree.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { renderCoverageMap, renderCoverageRow, replaceCoverageRow } from './coverage-map-text.mjs'

const readme = fileURLToPath(new URL('../README.md', import.meta.url))
const map = fileURLToPath(new URL('../docs/coverage.md', import.meta.url))
const { routeTable } = await import('../dist/routes/route-table.js')
const { clientCoverage } = await import('../dist/routes/client-coverage.js')
const { clientApiClasses, clientOperationsVersion } = await import('../dist/routes/client-operations.generated.js')
const { STREAM_PATHS } = await import('../dist/events/stream-paths.js')

const coverage = clientCoverage(routeTable(), Object.values(STREAM_PATHS))
const publicClients = JSON.parse(await readFile(new URL('./public-client-calls.json', import.meta.url), 'utf8'))

async function write(file, next) {
  const before = await readFile(file, 'utf8').catch(() => '')
  if (next !== before) await writeFile(file, next)
  return next !== before
}

const mapChanged = await write(
  map,
  renderCoverageMap(coverage, { version: clientOperationsVersion, apiClasses: clientApiClasses, publicClients }),
)
const rowChanged = await write(readme, replaceCoverageRow(await readFile(readme, 'utf8'), renderCoverageRow(coverage)))
console.log(mapChanged || rowChanged ? 'Coverage map rewritten.' : 'Coverage map is up to date.')
