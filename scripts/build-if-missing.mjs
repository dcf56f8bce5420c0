// Builds the package when dist/ has no CLI yet, so `npm ci && npm start` on a fresh clone serves (npm ci no longer
// builds: the package's build runs at `npm pack`, `prepack`, so a consumer's install of the tarball runs no script).
// Runs before `npm start` (`prestart`); a dist/ already built is left as it is (`npm run build` rebuilds it).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
if (!existsSync(new URL('../dist/cli/main.js', import.meta.url))) {
  console.error('dist/ is not built yet: running npm run build first (about a minute).')
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  process.exit(built.status ?? 1)
}
