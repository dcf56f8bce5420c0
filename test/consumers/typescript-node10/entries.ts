// TypeScript's `moduleResolution: "node"` (node10) reads no `exports` map: the package's `typesVersions` resolves
// each subpath entry to its declarations. Every `@ts-expect-error` below fails the check where a type is `any`
// (an entry that did not resolve), so a missing mapping cannot pass silently.
import { createMockService, type MockService } from 'conversation-asset-mock'
import { useMockServer, type UseMockServerOptions } from 'conversation-asset-mock/jest'
import { createMswAdapter } from 'conversation-asset-mock/msw'
import { setupMockServer, type MockServer } from 'conversation-asset-mock/node'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import type { BrowserMock } from 'conversation-asset-mock/browser'
import { Configuration, ConversationsApi } from '@pieces.app/pieces-os-client'

const service: MockService = createMockService({ seed: 1 })
const options: UseMockServerOptions = { seed: 2 }
const mock: MockServer = setupMockServer(options)
const api = new ConversationsApi(new Configuration({ basePath: mock.baseUrl }))
const started: Promise<StandaloneServer> = startStandaloneServer({ port: 0 })
const handlers: number = createMswAdapter(service).handlers.length
const browserUrl: (mock: BrowserMock) => string = (browser) => browser.baseUrl

// @ts-expect-error the root entry's types are real: createMockService takes an options object
createMockService(42)
// @ts-expect-error conversation-asset-mock/node's types are real
const noMember: unknown = setupMockServer().noSuchMember
// @ts-expect-error conversation-asset-mock/jest's types are real
useMockServer({ hooks: 1 })
// @ts-expect-error conversation-asset-mock/msw's types are real
const noAdapterMember: unknown = createMswAdapter(service).noSuchMember
// @ts-expect-error conversation-asset-mock/server's types are real
startStandaloneServer({ port: 'any' })
// @ts-expect-error conversation-asset-mock/browser's types are real
const missing: BrowserMock['noSuchMember'] = undefined

export { api, started, handlers, browserUrl, missing, noMember, noAdapterMember }
