// Records every module a fresh Node process loads, one `loaded <url>` line each on stderr. Written synchronously:
// the hooks run on a thread of their own (Node 22), whose console output a process ending at once can leave unwritten.
const HOOKS = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; export async function load(url, context, next) { writeSync(2, 'loaded ' + url + '\\n'); return next(url, context) }",
)}`

/**
 * The `--import` argument that makes a fresh Node process write each module it loads (`node:` built-ins
 * included) as a `loaded <url>` line on stderr.
 *
 * @example
 * execFile(process.execPath, ['--import', LOAD_RECORDER, 'dist/cli/main.js'])
 */
export const LOAD_RECORDER = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module'; register(${JSON.stringify(HOOKS)})`,
)}`
