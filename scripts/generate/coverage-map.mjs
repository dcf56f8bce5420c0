// docs/coverage.md and the README's coverage row, from the route table, the stream table, the client operation table
// and the list of public clients' calls (scripts/public-client-calls.json).
import { readFile } from 'node:fs/promises'
import { renderCoverageMap, renderCoverageRow, replaceCoverageRow } from './coverage-map-text.mjs'

/** docs/coverage.md and README.md with its coverage row, from the client coverage of the route table. */
export async function coverageMap({ root, loadSources }) {
  const { routeTable, clientCoverage, clientApiClasses, clientOperationsVersion, STREAM_PATHS } = await loadSources({
    'src/routes/route-table.ts': ['routeTable'],
    'src/routes/client-coverage.ts': ['clientCoverage'],
    'src/routes/client-operations.generated.ts': ['clientApiClasses', 'clientOperationsVersion'],
    'src/events/stream-paths.ts': ['STREAM_PATHS'],
  })
  const coverage = clientCoverage(routeTable(), Object.values(STREAM_PATHS))
  const readme = await readFile(`${root}README.md`, 'utf8')
  const publicClients = JSON.parse(await readFile(`${root}scripts/public-client-calls.json`, 'utf8'))
  return [
    {
      file: 'docs/coverage.md',
      text: renderCoverageMap(coverage, {
        version: clientOperationsVersion,
        apiClasses: clientApiClasses,
        publicClients,
      }),
    },
    { file: 'README.md', text: replaceCoverageRow(readme, renderCoverageRow(coverage)) },
  ]
}
