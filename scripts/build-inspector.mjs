// Bundles the inspector (src/inspector/main.tsx, Preact included) into dist/inspector/inspector.js:
// one minified ES module that the standalone server serves at /__mock/ui/inspector.js and the
// browser entry imports on demand. Part of `npm run build`; prints its size.
// Usage: node scripts/build-inspector.mjs [--quiet]
import { gzipSync } from 'node:zlib'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const outfile = `${root}dist/inspector/inspector.js`

const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/inspector/main.tsx'],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome111', 'firefox111', 'safari16.4'],
  minify: true,
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
})

// Only the inspector's own files, Preact, fflate (the state's zip) and two modules of constants: anything else of
// the package would be a second copy of it.
const SHARED = ['src/seeding/fixture-files.ts', 'src/persistence/persisted-format.ts']
const foreign = Object.keys(result.metafile.inputs).filter(
  (input) =>
    !input.startsWith('src/inspector/') &&
    !input.startsWith('node_modules/preact/') &&
    !input.startsWith('node_modules/fflate/') &&
    !SHARED.includes(input),
)
if (foreign.length > 0) {
  console.error(
    `Failed to build the inspector: it reaches ${foreign.join(', ')}. Import only types from outside src/inspector.`,
  )
  process.exit(1)
}

if (!process.argv.includes('--quiet')) {
  const bytes = await readFile(outfile)
  const kB = (size) => (size / 1000).toFixed(1)
  console.log(
    `inspector: dist/inspector/inspector.js ${kB(bytes.byteLength)} kB, ${kB(gzipSync(bytes, { level: 9 }).byteLength)} kB gzip`,
  )
}
