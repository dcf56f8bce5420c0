// The inspector: the gzip size of its bundle (dist/inspector/inspector.js, Preact included), and
// the time from navigation to its first draw of records at /__mock/ui on the `large` scenario
// (500 conversations, 200 assets), in headless Chromium (the browser suite's, see
// scripts/ensure-chromium.sh). Reports ready-made table rows; without Chromium, only the size.
import { access, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { median } from '../lib/stats.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'

const { rounds = 5 } = sectionOptions()
const BUDGET_BYTES = 40_000
const DRAW_TARGET_MS = 1000
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// The package's own built bundle, wherever this leg installed it.
const bundle = await readFile(
  fileURLToPath(new URL('../inspector/inspector.js', import.meta.resolve('conversation-asset-mock/server'))),
)
const gzipBytes = gzipSync(bundle).byteLength
progress(`inspector: ${(bundle.byteLength / 1000).toFixed(1)} kB, ${(gzipBytes / 1000).toFixed(1)} kB gzip`)
const rows = [
  {
    figure: `inspector bundle, gzip (${(bundle.byteLength / 1000).toFixed(1)} kB minified, Preact included)`,
    value: `${(gzipBytes / 1000).toFixed(1)} kB`,
    target: '≤ 40 kB',
    met: gzipBytes <= BUDGET_BYTES ? 'yes' : 'no',
  },
]

const draws = []
if (
  await access(chromiumPath).then(
    () => true,
    () => false,
  )
) {
  const server = await startStandaloneServer({ port: 0, scenario: 'large' })
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    // The flags of test/browser/launch-chromium.ts.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  try {
    // One unmeasured round warms the server's caches and Chromium, as a second visit would.
    for (let round = 0; round <= rounds; round++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      await page.goto(`${server.url}/__mock/ui`)
      const handle = await page.waitForFunction(
        () => performance.getEntriesByName('inspector-drawn')[0]?.startTime,
        undefined,
        {
          timeout: 30_000,
        },
      )
      const drawnMs = await handle.jsonValue()
      const listed = await page.locator('ul[aria-label="records"] li').count()
      if (listed === 0)
        throw new Error(
          'Failed to measure the inspector: it drew no records. Open /__mock/ui on the large scenario to see why.',
        )
      if (round > 0) draws.push(drawnMs)
      await context.close()
    }
  } finally {
    await browser.close()
    await server.close()
  }
  const drawMs = median(draws)
  progress(`inspector: first draw on large ${drawMs.toFixed(0)} ms (median of ${draws.length})`)
  rows.push({
    figure: `inspector /__mock/ui first draw of records, large scenario (Chromium, median of ${draws.length})`,
    value: `${drawMs.toFixed(0)} ms`,
    target: `< ${DRAW_TARGET_MS} ms`,
    met: drawMs < DRAW_TARGET_MS ? 'yes' : 'no',
  })
} else {
  rows.push({
    figure: 'inspector first draw (large scenario)',
    value: `skipped: no Chromium at ${chromiumPath}`,
    target: '< 1000 ms',
    met: '',
  })
}

report({ gzipBytes, minifiedBytes: bundle.byteLength, drawsMs: draws, rows })
