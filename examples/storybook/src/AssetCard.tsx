import type { Asset } from '@pieces.app/pieces-os-client'
import { useEffect, useState } from 'react'
import { assetApi } from './client'

type State =
  { kind: 'loading' } | { kind: 'ready'; asset: Asset } | { kind: 'gone' } | { kind: 'error'; status: number }

/** Shows one snippet: its name, language and code, or that it was deleted (410). */
export function AssetCard({ id }: { id: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' })

  useEffect(() => {
    assetApi
      .assetSnapshot({ asset: id })
      .then((asset) => setState({ kind: 'ready', asset }))
      .catch((error: { response?: Response }) => {
        const status = error.response?.status ?? 0
        setState(status === 410 ? { kind: 'gone' } : { kind: 'error', status })
      })
  }, [id])

  if (state.kind === 'loading') return <p>Loading snippet…</p>
  if (state.kind === 'gone') return <p role="alert">This snippet was deleted.</p>
  if (state.kind === 'error') return <p role="alert">Could not load the snippet ({state.status}).</p>
  const format = state.asset.original.reference
  return (
    <article style={{ fontFamily: 'system-ui', border: '1px solid #ccc', borderRadius: 8, padding: 16, maxWidth: 640 }}>
      <h3>{state.asset.name}</h3>
      <p>{format?.classification.specific}</p>
      <pre>{format?.fragment?.string?.raw}</pre>
    </article>
  )
}
