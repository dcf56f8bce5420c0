import { clientModelTables } from './client-model-tables.js'

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
  /** The key (`.key`) or the index (`[index]`) under the parent; the path's text is built only for a message. */
  readonly step: string | number | undefined
}

/** The type of a top-level key that only points at a stored record: an object with an `id`, nothing more read. */
const REFERENCE = '@'

/**
 * The first thing in a JSON value that the official client's model (by name)
 * requires and does not find, at any depth: a required key missing or null, a
 * key holding the wrong shape (not an object where a model goes, not a list
 * where a list goes), or an enum value the client does not know. Keys the
 * model does not declare are let through (a newer service may send them).
 * `references` names top-level keys that only point at a stored record (the
 * service reads that record by its id, nothing else of it): of those only an
 * `id` is required. Undefined when the value holds everything, or when the
 * client has no such model. Iterative, and linear in the size of the value.
 *
 * @example
 * clientModelProblem({ event: { asset: {} }, application }, 'SeededActivity')
 * // 'event.asset.asset is required by SeededTrackedAssetEvent'
 */
export function clientModelProblem(
  value: unknown,
  model: string,
  references: readonly string[] = [],
): string | undefined {
  if (clientModelTables().models[model] === undefined) return undefined
  // The check compiled for the model answers a value that holds everything; the walk below finds what is wrong.
  if (compiledCheck(model, references)(value, 0)) return undefined
  const decoded = references.length > 0 ? withReferences(model, references) : undefined
  const stack: Pending[] = [{ value, type: model, parent: undefined, step: undefined }]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const problem = visit(next, stack, decoded)
    if (problem !== undefined) return problem
  }
  return undefined
}

/** Checks one value against its type, and queues what it nests. */
function visit(
  pending: Pending,
  stack: Pending[],
  decoded: ReadonlyMap<string, ModelRequirements> | undefined,
): string | undefined {
  const { value, type } = pending
  if (value === undefined || value === null) return undefined
  if (type.startsWith('[')) {
    const item = type.slice(1)
    if (!Array.isArray(value)) return `${pathOf(pending)} must be a list of ${item}`
    for (let index = value.length - 1; index >= 0; index -= 1) {
      stack.push({ value: value[index] as unknown, type: item, parent: pending, step: index })
    }
    return undefined
  }
  const map = type.startsWith('{')
  const name = map ? type.slice(1) : type
  const values = map ? undefined : enumValuesOf(name)
  if (values !== undefined) {
    return typeof value === 'string' && values.has(value)
      ? undefined
      : `${pathOf(pending)} must be one of the ${name} values (${[...values].join(', ')})`
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    const shape = type === REFERENCE ? 'a reference to a record (an object with its id)' : `a ${name} object`
    return `${pathOf(pending)} must be ${map ? `a map of ${name}` : shape}`
  }
  const record = value as Record<string, unknown>
  if (type === REFERENCE) {
    return typeof record.id === 'string' ? undefined : `${pathOf(pending, '.id')} is required of the record it names`
  }
  if (map) {
    for (const key of Object.keys(record)) stack.push({ value: record[key], type: name, parent: pending, step: key })
    return undefined
  }
  const requirements = decoded?.get(name) ?? requirementsOf(name)
  for (const key of requirements.required) {
    if (record[key] === undefined || record[key] === null) return `${pathOf(pending, `.${key}`)} is required by ${name}`
  }
  // Pushed last key first, so that keys are looked at in the order the model declares them.
  for (let index = requirements.nested.length - 1; index >= 0; index -= 1) {
    const [key, nested] = requirements.nested[index]!
    if (Object.hasOwn(record, key)) stack.push({ value: record[key], type: nested, parent: pending, step: key })
  }
  return undefined
}

/**
 * The models' and enums' table entries as decoded so far: the tables are
 * constants, so each entry is decoded once, on its first check, and the
 * caches hold at most one entry per model or enum of the client.
 */
const decodedModels = new Map<string, ModelRequirements>()
const decodedEnums = new Map<string, ReadonlySet<string>>()

/** A model's table entry, decoded on its first check. */
function requirementsOf(model: string): ModelRequirements {
  const known = decodedModels.get(model)
  if (known) return known
  const [required = '', nested = ''] = (clientModelTables().models[model] ?? '|').split('|')
  const requirements: ModelRequirements = {
    required: required === '' ? [] : required.split(','),
    nested: nested === '' ? [] : nested.split(',').map((field) => splitAt(field, field.indexOf(':'))),
  }
  decodedModels.set(model, requirements)
  return requirements
}

