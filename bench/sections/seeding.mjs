// Seeding 10k assets + 10k conversations from the generator, two ways, alternating:
// createMockService({ generate }) (the generator's lists loaded as they are), and
// createMockService({ fixtures: generateFixtures(…) }) (every record and link validated,
// as any fixtures a caller hands over); plus the heap each stored record costs.
import { createMockService } from 'conversation-asset-mock'
import { plainRow } from '../lib/paired.mjs'
import { collectGarbage, countRecords, median } from '../lib/stats.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'

import { generateFixtures } from 'conversation-asset-mock'

const { assets = 10_000, conversations = 10_000, rounds = 3 } = sectionOptions()
const generated = []
const validated = []
for (let round = 0; round < rounds; round++) {
  const options = { seed: 42 + round, assets, conversations }

  collectGarbage()
  const heapBefore = process.memoryUsage().heapUsed
  let started = performance.now()
  let service = createMockService({ generate: options })
  await service.ready
  const generatedMs = performance.now() - started
  const records = countRecords(service.snapshot().records)
  collectGarbage()
  generated.push({
    totalMs: generatedMs,
    records,
    bytesPerRecord: (process.memoryUsage().heapUsed - heapBefore) / records,
  })
  service.close()
  service = undefined
  collectGarbage()

  started = performance.now()
  let fixtures = generateFixtures(options)
  const generateMs = performance.now() - started
  service = createMockService({ fixtures })
  const createMs = performance.now() - started - generateMs
  await service.ready
  validated.push({ totalMs: performance.now() - started, generateMs, createMs })
  service.close()
  // Let go here: a suspended module keeps the last values of its locals, and the next round's
  // heap figure would count this round's records as already there.
  service = undefined
  fixtures = undefined
  progress(
    `seeding: run ${round + 1}/${rounds}: ${generatedMs.toFixed(0)} ms generated, ${validated.at(-1).totalMs.toFixed(0)} ms validated`,
  )
}
const pick = (runs, key) => median(runs.map((run) => run[key]))
const seeding = {
  assets,
  conversations,
  records: generated[0].records,
  totalMs: pick(generated, 'totalMs'),
  bytesPerRecord: pick(generated, 'bytesPerRecord'),
  validatedMs: pick(validated, 'totalMs'),
  validatedGenerateMs: pick(validated, 'generateMs'),
  validatedCreateMs: pick(validated, 'createMs'),
  generated,
  validated,
}
const fixed = (value, digits = 0) => value.toFixed(digits)
const rows = [
  plainRow(
    `seed ${assets / 1000}k assets + ${conversations / 1000}k conversations (${seeding.records} records): createMockService({ generate })`,
    `${fixed(seeding.totalMs)} ms`,
    '< 1000 ms',
    seeding.totalMs < 1000 ? 'yes' : 'no',
  ),
  plainRow(
    '  the same records as fixtures, every record and link validated',
    `${fixed(seeding.validatedMs)} ms (generate ${fixed(seeding.validatedGenerateMs)}, validate ${fixed(seeding.validatedCreateMs)}, load ${fixed(seeding.validatedMs - seeding.validatedGenerateMs - seeding.validatedCreateMs)})`,
  ),
  plainRow('  heap per stored record', `${fixed(seeding.bytesPerRecord)} B`),
]
await report({ rows, data: seeding })
