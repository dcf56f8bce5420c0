// The README's endpoint table, from the route table's sources.
import { readFile } from 'node:fs/promises'
import { renderEndpointTable, replaceEndpointTable } from './endpoint-table-text.mjs'

/** README.md with its endpoint table rewritten from the route groups. */
export async function endpointTable({ root, loadSources }) {
  const { routeGroups } = await loadSources({ 'src/routes/route-table.ts': ['routeGroups'] })
  const readme = await readFile(`${root}README.md`, 'utf8')
  return [{ file: 'README.md', text: replaceEndpointTable(readme, renderEndpointTable(routeGroups())) }]
}
