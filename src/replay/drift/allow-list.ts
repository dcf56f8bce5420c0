import type { Difference, DifferenceKind } from './drift-types.js'

/** A difference a team accepts: by operation, kind and field (a `*` stands for any part of a field's path). */
export interface AllowRule {
  /** The client's method, e.g. `assetsSnapshot`; `*` or left out for any. */
  readonly operation?: string
  readonly kind?: DifferenceKind
  /** The field, e.g. `iterable[*].score.reuse`; left out for any. */
  readonly field?: string
  /** Why the difference is fine: kept for the next reader. */
  readonly reason?: string
}

/**
 * Reads an allow-list file: a JSON list of rules (or `{ "allow": [...] }`);
 * a problem is thrown as one sentence naming the rule and its field.
 *
 * @example
 * const rules = parseAllowList('[{ "operation": "assetsSnapshot", "field": "iterable[*].score" }]', 'drift-allow.json')
 */
export function parseAllowList(text: string, file: string): AllowRule[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new Error(
      `Failed to read the allow-list "${file}": it is not JSON (${error instanceof Error ? error.message : String(error)}). Write a JSON list of rules such as [{ "operation": "assetsSnapshot", "field": "iterable[*].score" }].`,
    )
  }
  const rules: unknown = Array.isArray(parsed) ? parsed : (parsed as { allow?: unknown } | null)?.allow
  if (!Array.isArray(rules)) {
    throw new Error(
      `Failed to read the allow-list "${file}": it holds no list of rules. Write a JSON list, or an object with an "allow" list.`,
    )
  }
  rules.forEach((rule: unknown, index) => {
    const fields = (typeof rule === 'object' && rule !== null ? rule : undefined) as Record<string, unknown> | undefined
    const bad =
      fields === undefined
        ? ''
        : ['operation', 'kind', 'field', 'reason'].find(
            (name) => fields[name] !== undefined && typeof fields[name] !== 'string',
          )
    if (bad !== undefined) {
      throw new Error(
        `Failed to read the allow-list "${file}": rule ${index}${bad ? ` field "${bad}"` : ''} must be ${bad ? 'text' : 'an object'}. Give each rule an operation, kind or field as text.`,
      )
    }
  })
  return rules as AllowRule[]
}

/**
 * Whether a rule lets a difference through.
 *
 * @example
 * allows({ operation: 'assetsSnapshot', field: 'iterable[*].name' }, difference)
 */
export function allows(rule: AllowRule, difference: Difference): boolean {
  if (rule.operation !== undefined && rule.operation !== '*' && rule.operation !== difference.operation) return false
  if (rule.kind !== undefined && rule.kind !== difference.kind) return false
  return rule.field === undefined || fieldPattern(rule.field).test(difference.field)
}

function fieldPattern(field: string): RegExp {
  const escaped = field.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^.]*')
  return new RegExp(`^${escaped}(\\..*)?$`)
}
