import { useState } from 'preact/hooks'
import type { ViewProps } from '../view-props.js'
import { ActionError } from '../action-error.js'

/**
 * Deletes an asset by id as another client would: its reads answer 410 and
 * its links go.
 *
 * @example
 * <AnotherClientSection connection={connection} act={act} />
 */
export function AnotherClientSection({ connection, act }: Pick<ViewProps, 'connection' | 'act'>) {
  const [assetId, setAssetId] = useState('')
  return (
    <section aria-label="another client">
      <h2>Another client</h2>
      <form
        class="cam-form"
        onSubmit={(event) => {
          event.preventDefault()
          act(() => connection.removeAsset(assetId.trim()), 'another client')
        }}
      >
        <input
          aria-label="asset id"
          placeholder="asset id"
          required
          value={assetId}
          onInput={(event) => setAssetId(event.currentTarget.value)}
        />
        <button type="submit">Delete the asset</button>
      </form>
      <ActionError scope="another client" />
      <p class="cam-note">
        As if another client deleted it: its reads answer 410 and its links go. An asset's page under Records has the
        same button.
      </p>
    </section>
  )
}
