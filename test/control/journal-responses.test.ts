import { describe, expect, it } from 'vitest'
import { createJournal } from '../../src/control/journal/journal.js'
import { requestRecord } from '../support/request-record.js'

const entry = (path: string) => requestRecord({ path })

describe("the journal's responses", () => {
  it('keeps the answer of each kept entry by id, and lets it go with its entry', () => {
    const journal = createJournal({ limit: 2 })
    journal.record(entry('/a'), { status: 204 })
    journal.record(entry('/b'), { status: 200, contentType: 'application/json', body: '{"b":1}' })
    journal.record(entry('/c'), { networkError: true })
    expect(journal.lastId).toBe(3)
    expect(journal.entry(1)).toBeUndefined()
    expect(journal.response(1)).toBeUndefined()
    expect(journal.entry(2)?.path).toBe('/b')
    expect(journal.response(2)).toEqual({
      status: 200,
      contentType: 'application/json',
      body: '{"b":1}',
      truncated: false,
    })
    expect(journal.response(3)).toEqual({ status: 0, truncated: false })
    journal.clear()
    expect(journal.response(3)).toBeUndefined()
    journal.record(entry('/d'), { status: 204 })
    expect(journal.lastId).toBe(4)
  })

  it('keeps the first 64 KiB of a long body, cut on a character, and says it was cut', () => {
    const journal = createJournal()
    journal.record(entry('/text'), { status: 200, contentType: 'text/plain', body: 'é'.repeat(70_000) })
    const text = journal.response(1)!
    expect(text.truncated).toBe(true)
    expect(text.body).toBe('é'.repeat(32 * 1024))
    journal.record(entry('/bytes'), { status: 200, body: new Uint8Array(100_000).fill(97) })
    const bytes = journal.response(2)!
    expect(bytes).toMatchObject({ truncated: true })
    expect(bytes.body).toHaveLength(64 * 1024)
  })

  it('lets the oldest bodies go once 8 MiB of them are kept', () => {
    const journal = createJournal()
    const body = 'x'.repeat(64 * 1024)
    for (let at = 0; at < 200; at++) journal.record(entry(`/${at}`), { status: 200, body })
    expect(journal.entries).toHaveLength(200)
    expect(journal.response(1)).toBeUndefined()
    expect(journal.response(200)?.body).toBe(body)
    const kept = Array.from({ length: 200 }, (_, at) => journal.response(at + 1)).filter(Boolean)
    expect(kept).toHaveLength(128)
  })

  it('tells its listeners of each entry with its id, and of clears, whatever one of them throws', () => {
    const journal = createJournal()
    const heard: Array<[string | undefined, number]> = []
    const errors: unknown[] = []
    const original = console.error
    console.error = (error: unknown) => errors.push(error)
    try {
      journal.subscribe(() => {
        throw new Error('broken listener')
      })
      const stop = journal.subscribe((kept, id) => heard.push([kept?.path, id]))
      journal.record(entry('/a'))
      journal.clear()
      stop()
      journal.record(entry('/b'))
    } finally {
      console.error = original
    }
    expect(heard).toEqual([
      ['/a', 1],
      [undefined, 1],
    ])
    expect(errors).toHaveLength(3)
    expect(journal.entries.map((kept) => kept.path)).toEqual(['/b'])
  })
})

describe("the journal's entries", () => {
  it('gives the same entry each time it is read, with the JSON body the client sent, and sizes a body by its text', () => {
    const journal = createJournal({ bytes: 1000 })
    journal.record({ ...entry('/create'), method: 'POST', bodyText: '{"name":"Kept"}' })
    const first = journal.entry(1)
    expect(journal.entries[0]).toBe(first)
    expect(journal.entry(1)).toBe(first)
    expect(first?.body).toEqual({ name: 'Kept' })
    expect({ ...first }).toMatchObject({ path: '/create', body: { name: 'Kept' } })
    expect(journal.bytes).toBe(256 + '/create'.length + '{"name":"Kept"}'.length)
    // A second entry of 700 bytes of body takes the journal past 1000 bytes: the first is let go.
    journal.record({ ...entry('/second'), method: 'POST', bodyText: `"${'x'.repeat(698)}"` })
    expect(journal.entry(1)).toBeUndefined()
    expect(journal.entry(2)?.body).toBe('x'.repeat(698))
  })

  it('counts a query by its names as well as its values, so long names cannot fill it unaccounted', () => {
    const journal = createJournal()
    journal.record({ ...entry('/q'), query: { ['n'.repeat(100)]: 'v', a: 'bc' } })
    expect(journal.bytes).toBe(256 + '/q'.length + 100 + 1 + 1 + 2)
  })
})
