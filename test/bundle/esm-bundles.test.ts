import { execFile } from 'node:child_process'
import { access, readFile, readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { LOAD_RECORDER } from './load-recorder.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

/** Runs `code` as an ES module in a fresh process from the package root; its output and the files it loaded. */
async function runRecorded(code: string): Promise<{ stdout: string; loaded: string[] }> {
  const { stdout, stderr } = await run(
    process.execPath,
    ['--import', LOAD_RECORDER, '--input-type=module', '-e', code],
    {
      cwd: root,
      timeout: 60_000,
    },
  )
  const loaded = stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded file://'))
    .map((line) => fileURLToPath(line.slice('loaded '.length)).slice(root.length))
  return { stdout, loaded }
}

const COLD_START = `
import { setupMockServer } from 'conversation-asset-mock/node'
const mock = setupMockServer()
await mock.listen()
const response = await fetch(mock.baseUrl + '/assets')
const body = await response.json()
mock.close()
console.log(JSON.stringify({ status: response.status, assets: body.iterable.length }))
`

/** Every package a bundle imports statically, through the chunks it imports in turn (dynamic imports left out). */
async function staticImports(file: string, seen = new Set<string>()): Promise<Set<string>> {
  const packages = new Set<string>()
  if (seen.has(file)) return packages
  seen.add(file)
  const code = await readFile(`${root}dist/esm/${file}`, 'utf8')
  for (const [, specifier] of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]*from\s*)?"([^"]+)"/g)) {
    if (specifier!.startsWith('./'))
      for (const name of await staticImports(specifier!.slice(2), seen)) packages.add(name)
    else packages.add(specifier!)
  }
  return packages
}

/** The code of a bundle and of every chunk it imports statically, in turn. */
async function staticCode(file: string, seen = new Set<string>()): Promise<string[]> {
  if (seen.has(file)) return []
  seen.add(file)
  const code = await readFile(`${root}dist/esm/${file}`, 'utf8')
  const chunks = [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]*from\s*)?"\.\/([^"]+)"/g)]
  const imported = await Promise.all(chunks.map(([, chunk]) => staticCode(chunk!, seen)))
  return [code, ...imported.flat()]
}

// A message only mock-socket's own code holds: where it appears, mock-socket is bundled.
const MOCK_SOCKET_CODE = 'A mock server is already listening on this url'

