// The page the browser tests load: it starts the mock the way an app would and
// hands the official client and the frame recorder to the test through `window`.
import * as pieces from '@pieces.app/pieces-os-client'
import { recordFrames } from 'conversation-asset-mock'
import { startBrowserMock } from 'conversation-asset-mock/browser'

const params = new URLSearchParams(location.search)
const persist = params.get('persist') ?? undefined

const mock = await startBrowserMock({ quiet: true, inspector: params.has('inspector'), ...(persist && { persist }) })
Object.assign(window, { pieces, recordFrames, mockReady: true })
document.getElementById('status')!.textContent = `ready: ${mock.store.count('conversation')} conversations`
