// The copilot stream: time to the first chunk and chunks per second of a
// scripted answer of 200 chunks at pace 0, through the service's /qgpt/stream
// endpoint (in process, as every transport calls it), against a baseline that
// sends the same 200 frames with the same pacing (a timer between chunks) and
// nothing else: no question stored, no answer stored, no hub. Paired rounds.
import { createMockService } from 'conversation-asset-mock'
import { pairedRounds, ratioRow, sideMedian } from '../lib/paired.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'

const { quick = false, chunks: count = 200, capSeconds = 30 } = sectionOptions()
const CHUNKS = Array.from({ length: count }, (_, index) => `chunk ${String(index).padStart(4, '0')} `)
const QUESTION = JSON.stringify({ question: { query: 'How do I debounce?', relevant: { iterable: [] } } })

const service = createMockService()
await service.ready
const endpoint = service.streams.find((stream) => stream.name === 'qgpt')

/** Asks once; resolves with the time to the first chunk and the whole answer, in ms. */
function askMock() {
  return new Promise((resolve) => {
    const started = performance.now()
    let first
    service.copilot.reply({ chunks: CHUNKS })
    const session = endpoint.open({
      send(frame) {
        const { status } = JSON.parse(frame)
        if (status === 'IN-PROGRESS' && first === undefined) first = performance.now() - started
        if (status === 'COMPLETED') {
          session.leave()
          resolve({ firstMs: first, totalMs: performance.now() - started })
        }
      },
      close() {},
    })
    session.receive(QUESTION)
  })
}

/** The same frames with the same pacing and nothing else. */
async function askBaseline() {
  const started = performance.now()
  let first
  const conversation = 'conversation'
  for (const text of CHUNKS) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    const frame = JSON.stringify({
      request: 'r',
      conversation,
      status: 'IN-PROGRESS',
      question: { answers: { iterable: [{ score: 1, text }] } },
    })
    JSON.parse(frame)
    if (first === undefined) first = performance.now() - started
  }
  JSON.parse(JSON.stringify({ request: 'r', conversation, status: 'COMPLETED' }))
  return { firstMs: first, totalMs: performance.now() - started }
}

progress(`copilot: a scripted answer of ${count} chunks, mock vs the same frames alone`)
const paired = await pairedRounds({
  quick,
  capSeconds,
  warmUp: true,
  measure: async (name) => {
    const result = name === 'mock' ? await askMock() : await askBaseline()
    return { ...result, chunksPerSecond: (count * 1000) / result.totalMs }
  },
  ratios: { rate: (m, b) => m.chunksPerSecond / b.chunksPerSecond },
})
await service.reset()

const rows = [
  ratioRow(
    `copilot stream: chunks per second of a scripted ${count}-chunk answer ÷ the same frames alone`,
    paired,
    'rate',
    undefined,
    `${thousandsOf(sideMedian(paired.mock, 'chunksPerSecond'))} vs ${thousandsOf(sideMedian(paired.baseline, 'chunksPerSecond'))} chunks/s; first chunk after ${sideMedian(paired.mock, 'firstMs').toFixed(2)} vs ${sideMedian(paired.baseline, 'firstMs').toFixed(2)} ms`,
  ),
]
await report({ rows, data: { chunks: count, ...paired } })

function thousandsOf(value) {
  return Math.round(value).toLocaleString('en')
}
