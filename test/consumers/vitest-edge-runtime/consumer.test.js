import { recordFrames } from 'conversation-asset-mock'
import { setupMockServer } from 'conversation-asset-mock/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import scenario from '../scenario.cjs'

describe('the mock in vitest with environment edge-runtime', () => {
  const mock = setupMockServer()
  const given = { mock, expect, recordFrames }
  beforeAll(() => mock.listen())
  afterAll(() => mock.close())

  it('runs in the edge runtime', () => expect(globalThis.EdgeRuntime).toBe('edge-runtime'))
  it('answers conversation requests', () => scenario.readsConversations(given))
  it('answers the official client', () => scenario.readsThroughTheClient(given))
  it('sends one identifier frame naming a conversation just created', () => scenario.hearsACreate(given))
  it('streams a scripted copilot answer', () => scenario.hearsTheCopilot(given))
})
