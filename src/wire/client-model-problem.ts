import { clientEnumTable, clientModelTable } from './client-model-requirements.generated.js'

/** A model's requirements, decoded from its table entry. */
interface ModelRequirements {
  /** The JSON keys the client requires. */
  readonly required: readonly string[]
  /** Each key holding a model, an enum, a list (`[Type`) or a map (`{Type`) of them, with that type. */
  readonly nested: ReadonlyArray<readonly [key: string, type: string]>
}

/** One value still to look at: its place (for the message) and the type the client reads it as. */
interface Pending {
  readonly value: unknown
  readonly type: string
  readonly parent: Pending | undefined
  /** `.key` or `[index]`, appended to the parent's path. */
  readonly step: string
}

/**
 * The first thing in a JSON value that the official client's model (by name)
 * requires and does not find, at any depth: a required key missing or null, a
 * key holding the wrong shape (not an object where a model goes, not a list
 * where a list goes), or an enum value the client does not know. Keys the
 * model does not declare are let through (a newer service may send them).
 * Undefined when the value holds everything, or when the client has no such
 * model. Iterative, and linear in the size of the value.
 *
 * @example
 * clientModelProblem({ event: { asset: {} }, application }, 'SeededActivity')
 * // 'event.asset.asset is required by SeededTrackedAssetEvent'
 */
export function clientModelProblem(value: unknown, model: string): string | undefined {
  if (clientModelTable[model] === undefined) return undefined
  const stack: Pending[] = [{ value, type: model, parent: undefined, step: '' }]
  const decoded = new Map<string, ModelRequirements>()
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const problem = visit(next, stack, decoded)
    if (problem !== undefined) return problem
  }
  return undefined
}

/** Checks one value against its type, and queues what it nests. */
function visit(pending: Pending, stack: Pending[], decoded: Map<string, ModelRequirements>): string | undefined {
  const { value, type } = pending
  if (value === undefined || value === null) return undefined
  if (type.startsWith('[')) {
    if (!Array.isArray(value)) return `${pathOf(pending)} must be a list of ${type.slice(1)}`
    value.forEach((item: unknown, index) =>
      stack.push({ value: item, type: type.slice(1), parent: pending, step: `[${index}]` }),
    )
    return undefined
  }
  const map = type.startsWith('{')
  const name = map ? type.slice(1) : type
  const values = clientEnumTable[name]
  if (values !== undefined && !map) {
    return typeof value === 'string' && values.split(' ').includes(value)
      ? undefined
      : `${pathOf(pending)} must be one of the ${name} values (${values.split(' ').join(', ')})`
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    return `${pathOf(pending)} must be ${map ? `a map of ${name}` : `a ${name} object`}`
  }
  const record = value as Record<string, unknown>
  if (map) {
    for (const key of Object.keys(record))
      stack.push({ value: record[key], type: name, parent: pending, step: `.${key}` })
    return undefined
  }
  const requirements = requirementsOf(name, decoded)
  for (const key of requirements.required) {
    if (record[key] === undefined || record[key] === null) return `${pathOf(pending, `.${key}`)} is required by ${name}`
  }
  for (const [key, nested] of requirements.nested) {
    if (Object.hasOwn(record, key)) stack.push({ value: record[key], type: nested, parent: pending, step: `.${key}` })
  }
  return undefined
}

/** A model's table entry, decoded once per check. */
function requirementsOf(model: string, decoded: Map<string, ModelRequirements>): ModelRequirements {
  const known = decoded.get(model)
  if (known) return known
  const [required = '', nested = ''] = (clientModelTable[model] ?? '|').split('|')
  const requirements: ModelRequirements = {
    required: required === '' ? [] : required.split(','),
    nested: nested === '' ? [] : nested.split(',').map((field) => splitAt(field, field.indexOf(':'))),
  }
  decoded.set(model, requirements)
  return requirements
}

function splitAt(field: string, at: number): readonly [string, string] {
  return [field.slice(0, at), field.slice(at + 1)]
}

/** The path of a value from the body's top (`event.asset.asset`, `iterable[2].id`), built only for a message. */
function pathOf(pending: Pending, last = ''): string {
  const steps: string[] = [last]
  for (let at: Pending | undefined = pending; at !== undefined; at = at.parent) steps.push(at.step)
  const path = steps.reverse().join('')
  return path === '' ? '(body)' : path.replace(/^\./, '')
}
