import type { ViewProps } from '../view-props.js'
import { ActionError } from '../action-error.js'
import { download } from '../download.js'
import {
  FIXTURE_ZIP_FOLDER,
  MAX_FIXTURE_ZIP_BYTES,
  fixtureZipToState,
  isZip,
  stateToFixtureZip,
} from './fixture-zip.js'

/**
 * The whole state exported as a zipped fixtures directory (or the single
 * JSON file `persist` keeps) and imported from either.
 *
 * @example
 * <StateSection {...props} />
 */
export function StateSection({ connection, act }: ViewProps) {
  return (
    <>
      <h3>The whole state</h3>
      <div class="cam-form">
        <button
          class="cam-btn"
          onClick={() =>
            act(async () => {
              const zip = stateToFixtureZip(await connection.exportState())
              download(
                new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
                `${FIXTURE_ZIP_FOLDER}.zip`,
              )
            }, 'state')
          }
        >
          Export state (.zip)
        </button>
        <button
          class="cam-btn"
          onClick={() =>
            act(async () => {
              const text = await connection.exportState()
              download(new Blob([text], { type: 'application/json' }), `${FIXTURE_ZIP_FOLDER}.json`)
            }, 'state')
          }
        >
          Export as JSON
        </button>
        <label class="cam-file">
          Import state…
          <input
            type="file"
            accept=".zip,application/zip,.json,application/json"
            onChange={(event) => {
              const input = event.currentTarget
              const file = input.files?.[0]
              if (!file) return
              act(async () => {
                input.value = ''
                await connection.importState(await stateText(file))
              }, 'state')
            }}
          />
        </label>
      </div>
      <ActionError scope="state" />
      <p class="cam-note">
        The zip unzips to a fixtures directory (<code>npm start -- --fixtures {FIXTURE_ZIP_FOLDER}</code>), its deleted
        ids in <code>tombstones.json</code>; the JSON is the file <code>persist</code> keeps. Import either here or in
        another mock.
      </p>
    </>
  )
}

/** The state text of a file picked for import: a zipped fixtures directory, or the JSON as it is. */
async function stateText(file: File): Promise<string> {
  if (file.size > MAX_FIXTURE_ZIP_BYTES) {
    throw new Error(
      `Failed to import the state: the file holds more than ${MAX_FIXTURE_ZIP_BYTES / 1024 / 1024} MiB. Import a smaller state.`,
    )
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  return isZip(bytes) ? fixtureZipToState(bytes) : new TextDecoder().decode(bytes)
}
