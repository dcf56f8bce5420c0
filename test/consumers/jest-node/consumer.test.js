// CommonJS, as most Jest suites are: Jest's default mode, no --experimental-vm-modules.
const { recordFrames } = require('conversation-asset-mock')
const { setupMockServer } = require('conversation-asset-mock/node')
const scenario = require('../scenario.cjs')

describe('the mock in Jest with testEnvironment node', () => {
  const mock = setupMockServer()
  const given = { mock, expect, recordFrames }
  beforeAll(() => mock.listen())
  afterAll(() => mock.close())

  it('answers conversation requests', () => scenario.readsConversations(given))
  it('sends one identifier frame naming a conversation just created', () => scenario.hearsACreate(given))
  it('streams a scripted copilot answer', () => scenario.hearsTheCopilot(given))
})