/** The values of an enum of the client (in the client's order), or undefined for a name that is no enum. */
function enumValuesOf(name: string): ReadonlySet<string> | undefined {
  const known = decodedEnums.get(name)
  if (known) return known
  const values = clientModelTables().enums[name]
  if (values === undefined) return undefined
  const decoded = new Set(values.split(' '))
  decodedEnums.set(name, decoded)
  return decoded
}

/** The top model's requirements for one check, with the keys of `references` read as references to records. */
function withReferences(model: string, references: readonly string[]): ReadonlyMap<string, ModelRequirements> {
  const own = requirementsOf(model)
  const nested = own.nested.map(([key, type]) => [key, references.includes(key) ? REFERENCE : type] as const)
  return new Map([[model, { required: own.required, nested }]])
}

function splitAt(field: string, at: number): readonly [string, string] {
  return [field.slice(0, at), field.slice(at + 1)]
}

/** The path of a value from the body's top (`event.asset.asset`, `iterable[2].id`), built only for a message. */
function pathOf(pending: Pending, last = ''): string {
  const steps: string[] = [last]
  for (let at: Pending | undefined = pending; at !== undefined; at = at.parent) {
    if (typeof at.step === 'number') steps.push(`[${at.step}]`)
    else if (at.step !== undefined) steps.push(`.${at.step}`)
  }
  const path = steps.reverse().join('')
  return path === '' ? '(body)' : path.replace(/^\./, '')
}

/** Whether a value holds everything its type requires, at a depth of nesting: a compiled check. */
type Check = (value: unknown, depth: number) => boolean

/** Past this depth a compiled check gives up (false), and the iterative walk decides. */
const COMPILED_DEPTH = 64

/** The compiled check of each type (a model, an enum, `[Type`, `{Type`), made on its first use and kept. */
const compiledChecks = new Map<string, Check>()
/** The compiled check of each top model with references, by model and references. */
const compiledTops = new Map<string, Check>()

/**
 * The check of a body of `model`, compiled once per model (and references):
 * true when the value holds everything {@link clientModelProblem} looks for,
 * with no path built and nothing queued. False may also mean "too deep to
 * tell": the caller walks the value then.
 */
function compiledCheck(model: string, references: readonly string[]): Check {
  if (references.length === 0) return checkOf(model)
  const key = `${model}|${references.join(',')}`
  let check = compiledTops.get(key)
  if (!check) {
    const own = requirementsOf(model)
    const nested = own.nested.map(([field, type]) => [field, references.includes(field) ? REFERENCE : type] as const)
    compiledTops.set(key, (check = modelCheck({ required: own.required, nested })))
  }
  return check
}

/** The compiled check of a type, made on its first use; the types it nests are compiled when first reached. */
function checkOf(type: string): Check {
  let check = compiledChecks.get(type)
  if (check) return check
  if (type.startsWith('[')) check = listCheck(type.slice(1))
  else if (type.startsWith('{')) check = mapCheck(type.slice(1))
  else if (type === REFERENCE) check = (value) => value == null || (isObject(value) && typeof value.id === 'string')
  else {
    const values = enumValuesOf(type)
    check = values
      ? (value) => value == null || (typeof value === 'string' && values.has(value))
      : modelCheck(requirementsOf(type))
  }
  compiledChecks.set(type, check)
  return check
}

function listCheck(item: string): Check {
  let itemCheck: Check | undefined
  return (value, depth) => {
    if (value == null) return true
    if (!Array.isArray(value) || depth > COMPILED_DEPTH) return false
    itemCheck ??= checkOf(item)
    for (const entry of value as unknown[]) if (!itemCheck(entry, depth + 1)) return false
    return true
  }
}

function mapCheck(type: string): Check {
  let valueCheck: Check | undefined
  return (value, depth) => {
    if (value == null) return true
    if (!isObject(value) || depth > COMPILED_DEPTH) return false
    valueCheck ??= checkOf(type)
    for (const key of Object.keys(value)) if (!valueCheck(value[key], depth + 1)) return false
    return true
  }
}

function modelCheck({ required, nested }: ModelRequirements): Check {
  let checks: Check[] | undefined
  return (value, depth) => {
    if (value == null) return true
    if (!isObject(value) || depth > COMPILED_DEPTH) return false
    for (const key of required) if (value[key] == null) return false
    checks ??= nested.map(([, type]) => checkOf(type))
    for (let index = 0; index < nested.length; index++) {
      const key = nested[index]![0]
      if (Object.hasOwn(value, key) && !checks[index]!(value[key], depth + 1)) return false
    }
    return true
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
