import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { serializeState } from '../../src/persistence/persisted-state.js'
import { parseStateFileText } from './state-file-text.js'

const at = '2024-05-01T12:00:00.000Z'
const tag = (n: number) => ({ id: `t${n}`, text: `tag ${n}`, created: at, updated: at })

describe('a damaged --persist state file', () => {
  let dir: string
  let file: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-damaged-'))
    file = join(dir, 'state.json')
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  /** Writes a state file holding tags t0…t(count-1) through a server, and gives its lines. */
  async function savedLines(count: number): Promise<string[]> {
    const server = await startStandaloneServer({ port: 0, persist: file, scenario: 'empty' })
    await server.service.store.write((tx) => {
      for (let n = 0; n < count; n++) tx.insert('tag', tag(n) as never)
    })
    await server.close()
    return (await readFile(file, 'utf8')).split('\n')
  }

  /** Starts a server on the file; gives the tags it loaded and what it said. */
  async function load(): Promise<{ tags: string[]; said: string }> {
    const said: string[] = []
    const server = await startStandaloneServer({ port: 0, persist: file, warn: (line) => said.push(line) })
    try {
      const tags = server.service.store.snapshot().records.tag?.map((record) => record.id) ?? []
      return { tags: tags.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))), said: said.join('\n') }
    } finally {
      await server.close()
    }
  }

  const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, n) => `t${from + n}`)

  it('loads every record before and after a line that is not JSON, and names that line', async () => {
    const lines = await savedLines(10)
    const line = lines.findIndex((text) => text.includes('"t4"'))
    lines[line] = lines[line]!.slice(0, 25) + '\u0000garbage'
    const damaged = lines.join('\n')
    await writeFile(file, damaged)
    const { tags, said } = await load()
    expect(tags).toEqual([...ids(0, 4), ...ids(5, 10)])
    expect(said).toContain(`skipped ${file} line ${line + 1}: it is not JSON`)
    expect(await readFile(`${file}.damaged`, 'utf8')).toBe(damaged)
    // Written anew with what could be read: the next start says nothing.
    expect(parseStateFileText(await readFile(file, 'utf8')).records.tag).toHaveLength(9)
    expect((await load()).said).toBe('')
  })

  it('loads every record after a damaged header line, and names it', async () => {
    const lines = await savedLines(6)
    lines[0] = lines[0]!.slice(0, 20)
    await writeFile(file, lines.join('\n'))
    const { tags, said } = await load()
    expect(tags).toEqual(ids(0, 6))
    expect(said).toContain(`skipped ${file} line 1: it is not the header of a state file`)
  })

  it('loads every record before the cut of a file cut short, and says it was cut', async () => {
    const text = (await savedLines(10)).join('\n')
    await writeFile(file, text.slice(0, text.indexOf('"t7"') + 10))
    const { tags, said } = await load()
    expect(tags).toEqual(ids(0, 7))
    expect(said).toMatch(/line \d+: it is not JSON/)
    expect(said).toMatch(/ends without its end line: it was cut short/)
  })

  it('loads a file of the previous version (one JSON text) and rewrites it a line per record', async () => {
    await writeFile(file, serializeState({ records: { tag: ids(0, 5).map((_, n) => tag(n)) as never }, gone: {} }))
    const { tags, said } = await load()
    expect(tags).toEqual(ids(0, 5))
    expect(said).toBe('')
    const saved = parseStateFileText(await readFile(file, 'utf8'))
    expect(saved.version).toBe(2)
    expect(saved.records.tag).toHaveLength(5)
  })

  it('loads the records before the cut of a previous-version file cut short, and a record past a damaged one', async () => {
    const text = serializeState({ records: { tag: ids(0, 8).map((_, n) => tag(n)) as never }, gone: {} })
    const broken = text.replace('"id":"t2"', '"id":"t2"!').slice(0, text.indexOf('"t6"') + 10)
    await writeFile(file, broken)
    const { tags, said } = await load()
    expect(tags).toEqual(['t0', 't1', 't3', 't4', 't5'])
    expect(said).toMatch(/records\.tag\[2\] at byte \d+: it is not JSON/)
    expect(said).toMatch(/ends at byte \d+ inside records\.tag\[6\]: it was cut short/)
    expect(await readdir(dir)).toContain('state.json.damaged')
  })
})
