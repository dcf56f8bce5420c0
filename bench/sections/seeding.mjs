// Seeding 10k assets + 10k conversations from the generator: generate,
// createMockService, await ready; and the heap it costs per stored record.
import { createMockService } from '../../dist/index.js'
import { generateFixtures } from '../../dist/fixtures/generate-fixtures.js'
import { collectGarbage, countRecords, median } from '../lib/stats.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'

const { assets = 10_000, conversations = 10_000, rounds = 3 } = sectionOptions()
const runs = []
for (let round = 0; round < rounds; round++) {
  collectGarbage()
  const heapBefore = process.memoryUsage().heapUsed
  const started = performance.now()
  let fixtures = generateFixtures({ seed: 42 + round, assets, conversations })
  const generated = performance.now()
  const service = createMockService({ fixtures })
  const created = performance.now()
  await service.ready
  const ready = performance.now()
  const records = countRecords(fixtures)
  fixtures = undefined
  collectGarbage()
  const heapAfter = process.memoryUsage().heapUsed
  runs.push({
    records,
    generateMs: generated - started,
    createMs: created - generated,
    readyMs: ready - created,
    totalMs: ready - started,
    bytesPerRecord: (heapAfter - heapBefore) / records,
  })
  progress(`seeding: run ${round + 1}/${rounds}: ${(ready - started).toFixed(0)} ms`)
  service.close()
}
const pick = (key) => median(runs.map((run) => run[key]))
report({
  assets,
  conversations,
  records: runs[0].records,
  firstRunMs: runs[0].totalMs,
  totalMs: pick('totalMs'),
  generateMs: pick('generateMs'),
  createMs: pick('createMs'),
  readyMs: pick('readyMs'),
  bytesPerRecord: runs[0].bytesPerRecord,
  runs,
})
