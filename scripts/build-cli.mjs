// Bundles the CLI (src/cli/main.ts and everything it imports, dependencies included) into
// dist/cli/main.js, in place of the module tsc wrote there, plus a few chunks beside it, so that `npm start` and the bin read a handful of
// files instead of resolving and reading some 300 modules before they listen. Each command's own
// code stays in a chunk of its own that loads when that command runs (the fixture generator only for
// `fixtures`). The chunks stay in dist/cli/, so paths built from import.meta.url (the inspector's
// script, ../inspector/inspector.js) point where they did. Part of `npm run build`, after tsc.
// Usage: node scripts/build-cli.mjs [--quiet]
import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = join(root, 'dist', 'cli')
const CHUNK = /^chunk-.+\.js$|^.+-[A-Z0-9]{8}\.js$/

// Chunks of an earlier build have other hashes: remove them, so dist/ holds only what this build wrote.
for (const name of await readdir(dir)) if (CHUNK.test(name)) await rm(join(dir, name))

await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: dir,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  chunkNames: '[name]-[hash]',
  // What only the fixtures command and the generated scenarios load stays a dependency, read when they run.
  external: ['@faker-js/faker'],
  // Names kept (stack traces read as in the sources); spaces and comments dropped, which halves what is parsed.
  minifyWhitespace: true,
  minifySyntax: true,
  // The CommonJS dependencies (ws) call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
})

if (!process.argv.includes('--quiet')) {
  const names = (await readdir(dir)).filter((name) => name === 'main.js' || CHUNK.test(name))
  let bytes = 0
  for (const name of names) bytes += (await stat(join(dir, name))).size
  console.log(`cli: dist/cli/main.js and ${names.length - 1} chunks, ${(bytes / 1024).toFixed(0)} KiB`)
}
