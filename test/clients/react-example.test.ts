import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime } from '../events/stream-runtimes.js'
import { clientReplay, firstWordOf, type ClientReplay } from './replay.js'

/*
 * Pieces' React example (pieces-app/example-typescript): its start-up
 * (the snippet list, connect, the activity list) and every screen that calls
 * the service: search, login and logout, preview, create, rename, delete, and
 * the copilot screen through pieces-copilot-sdk's PiecesClient.
 */

type Json = Record<string, unknown>
interface AssetView {
  id: string
  name: string
  original: { reference: { classification: { specific: string } } }
}

describe.each(streamRuntimes)("Pieces' React example, $name", ({ start }) => {
  let mock: StreamRuntime
  let app: ClientReplay

  /** refreshSnippetList: every asset by id, name and specific classification. */
  async function snippets() {
    const assets = await app.read<{ iterable: AssetView[] }>('assetsSnapshot', 'GET', '/assets', 'Assets')
    for (const asset of assets.iterable) {
      expect(typeof asset.name).toBe('string')
      expect(typeof asset.original.reference.classification.specific).toBe('string')
    }
    return assets.iterable
  }

  beforeAll(async () => {
    mock = await start({ copilotPaceMs: 0 })
  })
  beforeEach(() => {
    app = clientReplay(mock)
  })
  afterEach(async () => {
    for (const socket of app.sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('starts: lists the snippets, connects, and renders every activity that names an asset', async () => {
    expect((await snippets()).length).toBeGreaterThan(0)
    await app.read('connect', 'POST', '/connect', 'Context', {
      body: { application: { name: 'UNKNOWN', version: '0.0.1', platform: 'MACOS' } },
    })
    const activities = await app.read<{ iterable: Array<{ asset?: { name?: string }; event: { asset?: Json } }> }>(
      'activitiesSnapshot',
      'GET',
      '/activities',
      'Activities',
    )
    const shown = activities.iterable.filter((activity) => activity.asset != null)
    expect(shown.length).toBeGreaterThan(0)
    for (const activity of shown) {
      // WorkflowActivity reads activity.asset.name and activity.event.asset.identifierDescriptionPair (wire: identifier_description_pair).
      expect(activity.event.asset, JSON.stringify(activity.event)).toBeDefined()
      expect(activity.event.asset!.identifier_description_pair).toBeDefined()
    }
  })

  it('search shows the name of the first full-text match', async () => {
    const target = (await snippets())[0]!
    const found = await app.read<{ iterable: Array<{ identifier: string }> }>(
      'fullTextSearch',
      'GET',
      '/search/full_text',
      'SearchedAssets',
      {
        query: { query: firstWordOf(target.name) },
      },
    )
    expect(found.iterable.length).toBeGreaterThan(0)
    const match = await app.read<{ name: string }>(
      'assetSnapshot',
      'GET',
      `/asset/${found.iterable[0]!.identifier}`,
      'Asset',
    )
    expect(typeof match.name).toBe('string')
  })

  it('login shows the signed-in user name; logout signs out', async () => {
    const user = await app.read<{ name?: string }>('signIntoOS', 'POST', '/os/sign_in', 'UserProfile')
    expect(typeof user.name).toBe('string')
    await app.read('signOutOfOS', 'POST', '/os/sign_out', 'Users')
    expect((await app.read('userSnapshot', 'GET', '/user', 'ReturnedUserProfile')).user).toBeUndefined()
  })

  it('preview, create, rename and delete change the snippet list', async () => {
    const [first] = await snippets()
    await app.read('assetSnapshot', 'GET', `/asset/${first!.id}`, 'Asset')
    const context = await app.read<{ application: Json }>('connect', 'POST', '/connect', 'Context', {
      body: { application: { name: 'UNKNOWN', version: '0.0.1', platform: 'MACOS' } },
    })
    const created = await app.read<{ id: string }>('assetsCreateNewAsset', 'POST', '/assets/create', 'Asset', {
      body: {
        type: 'SEEDED_ASSET',
        asset: {
          application: context.application,
          format: { fragment: { string: { raw: 'const a = 1' } } },
          metadata: { name: 'From React' },
        },
      },
    })
    const renamed = (await snippets()).find((asset) => asset.id === created.id)!
    await app.read('assetUpdate', 'POST', '/asset/update', 'Asset', { body: { ...renamed, name: 'Renamed in React' } })
    expect((await snippets()).find((asset) => asset.id === created.id)!.name).toBe('Renamed in React')
    await app.call('assetsDeleteAsset', 'POST', `/assets/${created.id}/delete`)
    expect((await snippets()).map((asset) => asset.id)).not.toContain(created.id)
  })

  it("the copilot screen's PiecesClient creates a conversation, prompts it and reads its messages back", async () => {
    const conversation = await app.read<{ id: string }>(
      'conversationsCreateSpecificConversation',
      'POST',
      '/conversations/create',
      'Conversation',
      {
        body: {
          name: 'New Conversation',
          pipeline: { conversation: { contextualized_code_dialog: {} } },
          type: 'COPILOT',
        },
      },
    )
    // promptConversation: read the conversation, store the question, ask, store the answer.
    await app.read('conversationGetSpecificConversation', 'GET', `/conversation/${conversation.id}`, 'Conversation')
    await app.read('messagesCreateSpecificMessage', 'POST', '/messages/create', 'ConversationMessage', {
      body: {
        role: 'USER',
        fragment: { string: { raw: 'How do I sort an array?' } },
        conversation: { id: conversation.id },
      },
    })
    const answer = await app.read<{ answers: { iterable: Array<{ text: string }> } }>(
      'question',
      'POST',
      '/qgpt/question',
      'QGPTQuestionOutput',
      {
        body: {
          query: 'How do I sort an array?',
          pipeline: { conversation: { contextualized_code_dialog: {} } },
          relevant: { iterable: [] },
        },
      },
    )
    const text = answer.answers.iterable[0]!.text
    await app.read('messagesCreateSpecificMessage', 'POST', '/messages/create', 'ConversationMessage', {
      body: { role: 'ASSISTANT', fragment: { string: { raw: text } }, conversation: { id: conversation.id } },
    })
    // getConversation with its raw messages, as the screen shows them.
    const read = await app.read<{ messages: { indices?: Record<string, number> } }>(
      'conversationGetSpecificConversation',
      'GET',
      `/conversation/${conversation.id}`,
      'Conversation',
    )
    const raws: string[] = []
    for (const id of Object.keys(read.messages.indices ?? {})) {
      const message = await app.read<{ fragment?: { string?: { raw?: string } } }>(
        'messageSpecificMessageSnapshot',
        'GET',
        `/message/${id}`,
        'ConversationMessage',
      )
      raws.push(message.fragment?.string?.raw ?? '')
    }
    expect(raws).toEqual(expect.arrayContaining(['How do I sort an array?', text]))
    const all = await app.read<{ iterable: Array<{ id: string }> }>(
      'conversationsSnapshot',
      'GET',
      '/conversations',
      'Conversations',
    )
    expect(all.iterable.map((item) => item.id)).toContain(conversation.id)
  })
})
