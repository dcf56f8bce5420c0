// The page the browser tests load: it starts the mock the way an app would and
// hands the official client and the frame recorder to the test through `window`.
import * as pieces from '@pieces.app/pieces-os-client'
import { recordFrames, type ScenarioName } from 'conversation-asset-mock'
import { startBrowserMock } from 'conversation-asset-mock/browser'
import { createStore, get } from 'idb-keyval'

const params = new URLSearchParams(location.search)
const persist = params.get('persist') ?? undefined
const scenario = (params.get('scenario') ?? undefined) as ScenarioName | undefined
// What `persist` saved under a key, read where the mock keeps it.
const savedState = (key: string) => get<string>(key, createStore('conversation-asset-mock', 'state'))

const mock = await startBrowserMock({
  quiet: true,
  // ?inspector mounts its button; ?inspector=top-right puts it in that corner.
  inspector:
    params.has('inspector') && (params.get('inspector') ? { corner: params.get('inspector') as 'top-right' } : true),
  ...(persist && { persist }),
  ...(scenario && { scenario }),
})
Object.assign(window, { pieces, recordFrames, savedState, startBrowserMock, mockReady: true })
document.getElementById('status')!.textContent = `ready: ${mock.store.count('conversation')} conversations`
