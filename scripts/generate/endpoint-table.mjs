// docs/endpoints.md's endpoint table, from the route table's sources.
import { readFile } from 'node:fs/promises'
import { renderEndpointTable, replaceEndpointTable } from './endpoint-table-text.mjs'

/** docs/endpoints.md with its endpoint table rewritten from the route groups. */
export async function endpointTable({ root, loadSources }) {
  const { routeGroups } = await loadSources({ 'src/routes/route-table.ts': ['routeGroups'] })
  const page = await readFile(`${root}docs/endpoints.md`, 'utf8')
  return [{ file: 'docs/endpoints.md', text: replaceEndpointTable(page, renderEndpointTable(routeGroups())) }]
}
