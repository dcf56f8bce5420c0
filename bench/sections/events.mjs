// A store change to its identifier frame in-process: store.write() to the
// hub client's send callback, with the default fixtures and with 10k conversations.
import { createMockService } from 'conversation-asset-mock'
import { plainRow } from '../lib/paired.mjs'
import { median } from '../lib/stats.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'

import { generateFixtures } from 'conversation-asset-mock'

const { writes = 500 } = sectionOptions()
const results = []
for (const [label, fixtures] of [
  ['embedded fixtures', undefined],
  ['10k conversations', generateFixtures({ seed: 3, assets: 10_000, conversations: 10_000 })],
]) {
  const service = createMockService(fixtures ? { fixtures } : {})
  await service.ready
  const ids = [...service.store.all('conversation')].map((conversation) => conversation.id)
  let waiting
  service.streams
    .find((stream) => stream.name === 'conversations')
    .open({
      send(frame) {
        if (waiting && frame.includes(waiting.id)) waiting.resolve(performance.now())
      },
      close() {},
    })
  const latencies = []
  for (let i = 0; i < writes + 50; i++) {
    const id = ids[(i * 7919) % ids.length]
    const arrived = new Promise((resolve) => (waiting = { id, resolve }))
    const started = performance.now()
    void service.store.write((tx) => tx.update('conversation', id, (draft) => void (draft.name = `Renamed ${i}`)))
    const at = await arrived
    if (i >= 50) latencies.push(at - started)
  }
  results.push({
    fixtures: label,
    writes,
    medianMs: median(latencies),
    p95Ms: latencies.sort((a, b) => a - b)[Math.floor(latencies.length * 0.95)],
  })
  progress(`events: ${label}: ${median(latencies).toFixed(3)} ms`)
  service.close()
}
const rows = results.map((result) =>
  plainRow(
    `store.write → identifier frame, in-process (${result.fixtures})`,
    `${result.medianMs.toFixed(3)} ms median`,
    '< 1 ms',
    result.medianMs < 1 ? 'yes' : 'no',
  ),
)
await report({ rows, data: { results } })
