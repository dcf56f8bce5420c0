import { Configuration, OSApi, OllamaApi, UserApi } from '@pieces.app/pieces-os-client'
import type * as PiecesClient from '@pieces.app/pieces-os-client'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeFindings } from './axe.js'
import { buildTestPage, type TestPage } from './build-test-page.js'
import { focusLandsOn } from './focus.js'
import { launchChromium } from './launch-chromium.js'

// The inspector's Machine tab, on the standalone page and in the panel over an app: each part
// readable, kept current as the part changes, set from the keyboard, at a desktop's size and a
// phone's, in both themes, with no serious accessibility findings.

declare global {
  interface Window {
    pieces: typeof PiecesClient
  }
}

const LIVE = { timeout: 15_000 }
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const
const THEMES = ['light', 'dark'] as const
const PAGE_HOST = '#inspector'
const PANEL_HOST = '#conversation-asset-mock-inspector'

let browser: Browser
let context: BrowserContext | undefined
let site: TestPage

beforeAll(async () => {
  ;[browser, site] = await Promise.all([launchChromium(), buildTestPage()])
}, 60_000)
afterAll(async () => {
  await Promise.all([browser?.close(), site?.close()])
})
afterEach(async () => {
  await context?.close()
  context = undefined
})

/** The inspector page of `server` on its Machine tab, its parts drawn. */
async function openMachineTab(
  server: StandaloneServer,
  size: { readonly width: number; readonly height: number },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  // axe-core is added as a script: the page's content security policy would refuse it.
  context = await browser.newContext({ viewport: size, bypassCSP: true, colorScheme })
  const page = await context.newPage()
  await page.goto(`${server.url}/__mock/ui`)
  await page.locator('[role="tab"]:text-is("Machine")').click()
  await page.locator('section[aria-label="settings"]').waitFor(LIVE)
  return page
}

/** How far the widest view's content runs past its box, sideways (0 when all of it fits). */
const sidewaysOverflow = (page: Page, host: string) =>
  page.evaluate((host) => {
    const root = document.querySelector(host)!.shadowRoot!
    const boxes = [document.documentElement, ...root.querySelectorAll('.cam-main, .cam-col')]
    return Math.max(0, ...boxes.map((box) => box.scrollWidth - box.clientWidth))
  }, host)

