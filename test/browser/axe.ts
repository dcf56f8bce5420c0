import axe from 'axe-core'
import type { Page } from 'playwright-core'

/** One accessibility finding: the rule, how bad, and where. */
export interface AxeFinding {
  readonly rule: string
  readonly impact: string
  readonly targets: string[]
}

/** Rules held whatever axe rates them: every page has one main landmark, and all its content is in landmarks. */
const LANDMARK_RULES = ['landmark-one-main', 'region']

/**
 * Runs axe-core (WCAG 2.2 A and AA rules, and best practices) over the page or
 * the part `include` selects, shadow roots included; answers the serious and
 * critical findings, and any of the landmark rules (moderate to axe). The page's context needs `bypassCSP` where a strict
 * content security policy would refuse the script.
 */
export async function seriousAxeFindings(page: Page, include?: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source })
  return page.evaluate(
    async ({ selector, landmarks }) => {
      const { axe } = window as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: unknown[] }[] }[] }>
        }
      }
      const result = await axe.run(selector ? { include: [selector] } : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        resultTypes: ['violations'],
      })
      return result.violations
        .filter(
          (violation) =>
            violation.impact === 'serious' || violation.impact === 'critical' || landmarks.includes(violation.id),
        )
        .map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          targets: violation.nodes.map((node) => JSON.stringify(node.target)),
        }))
    },
    { selector: include, landmarks: LANDMARK_RULES },
  )
}
