import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { routeGroups, routeTable } from '../../src/routes/route-table.js'

// The service description's endpoint tables (its section 4), kept in the repository.
const spec = readFileSync(new URL('../../spec/service-endpoints.md', import.meta.url), 'utf8')

/** Every `| operation | … /path … |` row of the spec's endpoint tables, with its method (POST where a table says all are). */
function specOperations(): Array<{ id: string; method: string; path: string }> {
  const endpoints = spec.slice(spec.indexOf('## 4. Endpoints'))
  const found: Array<{ id: string; method: string; path: string }> = []
  for (const line of endpoints.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    const id = cells[1]
    const route = cells[2]?.match(/^(?:(GET|POST|HEAD) )?(\/\S*)/)
    if (!id || !/^[A-Za-z_]+$/.test(id) || id === 'Operation' || !route) continue
    found.push({ id, method: route[1] ?? 'POST', path: route[2]!.replace(/\{([A-Za-z_]+)\}/g, ':$1') })
  }
  return found
}

describe('the route table', () => {
  it('names its groups once each and leaves none empty, as docs/endpoints.md lists them', () => {
    const groups = routeGroups()
    expect(new Set(groups.map((group) => group.name)).size).toBe(groups.length)
    expect(groups.filter((group) => group.operations.length === 0).map((group) => group.name)).toEqual([])
  })

  it('has every operation of the service description, under its method and path', () => {
    const operations = specOperations()
    expect(operations).toHaveLength(39)
    const routed = new Set(
      routeTable().flatMap((operation) => operation.paths.map((path) => `${operation.id} ${operation.method} ${path}`)),
    )
    const missing = operations
      .map(({ id, method, path }) => `${id} ${method} ${path}`)
      .filter((row) => !routed.has(row))
    expect(missing).toEqual([])
  })

  it('names the record kind of every path parameter of every operation', () => {
    const unnamed = routeTable().flatMap((operation) =>
      operation.paths.flatMap((path) =>
        [...path.matchAll(/:([A-Za-z_]+)/g)]
          .map((match) => match[1]!)
          .filter((name) => !(name in operation.params))
          .map((name) => `${operation.id} :${name}`),
      ),
    )
    expect(unnamed).toEqual([])
  })
})
