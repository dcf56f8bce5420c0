import type { Page } from 'playwright-core'

/**
 * Waits for the focus inside the shadow root of `host` to land on the control
 * named `name` (its aria-label, else its text), on the root's focus events
 * rather than on time; answers what has focus when it does. Fails after
 * `timeout` ms naming what had the focus instead (`<body>` when it dropped).
 */
export function focusLandsOn(page: Page, host: string, name: string, timeout = 15_000): Promise<string> {
  return page.evaluate(
    ({ host, name, timeout }) =>
      new Promise<string>((resolve, reject) => {
        const root = document.querySelector(host)!.shadowRoot!
        const focused = () => {
          const active = root.activeElement as HTMLElement | null
          if (!active) return '<body>'
          return active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''
        }
        const check = () => {
          if (focused() !== name) return false
          root.removeEventListener('focusin', check)
          clearTimeout(timer)
          resolve(name)
          return true
        }
        const timer = setTimeout(() => {
          root.removeEventListener('focusin', check)
          reject(new Error(`Focus is on ${JSON.stringify(focused())}, not on ${JSON.stringify(name)}.`))
        }, timeout)
        root.addEventListener('focusin', check)
        check()
      }),
    { host, name, timeout },
  )
}
