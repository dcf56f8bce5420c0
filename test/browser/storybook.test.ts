import { access } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveDirectory, type TestPage } from './build-test-page.js'
import { launchChromium } from './launch-chromium.js'

// The built Storybook example (npm run test:browser builds it first), opened story by story.
const staticDir = fileURLToPath(new URL('../../examples/storybook/storybook-static/', import.meta.url))

let site: TestPage
let browser: Browser

beforeAll(async () => {
  await access(`${staticDir}iframe.html`).catch(() => {
    throw new Error(
      'Failed to find the built Storybook example: run `npm run test:browser`, which builds examples/storybook first.',
    )
  })
  site = await serveDirectory(staticDir)
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

async function openStory(id: string): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(`${site.url}/iframe.html?id=${id}&viewMode=story`)
  return page
}

describe('the Storybook example on the mock (msw-storybook-addon)', () => {
  it('renders the conversation list from the fixtures', async () => {
    const page = await openStory('conversations-conversationlist--default')
    await page.waitForFunction(
      () => document.querySelectorAll('ul[aria-label="conversations"] li').length === 8,
      undefined,
      {
        timeout: 15_000,
      },
    )
    await page.getByRole('button').first().click()
    await page.waitForSelector('section[aria-label="messages"] article')
    expect(await page.locator('section[aria-label="messages"] article').count()).toBeGreaterThanOrEqual(2)
    await page.close()
  })

  it('renders the empty scenario', async () => {
    const page = await openStory('conversations-conversationlist--empty')
    await page.waitForSelector('text=No conversations yet.', { timeout: 15_000 })
    await page.close()
  })

  it('shows a conversation arriving over the identifier stream', async () => {
    const page = await openStory('conversations-conversationlist--arriving-over-the-stream')
    await page.waitForSelector('text=Arrived over the stream', { timeout: 15_000 })
    expect(await page.locator('ul[aria-label="conversations"] li').count()).toBe(9)
    await page.close()
  })

  it('shows the snippet, and the deleted state when the asset is gone (410)', async () => {
    const page = await openStory('assets-assetcard--default')
    await page.waitForSelector('article h3', { timeout: 15_000 })
    await page.close()
    const gone = await openStory('assets-assetcard--gone')
    await gone.waitForSelector('text=This snippet was deleted.', { timeout: 15_000 })
    await gone.close()
  })

  it('streams a copilot reply into the chat story and stores it in the conversation', async () => {
    const page = await openStory('conversations-chat--streaming-reply')
    const reply = page.locator('output[aria-label="reply"]')
    // The pace is 40 ms a chunk: the reply is seen part-way before it completes.
    await page.waitForSelector('output[aria-label="reply"][data-status="IN-PROGRESS"]', { timeout: 15_000 })
    await page.waitForSelector('output[aria-label="reply"][data-status="COMPLETED"]', { timeout: 15_000 })
    const answer = (await reply.textContent()) ?? ''
    expect(answer).toContain('```')
    await page.waitForFunction(
      (text) =>
        [...document.querySelectorAll('article[data-role="ASSISTANT"] pre')].some((pre) => pre.textContent === text),
      answer,
      { timeout: 15_000 },
    )
    expect(await page.locator('article[data-role="USER"]').last().textContent()).toContain('debounce')
    await page.close()
  })
})
