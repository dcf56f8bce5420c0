import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const entry = (path: string) => fileURLToPath(new URL(`../../dist/${path}`, import.meta.url))

async function bundleInputs(path: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry(path)],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // Leave the peers out: the question is what this package pulls in.
    external: ['msw', 'msw/*'],
  })
  return Object.keys(result.metafile.inputs)
}

describe('the browser entry', () => {
  it('bundles for the browser with nothing from Node, ws or the CLI in it', async () => {
    const inputs = await bundleInputs('browser/index.js')
    expect(inputs.some((input) => input.includes('dist/browser/start-browser-mock.js'))).toBe(true)
    const leaks = inputs.filter((input) =>
      /(^|\/)node:|node_modules\/ws\/|dist\/(server|cli|node)\/|fixture-directory/.test(input),
    )
    expect(leaks).toEqual([])
  })

  it('loads faker only to generate data, and imports no es-toolkit of its own', async () => {
    const result = await build({
      entryPoints: [entry('browser/index.js')],
      bundle: true,
      splitting: true,
      outdir: 'unused',
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      external: ['msw', 'msw/*'],
    })
    const main = Object.entries(result.metafile.outputs).find(([, output]) =>
      output.entryPoint?.endsWith('browser/index.js'),
    )
    const inMain = Object.keys(main![1].inputs)
    expect(inMain.filter((input) => input.includes('node_modules/@faker-js/'))).toEqual([])
    // The language detector too: a chunk of its own, fetched when text without a language is first saved.
    expect(inMain.filter((input) => input.includes('node_modules/flourite/'))).toEqual([])
    const chunks = Object.values(result.metafile.outputs).flatMap((output) => Object.keys(output.inputs))
    expect(chunks.some((input) => input.includes('node_modules/flourite/'))).toBe(true)
    // es-toolkit still comes with @msw/data; none of this package's own files imports it.
    const ownImports = Object.entries(result.metafile.inputs)
      .filter(([input]) => input.startsWith('dist/'))
      .flatMap(([input, { imports }]) => imports.map((imported) => `${input} -> ${imported.path}`))
    expect(ownImports.filter((line) => line.includes('es-toolkit'))).toEqual([])
  })

  it('keeps the data generator out of the bundle until the large scenario asks for it', async () => {
    const result = await build({
      entryPoints: [entry('browser/index.js')],
      bundle: true,
      splitting: true,
      outdir: 'unused',
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      external: ['msw', 'msw/*'],
    })
    const main = Object.entries(result.metafile.outputs).find(([, output]) =>
      output.entryPoint?.endsWith('browser/index.js'),
    )
    expect(main).toBeDefined()
    const inMain = Object.keys(main![1].inputs)
    expect(inMain.some((input) => input.includes('generate-fixtures'))).toBe(false)
    expect(inMain.some((input) => input.includes('generated-text'))).toBe(false)
    const chunks = Object.values(result.metafile.outputs).flatMap((output) => Object.keys(output.inputs))
    expect(chunks.some((input) => input.includes('dist/seeding/generate-fixtures.js'))).toBe(true)
  })

  it('keeps the inspector out of the bundle until it is asked for, in a chunk of its own', async () => {
    const result = await build({
      entryPoints: [entry('browser/index.js')],
      bundle: true,
      splitting: true,
      outdir: 'unused',
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      external: ['msw', 'msw/*'],
    })
    const main = Object.entries(result.metafile.outputs).find(([, output]) =>
      output.entryPoint?.endsWith('browser/index.js'),
    )
    expect(Object.keys(main![1].inputs).filter((input) => input.includes('dist/inspector/'))).toEqual([])
    const chunk = Object.values(result.metafile.outputs).filter(
      (output) => 'dist/inspector/inspector.js' in output.inputs,
    )
    expect(chunk).toHaveLength(1)
    // The chunk is the inspector alone: the mock it reads is handed to it, not bundled twice.
    expect(Object.keys(chunk[0]!.inputs)).toEqual(['dist/inspector/inspector.js'])
  })
})

describe('the inspector bundle', () => {
  it('weighs at most 40 kB gzip, Preact included', async () => {
    const bundle = await readFile(entry('inspector/inspector.js'))
    expect(gzipSync(bundle).byteLength).toBeLessThanOrEqual(40_000)
  })
})
