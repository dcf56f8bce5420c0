// Records every module a fresh Node process loads, one `loaded <url>` line each on stderr: what the ES module loader
// loads (through a hook) and what `require()` loads (the CLI's commands are CommonJS), built-ins as `node:<name>`.
// Written synchronously: the hooks run on a thread of their own (Node 22), whose console output a process ending at
// once can leave unwritten.
const HOOKS = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; export async function load(url, context, next) { writeSync(2, 'loaded ' + url + '\\n'); return next(url, context) }",
)}`

// `Module._load` sees every require() (built-ins too), `Module.prototype.load` every file it reads.
const REQUIRES = `
const loadRequest = Module._load
Module._load = function (request, ...rest) {
  if (isBuiltin(request)) writeSync(2, 'loaded node:' + request.replace(/^node:/, '') + '\\n')
  return loadRequest.call(this, request, ...rest)
}
const loadFile = Module.prototype.load
Module.prototype.load = function (filename) {
  writeSync(2, 'loaded ' + pathToFileURL(filename).href + '\\n')
  return loadFile.call(this, filename)
}`

/**
 * The `--import` argument that makes a fresh Node process write each module it loads (`node:` built-ins
 * included, whether imported or required) as a `loaded <url>` line on stderr.
 *
 * @example
 * execFile(process.execPath, ['--import', LOAD_RECORDER, 'dist/cli/main.js'])
 */
export const LOAD_RECORDER = `data:text/javascript,${encodeURIComponent(
  `import Module, { isBuiltin, register } from 'node:module'; import { writeSync } from 'node:fs'; import { pathToFileURL } from 'node:url'; register(${JSON.stringify(HOOKS)});${REQUIRES}`,
)}`
