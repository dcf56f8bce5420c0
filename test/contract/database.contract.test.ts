import { Configuration, DatabaseApi, ExportedDatabaseToJSON, TagsApi } from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PERSISTED_FORMAT } from '../../src/persistence/persisted-format.js'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * The database export is the whole store as a `--persist` state file; an
 * import brings it back, and anything else is refused with what was wrong,
 * changing nothing.
 */

describe.each(runtimes)('database export and import through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  const database = () => new DatabaseApi(new Configuration({ basePath: mock.baseUrl }))
  const tags = () => new TagsApi(new Configuration({ basePath: mock.baseUrl }))

  beforeAll(async () => {
    mock = await start()
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  it('exports the store as a state file and brings it back on import, a deletion since undone', async () => {
    const { value } = await callAndCheck(database().databaseExportRaw(), 'ExportedDatabase', ExportedDatabaseToJSON)
    const [file] = value.values.iterable
    expect(file?.id).toBe(PERSISTED_FORMAT)
    const text = new TextDecoder().decode(Uint8Array.from(file!.raw))
    expect(JSON.parse(text)).toMatchObject({ format: PERSISTED_FORMAT })
    const before = JSON.stringify(mock.store.snapshot().records)

    const [tag] = (await tags().tagsSnapshot({})).iterable
    await tags().tagsDeleteSpecificTag({ tag: tag!.id })
    await database().databaseImport({ exportedDatabase: value })
    expect(JSON.stringify(mock.store.snapshot().records)).toBe(before)
    expect(mock.store.get('tag', tag!.id)).toBeDefined()
  })

  it('refuses an export of another format with a clear message, changing nothing', async () => {
    const exported = await database().databaseExport()
    const before = JSON.stringify(mock.store.snapshot())
    const other = { ...exported, values: { iterable: [{ id: 'sqlite', raw: [1, 2, 3] }] } }
    const refused = await failure(database().databaseImport({ exportedDatabase: other }))
    expect(refused.text).toContain('not an export of this mock')
    const broken = {
      ...exported,
      values: { iterable: [{ id: PERSISTED_FORMAT, raw: Array.from(new TextEncoder().encode('{"format":"x"}')) }] },
    }
    const notState = await failure(database().databaseImport({ exportedDatabase: broken }))
    expect(notState.text).toContain('nothing was changed')
    expect(JSON.stringify(mock.store.snapshot())).toBe(before)
  })
})
