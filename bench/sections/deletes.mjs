// Deletes: POST /conversations/{id}/delete (in-process, through the service's
// route() and answer(), as every runtime calls them) of a conversation of 10k messages against one of 1k,
// as time per message. A delete linear in what it removes gives about 1.
// Paired rounds; each delete runs on a store restored to the conversation whole.
import { createMockService } from 'conversation-asset-mock'
import { pairedRounds, ratioRow, sideMedian } from '../lib/paired.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'

const { quick = false, small = 1000, large = 10_000, capSeconds = 60 } = sectionOptions()

const sides = {}
for (const [name, messages] of [
  ['mock', large],
  ['baseline', small],
]) {
  const service = createMockService({
    generate: { seed: 13, assets: 0, conversations: 1, messages: { min: messages, max: messages } },
  })
  await service.ready
  const [conversation] = service.store.all('conversation')
  if (conversation.messages.length !== messages) {
    throw new Error(
      `Failed to set up the delete bench: the conversation has ${conversation.messages.length} messages, not ${messages}. Check generateFixtures' messages option.`,
    )
  }
  sides[name] = { service, messages, snapshot: service.snapshot(), id: conversation.id }
}

progress(`deletes: a conversation of ${large.toLocaleString('en')} messages vs ${small.toLocaleString('en')}`)
const paired = await pairedRounds({
  quick,
  capSeconds,
  // Each run is long enough (tens of ms to seconds) that the code is compiled early in the first.
  warmUp: false,
  measure: async (name) => {
    const { service, messages, snapshot, id } = sides[name]
    await service.restore(snapshot)
    const started = performance.now()
    const path = `/conversations/${encodeURIComponent(id)}/delete`
    const result = await service.answer(service.route('POST', path), {
      method: 'POST',
      path,
      query: new URLSearchParams(),
      body: '',
    })
    const ms = performance.now() - started
    if ('networkError' in result || result.status !== 204)
      throw new Error(
        `Failed to delete a conversation of ${messages} messages: status ${result.status}. Check the delete route.`,
      )
    return { ms, usPerMessage: (ms * 1000) / messages }
  },
  ratios: { perMessage: (m, b) => m.usPerMessage / b.usPerMessage },
})

const rows = [
  ratioRow(
    `delete a conversation of ${large.toLocaleString('en')} messages ÷ one of ${small.toLocaleString('en')}, time per message`,
    paired,
    'perMessage',
    { atMost: 1.5, text: '≤ 1.5 (linear: 1)' },
    `${sideMedian(paired.mock, 'ms').toFixed(0)} vs ${sideMedian(paired.baseline, 'ms').toFixed(1)} ms, ${sideMedian(paired.mock, 'usPerMessage').toFixed(0)} vs ${sideMedian(paired.baseline, 'usPerMessage').toFixed(0)} µs per message`,
  ),
]
await report({ rows, data: { small, large, ...paired } })
