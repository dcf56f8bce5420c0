import { describe, expect, it } from 'vitest'
import { explainRelated, rankRelatedPersons, type AssetTexts } from '../../src/domain/copilot/related-persons.js'
import { recordSchemas, type PersonRecord } from '../../src/store/schemas/schemas.js'

const AT = '2024-05-01T00:00:00.000Z'
const person = (id: string, name: string, assets: string[]): PersonRecord =>
  recordSchemas.person.parse({ id, type: { basic: { name } }, created: AT, updated: AT, assets })

const ASSETS: Record<string, { name: string; code: string }> = {
  debounce: { name: 'debounce.ts', code: 'export function debounce(fn, wait) {}' },
  retry: { name: 'fetchWithRetry.js', code: 'async function fetchWithRetry(url, retries) {}' },
  sql: { name: 'report.sql', code: 'SELECT count(*) FROM orders' },
}
const textsOf: AssetTexts = (id) => {
  const asset = ASSETS[id]
  return asset && { name: asset.name, texts: [asset.name, asset.code] }
}
const ask = (text: string, named: string[] = []) => ({ text, namedAssets: new Set(named) })

describe('who can help with a question', () => {
  it('ranks persons by how much of the question their assets hold, leaving out those with none', () => {
    const people = [
      person('p1', 'Ada', ['sql']),
      person('p2', 'Bea', ['retry']),
      person('p3', 'Cy', ['debounce', 'retry']),
    ]
    const ranked = rankRelatedPersons(ask('debounce the fetch retries'), people, textsOf)
    expect(ranked.map(({ person }) => person.id)).toEqual(['p3', 'p2'])
    expect(ranked[0]!.assets).toEqual(['debounce.ts', 'fetchWithRetry.js'])
  })

  it('breaks ties by more matching assets, then by name, then by id, whatever order the persons come in', () => {
    const people = [
      person('p4', 'Bea', ['retry']),
      person('p2', 'Bea', ['retry']),
      person('p1', 'Zed', ['retry']),
      person('p3', 'Amy', ['retry']),
    ]
    const order = (list: PersonRecord[]) =>
      rankRelatedPersons(ask('fetchWithRetry'), list, textsOf).map(({ person }) => person.id)
    expect(order(people)).toEqual(['p3', 'p2', 'p4', 'p1'])
    expect(order([...people].reverse())).toEqual(['p3', 'p2', 'p4', 'p1'])
  })

  it('puts the authors of an asset the seed names outright first, and skips assets that are gone', () => {
    const people = [person('p1', 'Ada', ['sql', 'gone']), person('p2', 'Bea', ['debounce'])]
    const ranked = rankRelatedPersons(ask('debounce', ['sql', 'gone']), people, textsOf)
    expect(ranked.map(({ person }) => person.id)).toEqual(['p1', 'p2'])
    expect(ranked[0]!.assets).toEqual(['report.sql'])
  })

  it('names at most 20 persons, and no one for a question with no keywords', () => {
    const many = Array.from({ length: 30 }, (_, i) => person(`p${String(i).padStart(2, '0')}`, 'Same', ['retry']))
    expect(rankRelatedPersons(ask('fetchWithRetry'), many, textsOf)).toHaveLength(20)
    expect(rankRelatedPersons(ask('how do I'), many, textsOf)).toEqual([])
  })

  it('says which assets a person was found by, naming at most three', () => {
    const found = { person: person('p1', 'Ada', []), score: 4, assets: ['a.ts', 'b.ts', 'c.ts', 'd.ts'] }
    expect(explainRelated(found)).toBe('Linked to 4 assets this is about: a.ts, b.ts, c.ts and 1 more.')
  })
})
