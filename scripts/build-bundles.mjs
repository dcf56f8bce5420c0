// The package's bundles (tsdown.config.mjs) through tsdown's API: its command line warns on every run under
// Node 20, which the package supports, so a passing `npm run build` (and `npm test`) would not be quiet.
// Part of `npm run build`, after tsc and before scripts/build-cjs.mjs.
import { build } from 'tsdown'

await build({ config: 'tsdown.config.mjs', configLoader: 'native', logLevel: 'warn' })
