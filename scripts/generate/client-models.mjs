// test/contract/client-models.json from the official client's models (dist/models of
// @pieces.app/pieces-os-client): for every model its fields by JSON key with their kind and type,
// and its required fields; for every enum its values. test/contract/check-model.ts checks the
// mock's payloads against it.
import { readFile, readdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const clientName = '@pieces.app/pieces-os-client'
const require = createRequire(import.meta.url)

function fail(what, fix) {
  throw new Error(`Failed to generate the client models: ${what}. ${fix}`)
}

/** The values of every enum a `.d.ts` declares (`export declare const XEnum: { readonly A: "a"; … }`). */
function enumsOf(declaration) {
  const enums = new Map()
  for (const match of declaration.matchAll(/^export declare const (\w+): \{\n([\s\S]*?)^\};$/gm)) {
    const values = [...match[2].matchAll(/^ {4}readonly [^:]+: (".*");$/gm)].map((value) => JSON.parse(value[1]))
    if (values.length === 0) fail(`the enum ${match[1]} declares no values`, 'Check the client sources.')
    enums.set(match[1], values)
  }
  return enums
}

/** The declared TypeScript type of every field of a model's interface, by field name. */
function declaredTypes(declaration, model) {
  const body = new RegExp(`^export interface ${model} \\{\\n([\\s\\S]*?)^\\}`, 'm').exec(declaration)?.[1]
  if (body === undefined) return undefined
  return new Map([...body.matchAll(/^ {4}(\w+)\??: ([^;]*);/gm)].map((match) => [match[1], match[2]]))
}

/** One field of `XFromJSONTyped`'s result: its JSON key, how the client reads it, and its TypeScript name. */
function fieldOf(line, types, where) {
  const match = /^ {8}'(\w+)': (?:json\['(\w+)'\] == null \? undefined : )?(.*),$/.exec(line)
  if (!match) fail(`${where} reads a field as ${line.trim()}`, 'Teach scripts/generate/client-models.mjs the shape.')
  const [, name, , read] = match
  const json = /json\['(\w+)'\]/.exec(read)?.[1]
  if (json === undefined) fail(`${where}.${name} reads no JSON key`, 'Check the client sources.')
  const model = /^\((?:0, \w+_1\.)?(\w+)FromJSON\)?\(json\['\w+'\]\)$|^(\w+)FromJSON\(json\['\w+'\]\)$/.exec(read)
  if (model) return [json, { kind: 'model', type: model[1] ?? model[2] }, name]
  const array = /^\(json\['\w+'\]\.map\(\w+_1\.(\w+)FromJSON\)\)$/.exec(read)
  if (array) return [json, { kind: 'array', type: array[1] }, name]
  const map = /^\(\(0, runtime_1\.mapValues\)\(json\['\w+'\], \w+_1\.(\w+)FromJSON\)\)$/.exec(read)
  if (map) return [json, { kind: 'map', type: map[1] }, name]
  if (/^\(new Date\(json\['\w+'\]\)\)$/.test(read)) return [json, { kind: 'date', type: 'Date' }, name]
  if (/^json\['\w+'\]$/.test(read)) {
    const type = types.get(name)
    if (type === undefined) fail(`${where}.${name} has no declared type`, 'Check its .d.ts.')
    return [json, { kind: 'prim', type }, name]
  }
  return fail(`${where}.${name} is read as ${read}`, 'Teach scripts/generate/client-models.mjs the shape.')
}

/** A model's required fields and its fields by JSON key, from its generated `.js` and `.d.ts`. */
function modelOf(model, source, declaration) {
  const types = declaredTypes(declaration, model)
  if (types === undefined) fail(`${model}.d.ts declares no interface ${model}`, 'Check the client sources.')
  const check = new RegExp(`function instanceOf${model}\\(value\\) \\{\\n([\\s\\S]*?)\\n\\}`).exec(source)?.[1]
  const reader = new RegExp(
    `function ${model}FromJSONTyped\\(json, ignoreDiscriminator\\) \\{\\n[\\s\\S]*?return \\{\\n([\\s\\S]*?)\\n {4}\\};`,
  ).exec(source)?.[1]
  if (check === undefined || reader === undefined) {
    fail(`${model}.js has no instanceOf${model} or ${model}FromJSONTyped`, 'Check the client sources.')
  }
  const read = reader.split('\n').map((line) => fieldOf(line, types, model))
  const jsonKeys = new Map(read.map(([json, , name]) => [name, json]))
  // The client checks required fields by their TypeScript names; the wire names them by JSON key.
  const required = [...check.matchAll(/if \(!\('(\w+)' in value\)/g)].map((match) => {
    const json = jsonKeys.get(match[1])
    if (json === undefined) fail(`${model} requires ${match[1]}, which it does not read`, 'Check the client sources.')
    return json
  })
  return { required, fields: Object.fromEntries(read.map(([json, field]) => [json, field])) }
}

/** The client's models and enums, as JSON. */
export async function clientModels() {
  const clientRoot = dirname(require.resolve(`${clientName}/package.json`))
  const version = JSON.parse(await readFile(join(clientRoot, 'package.json'), 'utf8')).version
  const directory = join(clientRoot, 'dist', 'models')
  const names = (await readdir(directory))
    .filter((file) => file.endsWith('.d.ts') && file !== 'index.d.ts')
    .map((file) => file.slice(0, -'.d.ts'.length))
    .sort()
  const models = {}
  const enums = {}
  for (const name of names) {
    const declaration = await readFile(join(directory, `${name}.d.ts`), 'utf8')
    const declared = enumsOf(declaration)
    for (const [enumName, values] of declared) enums[enumName] = values
    if (declared.has(name)) continue
    models[name] = modelOf(name, await readFile(join(directory, `${name}.js`), 'utf8'), declaration)
  }
  const sorted = (entries) => Object.fromEntries(Object.entries(entries).sort(([a], [b]) => (a < b ? -1 : 1)))
  const document = {
    source: `${clientName} ${version} dist/models (fields by JSON key, required set, kinds)`,
    models: sorted(models),
    enums: sorted(enums),
  }
  return [{ file: 'test/contract/client-models.json', text: `${JSON.stringify(document, null, 1)}\n` }]
}
