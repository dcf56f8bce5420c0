// src/wire/client-models/client-model-requirements.generated.ts: for every model of
// the installed official client (@pieces.app/pieces-os-client), the JSON keys
// it requires and the model, list of models or map of models each nested key
// holds, and the values of every enum, read from its generated sources
// (dist/models/*.js: `instanceOf…` lists the required properties, `…FromJSONTyped`
// maps each property to its JSON key and its type). Request bodies are checked
// against this table at run time, so the client package itself is never loaded
// by the mock. `npm run generate` rewrites it after the client is upgraded.
// It fails, naming the model, when a model reads a key in a way this script
// does not know, so a new client shape is never written down wrongly.
import { readFile, readdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const clientName = '@pieces.app/pieces-os-client'
const target = 'src/wire/client-models/client-model-requirements.generated.ts'
const require = createRequire(import.meta.url)
const clientRoot = dirname(require.resolve(`${clientName}/package.json`))
const clientVersion = JSON.parse(await readFile(join(clientRoot, 'package.json'), 'utf8')).version
export const modelsDirectory = join(clientRoot, 'dist', 'models')

function fail(what, fix) {
  throw new Error(`Failed to generate the client model requirements: ${what}. ${fix}`)
}

/** The values of an enum model (`exports.XEnum = { A: 'A', … }`), or undefined when the file is not an enum. */
export function enumValues(name, source) {
  const body = new RegExp(`^exports\\.${name} = \\{\\n([\\s\\S]*?)^\\};`, 'm').exec(source)?.[1]
  if (body === undefined) return undefined
  return Array.from(body.matchAll(/^ {4}\w+: '([^']*)',?$/gm), (match) => match[1])
}

/** What one line of `…FromJSONTyped` reads: the JSON key and its nested type (`Type`, `[Type`, `{Type`) if any. */
function readKey(name, line) {
  const match = /^ {8}'(\w+)': (.*),$/.exec(line)
  if (!match) fail(`${name} reads "${line.trim()}"`, 'Teach scripts/generate/client-model-requirements.mjs the shape.')
  const [, property, reader] = match
  const key = /json\['([^']+)'\]/.exec(reader)?.[1]
  if (key === undefined) fail(`${name}.${property} reads no JSON key`, 'Check the client sources.')
  const read = reader.replace(/^json\['[^']+'\] == null \? undefined : /, '')
  const model =
    /^\(0, (?:\w+_1\.)?(\w+)FromJSON\)\(json\['[^']+'\]\)$/.exec(read) ??
    /^(\w+)FromJSON\(json\['[^']+'\]\)$/.exec(read)
  if (model) return { property, key, type: model[1] }
  const list = /^\(json\['[^']+'\]\.map\((?:\w+_1\.)?(\w+)FromJSON\)\)$/.exec(read)
  if (list) return { property, key, type: `[${list[1]}` }
  const map = /^\(\(0, (?:\w+_1\.)?mapValues\)\(json\['[^']+'\], (?:\w+_1\.)?(\w+)FromJSON\)\)$/.exec(read)
  if (map) return { property, key, type: `{${map[1]}` }
  if (/^json\['[^']+'\]$/.test(read) || /^\(new Date\(json\['[^']+'\]\)\)$/.test(read)) return { property, key }
  return fail(
    `${name}.${property} is read as "${read}"`,
    'Teach scripts/generate/client-model-requirements.mjs the shape.',
  )
}

/** A model's entry: required JSON keys, then each nested key with its type. */
function modelEntry(name, source) {
  const reader = new RegExp(
    `^function ${name}FromJSONTyped\\(json, ignoreDiscriminator\\) \\{\\n([\\s\\S]*?)^\\}`,
    'm',
  ).exec(source)?.[1]
  if (reader === undefined) fail(`${name} has no ${name}FromJSONTyped`, 'Check the client sources.')
  const lines = /^ {4}return \{\n([\s\S]*?)^ {4}\};$/m.exec(reader)?.[1]
  if (lines === undefined) return undefined // a free-form model (`return json`): nothing to require
  const keys = lines
    .split('\n')
    .filter(Boolean)
    .map((line) => readKey(name, line))
  const byProperty = new Map(keys.map((key) => [key.property, key.key]))
  const check = new RegExp(`^function instanceOf${name}\\(value\\) \\{\\n([\\s\\S]*?)^\\}`, 'm').exec(source)?.[1] ?? ''
  const required = Array.from(check.matchAll(/^ {4}if \(!\('(\w+)' in value\)/gm), (match) => {
    const key = byProperty.get(match[1])
    if (key === undefined) fail(`${name} requires ${match[1]}, which it never reads`, 'Check the client sources.')
    return key
  })
  const nested = keys.filter((key) => key.type !== undefined).map((key) => `${key.key}:${key.type}`)
  return `${required.join(',')}|${nested.join(',')}`
}

/** The requirements table of the installed client's models and enums. */
export async function clientModelRequirements() {
  const models = new Map()
  const enums = new Map()
  for (const file of (await readdir(modelsDirectory)).filter((name) => name.endsWith('.js')).sort()) {
    if (file === 'index.js') continue
    const name = file.slice(0, -'.js'.length)
    const source = await readFile(join(modelsDirectory, file), 'utf8')
    const values = enumValues(name, source)
    if (values) enums.set(name, values.join(' '))
    else {
      const entry = modelEntry(name, source)
      if (entry !== undefined) models.set(name, entry)
    }
  }
  for (const [name, entry] of models) {
    for (const field of entry.split('|')[1].split(',').filter(Boolean)) {
      const type = field.slice(field.indexOf(':') + 1).replace(/^[[{]/, '')
      if (!models.has(type) && !enums.has(type))
        fail(`${name} nests ${type}, which is no model`, 'Check the client sources.')
    }
  }

  const line = ([name, value]) => `  ${name}: '${value}',`
  const source = `// Generated by \`npm run generate\` (scripts/generate/client-model-requirements.mjs) from ${clientName}
// ${clientVersion} (dist/models). Do not edit: run the command again after upgrading the client.
// test/wire/client-model-requirements.test.ts fails when this table and the installed client disagree.

/** The version of ${clientName} this table was generated from. */
export const clientModelsVersion = '${clientVersion}'

/**
 * Every model of the official client, as \`required keys|nested key:Type,…\`: the JSON keys the
 * client requires (comma-separated), then each key holding a model (\`Type\`), a list of models
 * (\`[Type\`) or a map of models (\`{Type\`). Decoded on first use by client-model-requirements.ts.
 *
 * @example
 * clientModelTable.SeededActivity // 'event,application|event:SeededConnectorTracking,…'
 */
export const clientModelTable: Readonly<Record<string, string>> = {
${Array.from(models, line).join('\n')}
}

/**
 * Every enum of the official client: its values, space-separated.
 *
 * @example
 * clientEnumTable.MechanismEnum // 'UNKNOWN MANUAL RECOMMENDED AUTOMATIC INTERNAL DELETED EXTERNAL_AGENT'
 */
export const clientEnumTable: Readonly<Record<string, string>> = {
${Array.from(enums, line).join('\n')}
}
`
  return [{ file: target, text: source }]
}