/** A control plane call whose answer is read whole; answers its status. */
async function control(server: StandaloneServer, path: string, body: unknown): Promise<number> {
  const response = await fetch(`${server.url}/__mock${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  })
  await response.text()
  return response.status
}

const autoboot = (scope: Page | Locator) => scope.locator('[role="switch"]', { hasText: 'autoboot' })

describe('the Machine tab of the inspector page', () => {
  let server: StandaloneServer

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0, downloadPaceMs: 200 })
  })
  afterAll(() => server?.close())

  it('shows the Ollama installer installed once an install through the official OllamaApi completes', async () => {
    expect(await control(server, '/machine/installers/ollama', { installed: null })).toBe(200)
    const page = await openMachineTab(server, SIZES[0])
    const status = page.locator('[aria-label="ollama status"]')
    await status.filter({ hasText: 'Not installed · latest 0.6.5' }).waitFor(LIVE)

    const deployment = await new OllamaApi(new Configuration({ basePath: server.url })).ollamaInstall()
    expect(deployment.status).not.toBe('COMPLETED')
    await status.filter({ hasText: 'Installed 0.6.5 · latest 0.6.5' }).waitFor(LIVE)
    await page
      .locator('ul[aria-label="ollama deployments"] li')
      .first()
      .filter({ hasText: 'install to 0.6.5: COMPLETED, 100 %' })
      .waitFor(LIVE)
  }, 60_000)

  it('turns autoboot from the keyboard, and OSApi and GET /os/settings read the new value', async () => {
    const os = new OSApi(new Configuration({ basePath: server.url }))
    const before = (await os.osSettingsSnapshot()).autoboot
    const page = await openMachineTab(server, SIZES[1])
    await expect.poll(() => autoboot(page).getAttribute('aria-checked'), LIVE).toBe(String(before))

    // From the selected tab, the first stop in the view is the switch; Space turns it.
    await page.locator('[role="tab"][aria-selected="true"]').focus()
    await page.keyboard.press('Tab')
    await focusLandsOn(page, PAGE_HOST, 'autoboot')
    await page.keyboard.press('Space')
    await expect.poll(() => autoboot(page).getAttribute('aria-checked'), LIVE).toBe(String(!before))
    await focusLandsOn(page, PAGE_HOST, 'autoboot')

    expect((await os.osSettingsSnapshot()).autoboot).toBe(!before)
    const wire = await fetch(`${server.url}/os/settings`).then((response) => response.json())
    expect((wire as { autoboot: boolean }).autoboot).toBe(!before)
  }, 60_000)

  it('shows the OS state a test scripts (permissions, update status) and follows it as it changes', async () => {
    const page = await openMachineTab(server, SIZES[0])
    const osState = page.locator('section[aria-label="os state"]')
    await osState.filter({ hasText: 'Vision granted, accessibility granted.' }).waitFor(LIVE)
    await osState.filter({ hasText: 'Update: up to date.' }).waitFor(LIVE)

    expect(await control(server, '/os/permissions', { vision: false })).toBe(200)
    expect(await control(server, '/os/update', { status: 'DOWNLOADING', percentage: 40 })).toBe(200)
    await osState.filter({ hasText: 'Vision withheld, accessibility granted.' }).waitFor(LIVE)
    await osState.filter({ hasText: 'Update: downloading (40 %).' }).waitFor(LIVE)
    const permissions = await new OSApi(new Configuration({ basePath: server.url })).osPermissions()
    expect(permissions.processing?.vision).toBe(false)
  }, 60_000)

  it('signs everyone out and a user back in from the Sign-in section, as UserApi then reads', async () => {
    const users = new UserApi(new Configuration({ basePath: server.url }))
    const page = await openMachineTab(server, SIZES[1])
    const signIn = page.locator('section[aria-label="sign-in"]')
    await signIn.locator('button', { hasText: 'Sign everyone out' }).click()
    await signIn.locator('[aria-label="signed-in user"]', { hasText: 'No one is signed in.' }).waitFor(LIVE)
    expect((await users.userSnapshot()).user).toBeUndefined()

    const chosen = await signIn.locator('select[aria-label="user to sign in"]').inputValue()
    await signIn.locator('button', { hasText: /^Sign in$/ }).click()
    await signIn.locator('[aria-label="signed-in user"]', { hasText: 'Signed in:' }).waitFor(LIVE)
    expect((await users.userSnapshot()).user?.id).toBe(chosen)
  }, 60_000)

  it('clears the URLs recorded as opened from the Opens section', async () => {
    await new OSApi(new Configuration({ basePath: server.url })).osBrowserUrlOpen({ body: 'https://pieces.app/' })
    const page = await openMachineTab(server, SIZES[0])
    const opens = page.locator('section[aria-label="opens"]')
    await opens.locator('ul[aria-label="opened URLs"] li', { hasText: 'https://pieces.app/' }).first().waitFor(LIVE)
    await opens.locator('button', { hasText: 'Clear what was opened' }).click()
    await opens.locator('p', { hasText: 'No URL opened.' }).waitFor(LIVE)
    const machine = await fetch(`${server.url}/__mock/machine/opens`).then((answer) => answer.json())
    expect(machine).toMatchObject({ urls: [], files: [], notifications: [] })
  }, 60_000)

  it("shows a refused setter's error in its section, and keeps the focus on a named control", async () => {
    const page = await openMachineTab(server, SIZES[0])
    const applications = page.locator('section[aria-label="applications"]')
    await applications.locator('button', { hasText: 'Add application' }).focus()
    await page.keyboard.press('Enter')
    await applications
      .locator('[role="alert"][aria-label="applications error"]', {
        hasText: 'Failed to set the external applications',
      })
      .waitFor(LIVE)

    // Failing the next backup swaps the form for Don't fail, and back: the focus follows.
    const backups = page.locator('section[aria-label="backups"]')
    await backups.locator('input[aria-label="reason the next creation or restoration fails"]').fill('disk full')
    await page.keyboard.press('Enter')
    await focusLandsOn(page, PAGE_HOST, "don't fail the next creation or restoration")
    await backups.filter({ hasText: 'The next creation or restoration fails: disk full' }).waitFor(LIVE)
    await page.keyboard.press('Enter')
    await focusLandsOn(page, PAGE_HOST, 'reason the next creation or restoration fails')
    const state = await fetch(`${server.url}/__mock/machine/backups`).then((response) => response.json())
    expect((state as { failNext: string | null }).failNext).toBeNull()
  }, 60_000)

  describe.each(SIZES)('at $width×$height', (size) => {
    it.each(THEMES)(
      'has no serious or critical findings in the %s theme, and fits the screen',
      async (theme) => {
        const page = await openMachineTab(server, size, theme)
        await page.locator('section[aria-label="ollama"] details > summary').click()
        await page.locator('[aria-label="ollama JSON"]').waitFor(LIVE)
        expect(await seriousAxeFindings(page)).toEqual([])
        expect(await sidewaysOverflow(page, PAGE_HOST)).toBe(0)
      },
      60_000,
    )
  })
})

describe.each(SIZES)('the Machine tab of the inspector panel at $width×$height', (size) => {
  /** The app with the inspector panel open on its Machine tab. */
  async function openPanel(colorScheme: 'light' | 'dark'): Promise<{ page: Page; panel: Locator }> {
    context = await browser.newContext({ viewport: size, colorScheme })
    const page = await context.newPage()
    await page.goto(`${site.url}/index.html?inspector`)
    await page.waitForFunction(() => (window as { mockReady?: boolean }).mockReady === true, undefined, LIVE)
    await page.locator('button[aria-label="Open the conversation-asset-mock inspector"]').click()
    const panel = page.locator('[role="dialog"][aria-label="conversation-asset-mock inspector"]')
    await panel.locator('[role="tab"]:text-is("Machine")').click()
    await panel.locator('section[aria-label="settings"]').waitFor(LIVE)
    return { page, panel }
  }

  it.each(THEMES)(
    'has no serious or critical findings in the %s theme',
    async (theme) => {
      const { page } = await openPanel(theme)
      expect(await seriousAxeFindings(page, PANEL_HOST)).toEqual([])
    },
    60_000,
  )

  it('turns autoboot from the keyboard, and the official client in the page reads it back', async () => {
    const { page, panel } = await openPanel('light')
    const read = () =>
      page.evaluate(async () => {
        const os = new window.pieces.OSApi(new window.pieces.Configuration({ basePath: 'http://localhost:39300' }))
        return (await os.osSettingsSnapshot()).autoboot
      })
    const before = await read()
    await panel.locator('[role="tab"][aria-selected="true"]').focus()
    await page.keyboard.press('Tab')
    await focusLandsOn(page, PANEL_HOST, 'autoboot')
    await page.keyboard.press('Space')
    await expect.poll(() => autoboot(panel).getAttribute('aria-checked'), LIVE).toBe(String(!before))
    expect(await read()).toBe(!before)
  }, 60_000)
})
