import { readFileSync } from 'node:fs'

interface FieldSpec {
  kind: 'prim' | 'model' | 'array' | 'map' | 'date'
  type: string
}
interface ModelSpec {
  required: string[]
  fields: Record<string, FieldSpec>
}
interface ClientModels {
  models: Record<string, ModelSpec>
  enums: Record<string, string[]>
}

const spec = JSON.parse(readFileSync(new URL('./client-models.json', import.meta.url), 'utf8')) as ClientModels

/** How deep nested models are built; below it a required model is left out (no model of the client nests deeper in its required fields). */
const MAX_DEPTH = 8
const SOME_STRING = 'surface-check'
const SOME_DATE = '2024-07-01T09:00:00.000Z'

/** What the caller fills in beyond the required fields: the real id of a record model, and fields the mock needs. */
export interface BodyFill {
  /** A real id for a model of this name (e.g. `Asset`, `FlattenedAsset`), or undefined to leave the synthesized one. */
  idOf(model: string): string | undefined
  /** Fields to set on a model of this name, each built with `build`. */
  readonly extra: Readonly<Record<string, Readonly<Record<string, (build: (type: string) => unknown) => unknown>>>>
}

const NO_FILL: BodyFill = { idOf: () => undefined, extra: {} }

/**
 * The smallest JSON value of one of the official client's types: a model with
 * its required fields only (strings, the number 1, false, the first enum value,
 * nested models, arrays of one), an enum's first value, or a primitive.
 *
 * @example
 * minimalValue('SeededTag') // { text: 'surface-check' }
 */
export function minimalValue(type: string, fill: BodyFill = NO_FILL, depth = 0): unknown {
  const values = spec.enums[type]
  if (values) return values[0]
  const model = spec.models[type]
  if (!model) return minimalPrimitive(type)
  const result: Record<string, unknown> = {}
  if (depth >= MAX_DEPTH) return result
  for (const key of model.required) {
    const field = model.fields[key]
    if (field) result[key] = minimalField(field, fill, depth + 1)
  }
  for (const [key, build] of Object.entries(fill.extra[type] ?? {})) {
    result[key] = build((inner) => minimalValue(inner, fill, depth + 1))
  }
  const id = 'id' in model.fields ? fill.idOf(type) : undefined
  if (id !== undefined) result.id = id
  return result
}

function minimalField(field: FieldSpec, fill: BodyFill, depth: number): unknown {
  switch (field.kind) {
    case 'date':
      return SOME_DATE
    case 'array':
      return [minimalValue(field.type, fill, depth)]
    case 'map':
      return {}
    case 'model':
      return minimalValue(field.type, fill, depth)
    case 'prim':
      return minimalPrimitive(field.type)
  }
}

function minimalPrimitive(type: string): unknown {
  const compact = type.replace(/\s+/g, '')
  if (compact.startsWith('Array<')) return []
  if (compact.startsWith('{')) return {}
  if (compact.startsWith('number')) return 1
  if (compact.startsWith('boolean')) return false
  if (compact.startsWith('string')) return SOME_STRING
  return {}
}
