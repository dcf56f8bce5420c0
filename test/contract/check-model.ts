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

// Every field, required set and enum of the models our responses reach, as
// declared in @pieces.app/pieces-os-client 4.1.0 (dist/models).
const spec = JSON.parse(readFileSync(new URL('./client-models.json', import.meta.url), 'utf8')) as ClientModels

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

/**
 * Checks a JSON payload against one of the official client's models, all the
 * way down: required fields present, no keys the model does not declare (a
 * misspelt wire key), enum values known, primitives of the declared type, and
 * dates as ISO-8601 UTC strings. Returns the problems, each with its path.
 */
export function checkModel(value: unknown, model: string, path = model): string[] {
  const problems: string[] = []
  visit(value, { kind: 'model', type: model }, path, problems)
  return problems
}

function visit(value: unknown, field: FieldSpec, path: string, problems: string[]): void {
  if (value === undefined) return
  if (value === null) {
    if (field.kind === 'prim' && field.type.includes('null')) return
    problems.push(`${path}: null where the client expects ${field.type}`)
    return
  }
  switch (field.kind) {
    case 'date':
      if (typeof value !== 'string' || !ISO_UTC.test(value) || Number.isNaN(Date.parse(value))) {
        problems.push(`${path}: ${JSON.stringify(value)} is not an ISO-8601 UTC date`)
      }
      return
    case 'prim':
      checkPrimitive(value, field.type, path, problems)
      return
    case 'array':
      if (!Array.isArray(value)) {
        problems.push(`${path}: expected an array of ${field.type}`)
        return
      }
      value.forEach((item, index) => visit(item, elementSpec(field.type), `${path}[${index}]`, problems))
      return
    case 'map':
      if (typeof value !== 'object' || Array.isArray(value)) {
        problems.push(`${path}: expected a map of ${field.type}`)
        return
      }
      for (const [key, item] of Object.entries(value)) visit(item, elementSpec(field.type), `${path}.${key}`, problems)
      return
    case 'model': {
      const values = spec.enums[field.type]
      if (values) {
        if (typeof value !== 'string' || !values.includes(value)) {
          problems.push(`${path}: ${JSON.stringify(value)} is not a ${field.type} value`)
        }
        return
      }
      const model = spec.models[field.type]
      if (!model) {
        problems.push(`${path}: model ${field.type} is not in client-models.json; add it`)
        return
      }
      if (typeof value !== 'object' || Array.isArray(value)) {
        problems.push(`${path}: expected a ${field.type} object`)
        return
      }
      const record = value as Record<string, unknown>
      for (const required of model.required) {
        if (record[required] === undefined) {
          problems.push(`${path}.${required}: required by ${field.type} but missing`)
        }
      }
      for (const [key, item] of Object.entries(record)) {
        const inner = model.fields[key]
        if (!inner) {
          problems.push(`${path}.${key}: ${field.type} has no such key`)
          continue
        }
        visit(item, inner, `${path}.${key}`, problems)
      }
    }
  }
}

function elementSpec(type: string): FieldSpec {
  if (spec.enums[type] || spec.models[type]) return { kind: 'model', type }
  return { kind: 'prim', type }
}

function checkPrimitive(value: unknown, type: string, path: string, problems: string[]): void {
  const compact = type.replace(/\s+/g, '')
  if (compact === 'string' || compact === 'number' || compact === 'boolean') {
    if (typeof value !== compact) problems.push(`${path}: expected a ${compact}, got ${JSON.stringify(value)}`)
    return
  }
  if (compact.startsWith('{[key:string]:')) {
    const inner = compact.slice('{[key:string]:'.length).replace(/;?}?$/, '')
    if (typeof value !== 'object' || Array.isArray(value)) {
      problems.push(`${path}: expected a map`)
      return
    }
    for (const [key, item] of Object.entries(value as object)) checkPrimitive(item, inner, `${path}.${key}`, problems)
    return
  }
  if (compact.startsWith('Array<')) {
    if (!Array.isArray(value)) problems.push(`${path}: expected an array`)
  }
}
