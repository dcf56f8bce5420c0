import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkDrift } from '../../src/replay/drift/check-drift.js'
import { fixturesFromHar } from '../../src/replay/har/fixtures-from-har.js'
import { openHarFile } from '../../src/replay/har/har-source.js'

const file = new URL('../fixtures/devtools-session.har', import.meta.url)
const ASSET = '0a0a0a0a-0000-4000-8000-000000000011'

describe('a HAR saved by the browser developer tools', () => {
  it('imports the records of its service answers, base64 bodies included, and skips the page, its script and the preflight', async () => {
    const imported = await fixturesFromHar(await openHarFile(fileURLToPath(file)))
    expect(imported.skipped).toBe(3)
    expect(imported.fixtures.asset?.map((asset) => asset.id)).toEqual([ASSET])
    expect(imported.fixtures.format?.every((format) => format.asset === ASSET)).toBe(true)
    expect(imported.fixtures.conversation?.map((conversation) => conversation.name)).toEqual(['Ask about debounce'])
    expect(imported.fixtures.tag).toHaveLength(10)
  })

  it('drops and reports the links to records the recording never fetched', async () => {
    const imported = await fixturesFromHar(await openHarFile(fileURLToPath(file)))
    const textProcessing = imported.fixtures.tag?.find((tag) => tag.text === 'text-processing')
    expect(textProcessing?.assets).toEqual([ASSET])
    expect(imported.dropped).toContainEqual({
      kind: 'tag',
      id: textProcessing?.id,
      field: 'assets',
      target: '0a0a0a0a-0000-4000-8000-000000000003',
      record: false,
    })
    expect(imported.dropped.every((link) => link.target !== ASSET)).toBe(true)
  })

  it('replays against the mock with no differences', async () => {
    const report = await checkDrift(await openHarFile(fileURLToPath(file)))
    expect(report.differences).toEqual([])
    expect(report.replayed).toBe(4)
  })
})
