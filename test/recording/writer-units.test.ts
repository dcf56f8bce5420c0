import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkDrift } from '../../src/replay/drift/check-drift.js'
import { indexHar, type HarIndex } from '../../src/replay/har/har-index.js'
import { harText, openHarFile } from '../../src/replay/har/har-source.js'

/** The same copilot session as Chrome's developer tools save it (message times in seconds) and as Playwright's `recordHar` does (in milliseconds). */
const chrome = fileURLToPath(new URL('hars/chrome-copilot.har', import.meta.url))
const playwright = fileURLToPath(new URL('hars/playwright-copilot.har', import.meta.url))

describe('WebSocket message times of each HAR writer', () => {
  it('reads message times in seconds from a HAR saved by Chrome', async () => {
    const index = await indexHar(await openHarFile(chrome))
    expect(index.messageTimes).toBe('seconds')
  })

  it('reads message times in milliseconds from a HAR of Playwright', async () => {
    const index = await indexHar(await openHarFile(playwright))
    expect(index.messageTimes).toBe('milliseconds')
  })

  it.each([
    ['Chrome', chrome],
    ['Playwright', playwright],
  ])('replays the copilot session %s saved with no differences', async (_, file) => {
    // The copilot's answer is generated from the seed: the recorded service ran with seed 7.
    const report = await checkDrift(await openHarFile(file), { seed: 7 })
    expect(report.differences).toEqual([])
    expect(report.replayed).toBe(5)
  })

  it('gives the same times from both writers', async () => {
    const fromChrome = await indexHar(await openHarFile(chrome))
    const fromPlaywright = await indexHar(await openHarFile(playwright))
    const sends = (index: HarIndex) =>
      index.exchanges.flatMap((exchange) =>
        exchange.type === 'stream' ? exchange.sends.map((send) => Math.round(send.at)) : [],
      )
    expect(sends(fromPlaywright)).toEqual(sends(fromChrome))
    expect(sends(fromChrome)[0]).toBeGreaterThan(Date.parse('2020-01-01'))
  })

  it('refuses message times in neither unit, naming the entry, its request and the field', async () => {
    const har = JSON.parse(await readFile(chrome, 'utf8')) as {
      log: { entries: Array<{ _webSocketMessages?: Array<{ time: number }> }> }
    }
    const stream = har.log.entries.findIndex((entry) => entry._webSocketMessages !== undefined)
    for (const message of har.log.entries[stream]!._webSocketMessages!) message.time = 12.5
    await expect(indexHar(harText(JSON.stringify(har), 'relative.har'))).rejects.toThrow(
      `Failed to read the HAR "relative.har" at entry ${stream} (GET /qgpt/stream), field "_webSocketMessages[0].time": 12.5 is neither seconds nor milliseconds since the epoch within a day of the entry's start`,
    )
  })
})