describe('the ES module bundles', () => {
  it('import only files the build wrote: chunks beside them, and the inspector in dist/inspector', async () => {
    const relative: string[] = []
    for (const file of await readdir(`${root}dist/esm`)) {
      const code = await readFile(`${root}dist/esm/${file}`, 'utf8')
      for (const [, specifier] of code.matchAll(/(?:from\s*|import\s*\(?\s*)["'`](\.{1,2}\/[^"'`]+)["'`]/g)) {
        relative.push(fileURLToPath(new URL(specifier!, `file://${root}dist/esm/${file}`)))
      }
    }
    expect(relative.some((file) => file.endsWith('dist/inspector/inspector.js'))).toBe(true)
    const missing: string[] = []
    for (const file of new Set(relative)) await access(file).catch(() => missing.push(file))
    expect(missing).toEqual([])
  })

  it('keep the root and the standalone server free of msw and mock-socket, and the browser free of Node', async () => {
    const transport = (names: Set<string>) => [...names].filter((name) => /^(msw|@mswjs|mock-socket)(\/|$)/.test(name))
    expect(transport(await staticImports('index.js'))).toEqual([])
    expect(transport(await staticImports('server.js'))).toEqual([])
    expect([...(await staticImports('msw.js'))]).toEqual(expect.arrayContaining(['msw']))
    const bundlesMockSocket = async (file: string) => (await staticCode(file)).some((c) => c.includes(MOCK_SOCKET_CODE))
    expect(await bundlesMockSocket('msw.js')).toBe(true)
    expect(await bundlesMockSocket('index.js')).toBe(false)
    expect(await bundlesMockSocket('server.js')).toBe(false)
    const browser = [...(await staticImports('browser.js'))]
    expect(browser.filter((name) => name.startsWith('node:') || name === 'ws')).toEqual([])
  })

  it('start the node entry from a few bundled files, with zod (none of its locales) and mock-socket inside', async () => {
    const { stdout, loaded } = await runRecorded(COLD_START)
    expect(JSON.parse(stdout)).toMatchObject({ status: 200 })
    expect(JSON.parse(stdout).assets).toBeGreaterThan(0)
    const own = loaded.filter((file) => file.startsWith('dist/'))
    expect(own.every((file) => file.startsWith('dist/esm/'))).toBe(true)
    // The operation families the first answer does not need are chunks of their own, loaded on first use, so the
    // shared modules are split in a few more; the time a cold start takes is held by the bench's guard (bench/guards.json).
    expect(own.length).toBeLessThan(30)
    expect(loaded.filter((file) => /node_modules\/(zod|mock-socket)\//.test(file))).toEqual([])
    const bundled = await Promise.all(own.map((file) => readFile(`${root}${file}`, 'utf8')))
    expect(bundled.some((code) => code.includes('Invalid input'))).toBe(true)
    expect(bundled.filter((code) => /Ungültige Eingabe|Entrada inválida/.test(code))).toEqual([])
  })

  it('hold only the parts of zod the mock uses, without its JSON Schema conversion', async () => {
    const bundles = await Promise.all(
      (await readdir(`${root}dist/esm`)).map((file) => readFile(`${root}dist/esm/${file}`, 'utf8')),
    )
    expect(bundles.some((code) => code.includes('Invalid input'))).toBe(true)
    // Messages only zod's z.fromJSONSchema() holds.
    expect(bundles.filter((code) => code.includes('External $ref is not supported'))).toEqual([])
  })

  it('carry the client operation table exactly as generated, as JSON text parsed on first use rather than code', async () => {
    const { stdout } = await runRecorded(`
import { isDeepStrictEqual } from 'node:util'
import { clientOperations } from 'conversation-asset-mock'
import * as generated from './dist/routes/client-operations.generated.js'
const keysOf = (operations) => operations.map((operation) => Object.keys(operation).join())
console.log(JSON.stringify({
  count: clientOperations.length,
  same: isDeepStrictEqual(clientOperations, generated.clientOperations),
  sameKeys: isDeepStrictEqual(keysOf(clientOperations), keysOf(generated.clientOperations)),
}))
`)
    expect(JSON.parse(stdout)).toMatchObject({ same: true, sameKeys: true })
    expect(JSON.parse(stdout).count).toBeGreaterThan(500)
    const bundles = await Promise.all(
      (await readdir(`${root}dist/esm`)).map((file) => readFile(`${root}dist/esm/${file}`, 'utf8')),
    )
    // Parsed on the first call of the function that reads each, not when the bundle loads (quoted as the minifier likes).
    expect(
      bundles.filter((code) => /clientOperationTableValue\?\?=JSON\.parse\(['`]\[\{"id":/.test(code)),
    ).toHaveLength(1)
    expect(
      bundles.filter((code) => /clientModelTablesValue\?\?=\{models:JSON\.parse\(['`]\{"/.test(code)),
    ).toHaveLength(1)
    // (A block's first `let` is inside a function: the default records, parsed when they are asked for.)
    expect(bundles.filter((code) => /(?<!\?\?|\{let \w+)=JSON\.parse\(['`][[{]"/.test(code))).toEqual([])
  })

  it('leave the data generator and faker unloaded until a test uses them', async () => {
    const { loaded } = await runRecorded(COLD_START)
    expect(loaded.filter((file) => /node_modules\/@faker-js\//.test(file))).toEqual([])
    expect(loaded.filter((file) => /node_modules\/flourite\//.test(file))).toEqual([])
    const bundled = await Promise.all(
      loaded.filter((file) => file.startsWith('dist/')).map((file) => readFile(`${root}${file}`, 'utf8')),
    )
    expect(bundled.filter((code) => code.includes('function generateFixtures('))).toEqual([])
  })

  it('leave the language detector unloaded until text without a language is saved', async () => {
    const saving = (fragment: object) => `
import { setupMockServer } from 'conversation-asset-mock/node'
const mock = setupMockServer()
await mock.listen()
const response = await fetch(mock.baseUrl + '/assets/create', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    type: 'SEEDED_ASSET',
    asset: {
      application: { id: 'app', name: 'OPEN_SOURCE', version: '1', platform: 'LINUX', onboarded: true, privacy: 'OPEN' },
      format: { fragment: ${JSON.stringify(fragment)} },
    },
  }),
})
const asset = await response.json()
mock.close()
console.log(JSON.stringify(asset.original.reference.classification))
`
    const detector = (files: string[]) => files.filter((file) => /node_modules\/flourite\//.test(file))
    const named = await runRecorded(saving({ string: { raw: 'x = 1' }, metadata: { ext: 'py' } }))
    expect(JSON.parse(named.stdout)).toEqual({ generic: 'CODE', specific: 'py' })
    expect(detector(named.loaded)).toEqual([])
    const detected = await runRecorded(saving({ string: { raw: 'def twice(x):\n    return x * 2\n' } }))
    expect(JSON.parse(detected.stdout)).toEqual({ generic: 'CODE', specific: 'py' })
    expect(detector(detected.loaded)).not.toEqual([])
  })

  it('serve the inspector script from the server bundle, found beside it in dist', async () => {
    const { stdout } = await runRecorded(`
import { startStandaloneServer } from 'conversation-asset-mock/server'
const server = await startStandaloneServer({ port: 0 })
const response = await fetch(server.url + '/__mock/ui/inspector.js')
const script = await response.text()
await server.close()
console.log(JSON.stringify({ status: response.status, mounts: script.includes('mountInspectorPage') }))
`)
    expect(JSON.parse(stdout)).toEqual({ status: 200, mounts: true })
  })
})
