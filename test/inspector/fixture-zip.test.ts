import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { FIXTURE_ZIP_FOLDER, fixtureZipToState, stateToFixtureZip } from '../../src/inspector/steering/fixture-zip.js'
import { readFixtureDirectory, writeFixtureDirectory } from '../../src/seeding/fixture-directory.js'
import { FIXTURE_FILES } from '../../src/seeding/fixture-files.js'
import { startCli, stopAll, urlOf } from '../cli/cli-process.js'
import { send, statusOf } from '../reliability/in-process.js'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fixture-zip-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))
afterEach(stopAll)

/** A mock whose state is not the fixtures' any more: a conversation deleted, an asset renamed. */
async function changedMock() {
  const mock = createMockService()
  await mock.ready
  const [conversation] = mock.store.all('conversation')
  const [asset] = mock.store.all('asset')
  expect(statusOf(await send(mock, 'POST', `/conversations/${conversation!.id}/delete`))).toBe(204)
  await mock.store.write((tx) => tx.update('asset', asset!.id, (draft) => void (draft.name = 'Renamed in the test')))
  return { mock, deleted: conversation!.id, renamed: asset!.id }
}

/** Writes a zip's files under `into`, as unzip would. */
async function unzipTo(zip: Uint8Array, into: string): Promise<void> {
  for (const [path, bytes] of Object.entries(unzipSync(zip))) {
    await mkdir(dirname(join(into, path)), { recursive: true })
    await writeFile(join(into, path), bytes)
  }
}

describe('the state as a zipped fixtures directory', () => {
  it('comes back as the same records and tombstones when the exported zip is imported into another mock', async () => {
    const { mock, deleted } = await changedMock()
    const zip = stateToFixtureZip(mock.inspection.exportState())

    const other = createMockService({ scenario: 'empty' })
    await other.ready
    await other.inspection.importState(fixtureZipToState(zip))
    expect(other.snapshot()).toEqual(mock.snapshot())
    expect(other.store.isGone('conversation', deleted)).toBe(true)
  })

  it('holds one folder with the files "fixtures --out" writes, byte for byte, and the deleted ids beside them', async () => {
    const { mock, deleted } = await changedMock()
    const files = unzipSync(stateToFixtureZip(mock.inspection.exportState()))
    const written = join(dir, 'written')
    await writeFixtureDirectory(written, mock.snapshot().records)
    const names = [...Object.values(FIXTURE_FILES), 'tombstones.json'].map((file) => `${FIXTURE_ZIP_FOLDER}/${file}`)
    expect(Object.keys(files).sort()).toEqual(names.sort())
    for (const file of Object.values(FIXTURE_FILES)) {
      expect(Buffer.from(files[`${FIXTURE_ZIP_FOLDER}/${file}`]!).toString()).toBe(
        await readFile(join(written, file), 'utf8'),
      )
    }
    const tombstones = JSON.parse(Buffer.from(files[`${FIXTURE_ZIP_FOLDER}/tombstones.json`]!).toString())
    expect(tombstones.conversation).toEqual([deleted])
    expect(tombstones).toEqual(
      Object.fromEntries(Object.entries(mock.snapshot().gone).filter(([, ids]) => ids.length > 0)),
    )
  })

  it('unzips to a directory the fixtures loader reads and the CLI serves with --fixtures', async () => {
    const { mock, renamed } = await changedMock()
    const into = join(dir, 'unzipped')
    await unzipTo(stateToFixtureZip(mock.inspection.exportState()), into)
    const fixtures = join(into, FIXTURE_ZIP_FOLDER)

    const loaded = createMockService({ fixtures: await readFixtureDirectory(fixtures) })
    await loaded.ready
    expect(loaded.snapshot().records).toEqual(mock.snapshot().records)

    const cli = startCli(['--port', '0', '--quiet', '--fixtures', fixtures])
    const url = urlOf(await cli.nextLine((line) => line.includes(' ready on ')))
    const served = await (await fetch(`${url}/conversations/identifiers`)).json()
    expect(served.iterable).toHaveLength(mock.store.count('conversation'))
    const asset = await (await fetch(`${url}/asset/${renamed}`)).json()
    expect(asset.name).toBe('Renamed in the test')
  }, 30_000)

  it('imports a fixtures directory zipped by hand: files at the top, no tombstones, other files ignored', async () => {
    const { mock } = await changedMock()
    const { records } = mock.snapshot()
    const zip = zipSync({
      ...Object.fromEntries(
        Object.entries(FIXTURE_FILES).map(([kind, file]) => [
          file,
          strToU8(JSON.stringify(records[kind as keyof typeof records])),
        ]),
      ),
      '__MACOSX/._conversations.json': strToU8('not json'),
      'README.txt': strToU8('notes'),
    })
    const other = createMockService({ scenario: 'empty' })
    await other.ready
    await other.inspection.importState(fixtureZipToState(zip))
    expect(other.snapshot().records).toEqual(records)
    expect(Object.values(other.snapshot().gone).flat()).toEqual([])
  })
})

