// docs/test-runners.md's vitest browser mode recipe, as written there: this file runs in Chromium's page.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Configuration, ConversationsApi } from '@pieces.app/pieces-os-client'
import { startBrowserMock, type BrowserMock } from 'conversation-asset-mock/browser'

let mock: BrowserMock
beforeAll(async () => {
  mock = await startBrowserMock({ quiet: true, expose: false })
})
afterAll(() => mock.stop())

it('answers the official client in the page', async () => {
  const api = new ConversationsApi(new Configuration({ basePath: mock.baseUrl }))
  const { iterable } = await api.conversationsSnapshot({})
  expect(iterable).toHaveLength(8)
})
