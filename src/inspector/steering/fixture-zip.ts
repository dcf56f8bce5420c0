import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate'
import { PERSISTED_FORMAT, PERSISTED_VERSION } from '../../persistence/persisted-format.js'
import { FIXTURE_FILES } from '../../seeding/fixture-files.js'

/** The folder an exported zip holds its files in: unzipped, the fixtures directory to serve. */
export const FIXTURE_ZIP_FOLDER = 'conversation-asset-mock-state'
/** The file beside the fixtures that keeps the deleted ids (fixtures have none; the loader ignores it). */
const TOMBSTONES_FILE = 'tombstones.json'
/** At most this many entries in a zip to import, folders and other files included. */
const MAX_ENTRIES = 200
/** At most this many bytes, uncompressed, in the fixture files of a zip to import. */
export const MAX_FIXTURE_ZIP_BYTES = 128 * 1024 * 1024

type Records = Record<string, unknown[]>
/** A zip past the bounds: said as it is, not as an unreadable zip. */
class TooLarge extends Error {}
type Tombstones = Record<string, unknown[]>

/**
 * The whole state (the text `GET /__mock/state` answers) as a zip laid out
 * like a fixtures directory: one folder, one JSON file per record kind named
 * as `fixtures --out` names them and written as it writes them, and
 * `tombstones.json` with the ids deleted, which the fixtures loader ignores.
 *
 * @example
 * const zip = stateToFixtureZip(await connection.exportState())
 */
export function stateToFixtureZip(stateText: string): Uint8Array {
  const state = JSON.parse(stateText) as { records?: Records; gone?: Tombstones }
  const files: Zippable = {}
  for (const [kind, file] of Object.entries(FIXTURE_FILES)) {
    files[`${FIXTURE_ZIP_FOLDER}/${file}`] = strToU8(`${JSON.stringify(state.records?.[kind] ?? [], null, 2)}\n`)
  }
  const gone = Object.fromEntries(Object.entries(state.gone ?? {}).filter(([, ids]) => ids.length > 0))
  files[`${FIXTURE_ZIP_FOLDER}/${TOMBSTONES_FILE}`] = strToU8(`${JSON.stringify(gone, null, 2)}\n`)
  return zipSync(files)
}

/**
 * Tells a zip archive from other bytes by its first four.
 *
 * @example
 * isZip(new Uint8Array(await file.arrayBuffer())) // true for a .zip
 */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && bytes[3] === bytes[2] + 1
}

/**
 * A zipped fixtures directory (as {@link stateToFixtureZip} writes it, or
 * zipped by hand, in a folder or not) as the state text `POST /__mock/state`
 * takes: the records of each fixture file, the ids of `tombstones.json`.
 * Bounded: at most 200 entries and 128 MiB of fixture files uncompressed.
 * Throws, naming the file at fault, for anything else; the records
 * themselves are checked by the mock when the state is imported.
 *
 * @example
 * await connection.importState(fixtureZipToState(new Uint8Array(await file.arrayBuffer())))
 */
export function fixtureZipToState(zip: Uint8Array): string {
  const files = unzipFixtureFiles(zip)
  const byName = new Map<string, Uint8Array>()
  let folder: string | undefined
  for (const [path, bytes] of Object.entries(files)) {
    const slash = path.lastIndexOf('/')
    const [dir, name] = [path.slice(0, slash + 1), path.slice(slash + 1)]
    if (folder !== undefined && folder !== dir)
      refuse(`it holds fixture files in two folders ("${folder}" and "${dir}")`, 'Zip one fixtures directory.')
    folder = dir
    byName.set(name, bytes)
  }
  if (byName.size === 0)
    refuse('it holds none of the fixture files (conversations.json, assets.json, …)', 'Zip a fixtures directory.')
  const records: Records = {}
  for (const [kind, file] of Object.entries(FIXTURE_FILES)) {
    const bytes = byName.get(file)
    if (bytes) records[kind] = parseList(file, bytes)
  }
  const tombstones = byName.get(TOMBSTONES_FILE)
  const gone = tombstones ? parseTombstones(tombstones) : {}
  return JSON.stringify({ format: PERSISTED_FORMAT, version: PERSISTED_VERSION, seq: 0, records, gone })
}

/** The fixture files of a zip (any folder; macOS's resource forks left out), within the bounds. */
function unzipFixtureFiles(zip: Uint8Array): Record<string, Uint8Array> {
  const wanted = new Set([...Object.values(FIXTURE_FILES), TOMBSTONES_FILE])
  let entries = 0
  let bytes = 0
  try {
    return unzipSync(zip, {
      filter({ name, originalSize }) {
        if (++entries > MAX_ENTRIES) throw new TooLarge(`it holds more than ${MAX_ENTRIES} files`)
        const base = name.slice(name.lastIndexOf('/') + 1)
        if (!wanted.has(base) || name.startsWith('__MACOSX/')) return false
        bytes += originalSize
        if (bytes > MAX_FIXTURE_ZIP_BYTES)
          throw new TooLarge(`its fixture files hold more than ${MAX_FIXTURE_ZIP_BYTES / 1024 / 1024} MiB`)
        return true
      },
    })
  } catch (error) {
    if (error instanceof TooLarge) refuse(error.message, 'Import a smaller state.')
    refuse(`it is not a zip archive that can be read (${(error as Error).message})`, 'Pick a .zip that Export saved.')
  }
}

function parseList(file: string, bytes: Uint8Array): unknown[] {
  const list = parseJson(file, bytes)
  if (!Array.isArray(list)) refuse(`${file} is not a list of records`, 'Write each fixture file as a JSON array.')
  return list
}

function parseTombstones(bytes: Uint8Array): Tombstones {
  const gone = parseJson(TOMBSTONES_FILE, bytes)
  const valid =
    typeof gone === 'object' && gone !== null && !Array.isArray(gone) && Object.values(gone).every(Array.isArray)
  if (!valid)
    refuse(`${TOMBSTONES_FILE} is not a list of ids per kind`, 'Write it as { "asset": ["id", …] }, or leave it out.')
  return gone as Tombstones
}

function parseJson(file: string, bytes: Uint8Array): unknown {
  try {
    return JSON.parse(strFromU8(bytes)) as unknown
  } catch (error) {
    return refuse(`${file} is not JSON (${(error as Error).message})`, 'Fix the file, or export the state again.')
  }
}

function refuse(problem: string, fix: string): never {
  throw new Error(`Failed to import the state: ${problem}. ${fix}`)
}
