// CommonJS, as most Jest suites are: Jest's default mode, no --experimental-vm-modules. useMockServer() of
// conversation-asset-mock/jest registers Jest's beforeAll/beforeEach/afterEach/afterAll for the mock.
const { recordFrames } = require('conversation-asset-mock')
const { useMockServer } = require('conversation-asset-mock/jest')
const scenario = require('../scenario.cjs')

describe('the mock in Jest with testEnvironment node', () => {
  const mock = useMockServer()
  const given = { mock, expect, recordFrames }

  it('answers conversation requests', () => scenario.readsConversations(given))
  it('answers the official client', () => scenario.readsThroughTheClient(given))
  it('sends one identifier frame naming a conversation just created', () => scenario.hearsACreate(given))
  it('streams a scripted copilot answer', () => scenario.hearsTheCopilot(given))
  it('has reset the records after each test', () => scenario.hasResetAfterEach(given))
})
