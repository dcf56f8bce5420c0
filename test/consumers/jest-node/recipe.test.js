// docs/test-runners.md's Jest recipe, as written there (with msw's Babel recipe in package.json and babel.config.json).
const { Configuration, ConversationsApi } = require('@pieces.app/pieces-os-client')
const { useMockServer } = require('conversation-asset-mock/jest')

const mock = useMockServer() // listens before all tests, resets after each, closes after all

it('lists the conversations of the embedded fixtures', async () => {
  const api = new ConversationsApi(new Configuration({ basePath: mock.baseUrl }))
  const { iterable } = await api.conversationsSnapshot({})
  expect(iterable).toHaveLength(8)
  mock.verify({ operation: 'conversationsSnapshot', times: 1 })
})

it('answers a fault once, then as before', async () => {
  mock.faults.add({ operation: 'conversationsSnapshot', status: 500, times: 1 })
  const api = new ConversationsApi(new Configuration({ basePath: mock.baseUrl }))
  const failed = await api.conversationsSnapshot({}).catch((error) => error)
  expect(await failed.response.text()).toBe('Injected fault fault-1 on conversationsSnapshot.')
  expect((await api.conversationsSnapshot({})).iterable).toHaveLength(8)
})
