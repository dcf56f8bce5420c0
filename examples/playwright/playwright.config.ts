import { defineConfig } from '@playwright/test'

// Four workers, every test in parallel: each test's own mock keeps their writes apart.
// No browser download: Playwright drives the system's Chromium (CHROMIUM_PATH, else /usr/bin/chromium).
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 4,
  forbidOnly: true,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    },
  },
})
