// Appends: POST /messages/create (in-process, through the service's route() and answer(), as every runtime calls
// them) into a conversation of 30k messages against one of 1k, as time per append. An append whose cost does not
// depend on the conversation's size gives about 1; one that copies the conversation's message list gives about 30.
// Paired rounds; each round appends a batch of messages to a store restored to the conversation as generated.
import { createMockService } from 'conversation-asset-mock'
import { pairedRounds, ratioRow, sideMedian } from '../lib/paired.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'

const { quick = false, small = 1000, large = 30_000, batch = 50, capSeconds = 60 } = sectionOptions()

const sides = {}
for (const [name, messages] of [
  ['mock', large],
  ['baseline', small],
]) {
  const service = createMockService({
    generate: { seed: 17, assets: 0, conversations: 1, messages: { min: messages, max: messages } },
  })
  await service.ready
  const [conversation] = service.store.all('conversation')
  if (conversation.messages.length !== messages) {
    throw new Error(
      `Failed to set up the append bench: the conversation has ${conversation.messages.length} messages, not ${messages}. Check generateFixtures' messages option.`,
    )
  }
  const body = JSON.stringify({
    conversation: { id: conversation.id },
    role: 'USER',
    fragment: { string: { raw: 'Hi' } },
  })
  sides[name] = { service, messages, snapshot: service.snapshot(), body }
}

const path = '/messages/create'
progress(
  `appends: ${batch} messages into a conversation of ${large.toLocaleString('en')} vs ${small.toLocaleString('en')}`,
)
const paired = await pairedRounds({
  quick,
  capSeconds,
  warmUp: true,
  measure: async (name) => {
    const { service, messages, snapshot, body } = sides[name]
    await service.restore(snapshot)
    const route = service.route('POST', path)
    const append = async () => {
      const result = await service.answer(route, { method: 'POST', path, query: new URLSearchParams(), body })
      if ('networkError' in result || result.status !== 200)
        throw new Error(
          `Failed to append to a conversation of ${messages} messages: status ${result.status}. Check the create route.`,
        )
    }
    // The first write after a restore rebuilds what the restore let go (the read cache, kept wire forms): not timed.
    await append()
    const started = performance.now()
    for (let sent = 0; sent < batch; sent++) await append()
    const ms = performance.now() - started
    return { ms, msPerAppend: ms / batch }
  },
  ratios: { perAppend: (m, b) => m.msPerAppend / b.msPerAppend },
})

const rows = [
  ratioRow(
    `append a message to a conversation of ${large.toLocaleString('en')} messages ÷ one of ${small.toLocaleString('en')}, time per append`,
    paired,
    'perAppend',
    { atMost: 1.5, text: '≤ 1.5 (constant: 1)' },
    `${sideMedian(paired.mock, 'msPerAppend').toFixed(2)} vs ${sideMedian(paired.baseline, 'msPerAppend').toFixed(2)} ms per append`,
  ),
]
await report({ rows, data: { small, large, batch, ...paired } })