describe('a zip that is not a fixtures directory', () => {
  const refusal = (zip: Uint8Array) => {
    try {
      fixtureZipToState(zip)
    } catch (error) {
      return (error as Error).message
    }
    throw new Error('Failed to test the refusal: the zip was taken.')
  }

  it('is refused with what is wrong and what to do', () => {
    expect(refusal(strToU8('{"format":"conversation-asset-mock/state"}'))).toMatch(
      /^Failed to import the state: it is not a zip archive that can be read .*Pick a \.zip that Export saved\.$/,
    )
    expect(refusal(zipSync({ 'notes.txt': strToU8('x') }))).toBe(
      'Failed to import the state: it holds none of the fixture files (conversations.json, assets.json, …). Zip a fixtures directory.',
    )
    expect(refusal(zipSync({ 'a/assets.json': strToU8('[]'), 'b/tags.json': strToU8('[]') }))).toContain(
      'it holds fixture files in two folders ("a/" and "b/")',
    )
    expect(refusal(zipSync({ 'assets.json': strToU8('[{') }))).toMatch(/assets\.json is not JSON \(/)
    expect(refusal(zipSync({ 'assets.json': strToU8('{}') }))).toContain('assets.json is not a list of records')
    expect(refusal(zipSync({ 'assets.json': strToU8('[]'), 'tombstones.json': strToU8('["x"]') }))).toContain(
      'tombstones.json is not a list of ids per kind',
    )
  })

  it('is refused past 200 entries, before any is unpacked', () => {
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`junk/${index}.txt`, strToU8('')]))
    expect(refusal(zipSync({ ...many, 'assets.json': strToU8('[]') }))).toBe(
      'Failed to import the state: it holds more than 200 files. Import a smaller state.',
    )
  })

  it('is refused when its fixture files would unpack past 128 MiB, whatever its own size (a zip bomb)', () => {
    const zip = zipSync({ 'assets.json': strToU8('[]') })
    // The central directory's entry says 129 MiB uncompressed: nothing is inflated into that.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
    const central = view.getUint32(zip.byteLength - 22 + 16, true)
    view.setUint32(central + 24, 129 * 1024 * 1024, true)
    expect(refusal(zip)).toBe(
      'Failed to import the state: its fixture files hold more than 128 MiB. Import a smaller state.',
    )
  })

  it('whose records are not valid is refused by the mock, naming the record, and changes nothing', async () => {
    const mock = createMockService()
    await mock.ready
    const before = mock.snapshot()
    const state = fixtureZipToState(zipSync({ 'conversations.json': strToU8('[{"id": 3}]') }))
    await expect(async () => mock.inspection.importState(state)).rejects.toThrow(
      /^Failed to load the persisted state in the imported state: /,
    )
    expect(mock.snapshot()).toEqual(before)
  })
})
