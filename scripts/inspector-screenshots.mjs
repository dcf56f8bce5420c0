// Takes the README's screenshots of the inspector (docs/inspector-*.png) in headless Chromium,
// driven as the browser suite drives it (playwright-core and Debian's chromium, see
// scripts/ensure-chromium.sh): the page of the standalone server at /__mock/ui, and the panel
// that startBrowserMock({ inspector: true }) mounts over an app's page. The mock's clock is
// frozen so the texts come out the same on every run. Each at a desktop's size and, for the
// page, a phone's (docs/inspector-phone-*.png).
// Usage: npm run screenshots:inspector (builds first)
import { createServer } from 'node:http'
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AssetApi, Configuration, ConversationApi, ConversationsApi } from '@pieces.app/pieces-os-client'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { WebSocket } from 'ws'
import { startStandaloneServer } from '../dist/server/index.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const docs = join(root, 'docs')
const NOW = '2024-06-14T09:30:00.000Z'
const VIEWPORT = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

/** The standalone server's page: the records of a conversation, then the journal of some traffic. */
async function standalonePage() {
  const server = await startStandaloneServer({ port: 0 })
  const socket = new WebSocket(server.streamUrls.conversations)
  try {
    server.service.clock.freeze(NOW)
    const configuration = new Configuration({ basePath: server.url })
    const conversations = new ConversationsApi(configuration)
    const [first, second] = (await conversations.conversationsSnapshot({})).iterable
    await new ConversationApi(configuration).conversationGetSpecificConversation({ conversation: first.id })
    await new ConversationApi(configuration).conversationGetSpecificConversation({ conversation: second.id })
    await new AssetApi(configuration).assetSnapshot({ asset: first.assets.iterable[0].id })
    await conversations.conversationsCreateSpecificConversation({
      seededConversation: { type: 'COPILOT', name: 'Plan the release notes' },
    })
    server.service.faults.add({ operation: 'conversationsSnapshot', status: 503, times: 1 })
    await conversations.conversationsSnapshot({}).catch(() => undefined)
    await fetch(`${server.url}/asset/0000-unknown`)

    const page = await browser.newPage({ viewport: VIEWPORT })
    await page.goto(`${server.url}/__mock/ui`)
    await page.locator('ul[aria-label="records"] button', { hasText: first.name }).click()
    await page.locator('[aria-label="wire form"]').waitFor()
    await page.screenshot({ path: join(docs, 'inspector-page-records.png') })

    await page.locator('nav button', { hasText: 'Journal' }).click()
    await page.locator('[aria-label="journal"] [role="option"][data-status="503"]').click()
    await page.locator('[aria-label="response"]').waitFor()
    await page.locator('input[aria-label="verify operation"]').fill('conversationGetSpecificConversation')
    await page.locator('input[aria-label="verify times"]').fill('3')
    await page.locator('section[aria-label="verify"] button[type="submit"]').click()
    await page.locator('pre[aria-label="verify result"]').waitFor()
    await page.screenshot({ path: join(docs, 'inspector-page-journal.png') })
    await page.close()

    const phone = await browser.newPage({ viewport: PHONE })
    await phone.goto(`${server.url}/__mock/ui`)
    await phone.locator('nav button', { hasText: 'Journal' }).click()
    await phone.locator('[aria-label="journal"] [role="option"][data-status="503"]').waitFor()
    await phone.screenshot({ path: join(docs, 'inspector-phone-journal.png') })
    await phone.locator('nav button', { hasText: 'Steering' }).click()
    await phone.locator('section[aria-label="faults"]').waitFor()
    await phone.screenshot({ path: join(docs, 'inspector-phone-steering.png') })
    await phone.close()
  } finally {
    socket.close()
    await server.close()
  }
}

/** A small app on the browser mock with the inspector panel open over it, on its streams. */
async function appPanel() {
  const out = join(root, '.tmp', 'inspector-screenshots')
  await rm(out, { recursive: true, force: true })
  await mkdir(out, { recursive: true })
  await build({
    stdin: { contents: APP, resolveDir: root, sourcefile: 'app.ts', loader: 'ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    outdir: out,
    entryNames: 'app',
    conditions: ['browser'],
    logLevel: 'silent',
  })
  const require = createRequire(import.meta.url)
  await copyFile(
    join(require.resolve('msw/package.json'), '../lib/mockServiceWorker.js'),
    join(out, 'mockServiceWorker.js'),
  )
  const site = await serve(
    out,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Snippets app</title></head>
<body style="margin:0;font:15px system-ui,sans-serif;background:#f6f7fb"><main id="app" style="padding:24px 32px">Loading…</main>
<script type="module" src="/app.js"></script></body></html>`,
  )
  try {
    const page = await browser.newPage({ viewport: VIEWPORT })
    await page.goto(site.url)
    await page.locator('#app li').first().waitFor()
    await page.locator('button[aria-label="Open the conversation-asset-mock inspector"]').click()
    await page.evaluate(async () => {
      const mock = window.conversationAssetMock
      mock.clock.freeze('2024-06-14T09:30:00.000Z')
      await window.createConversation('Draft the onboarding email')
    })
    await page.locator('nav button', { hasText: 'Streams' }).click()
    await page.locator('table[aria-label="frames"] tr').nth(2).waitFor()
    await page.screenshot({ path: join(docs, 'inspector-panel.png') })
    await page.close()
  } finally {
    await site.close()
  }
}

/** Serves a folder on 127.0.0.1, with `index` at `/`. */
async function serve(folder, index) {
  const types = { '.js': 'text/javascript', '.map': 'application/json' }
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (path === '/') return response.writeHead(200, { 'content-type': 'text/html' }).end(index)
    try {
      const body = await readFile(join(folder, decodeURIComponent(path).replace(/^\/+/, '')))
      response.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

// The app behind the panel: a conversation list kept live over the identifier stream.
const APP = `
import { Configuration, ConversationsApi } from '@pieces.app/pieces-os-client'
import { startBrowserMock } from 'conversation-asset-mock/browser'

const mock = await startBrowserMock({ quiet: true, inspector: true })
const api = new ConversationsApi(new Configuration({ basePath: mock.baseUrl }))
const app = document.getElementById('app')
async function draw() {
  const { iterable } = await api.conversationsSnapshot({})
  app.innerHTML = '<h1 style="font-size:22px">Your conversations</h1><ul style="line-height:1.9">' +
    iterable.map((c) => '<li>' + c.name + ' <small style="color:#6a7383">' + c.updated.readable + '</small></li>').join('') + '</ul>'
}
const socket = new WebSocket(mock.streamUrls.conversations)
socket.addEventListener('message', () => void draw())
window.createConversation = (name) => api.conversationsCreateSpecificConversation({ seededConversation: { type: 'COPILOT', name } })
`

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
await mkdir(docs, { recursive: true })
try {
  await standalonePage()
  await appPanel()
} finally {
  await browser.close()
}
