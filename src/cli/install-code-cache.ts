import { lstatSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import Module from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join, sep } from 'node:path'
import { constants, Script } from 'node:vm'

/** The environment variable that names the cache's directory, or turns it off with `off`. */
const CODE_CACHE_VARIABLE = 'CONVERSATION_ASSET_MOCK_CODE_CACHE'

/** The CLI's compiled code kept between starts: see {@link installCodeCache}. */
export interface CodeCache {
  /** Writes V8's code of every file compiled since the last call that had no usable entry (never throws). */
  keep(): void
}

/**
 * A chunk of the CLI's build, its name ending in a hash of its content (`chunk-serve-DapmCwz3.cjs`): a file of
 * that name always holds the same text. V8 checks an entry against the length of the text only, and npm gives
 * every installed file the same modification time, so a file without one (`commands.cjs`) is never kept.
 */
const HASHED_CHUNK = /^chunk-.+-[\w-]{8}\.cjs$/

/** What Node's CommonJS loader calls to run a file's text as a module. */
type Compile = (this: Module, content: string, filename: string, ...rest: unknown[]) => unknown

/** A file's module function, as the CommonJS loader calls it. */
type ModuleFunction = (
  this: unknown,
  exports: unknown,
  require: NodeJS.Require,
  module: Module,
  filename: string,
  dirname: string,
) => unknown

/** A compiled file whose code is not in the cache yet, and where it goes. */
interface Unkept {
  readonly script: Script
  readonly file: string
}

/**
 * Keeps V8's compiled code of the CommonJS chunks under `root` (the CLI's own, named by their content's hash) in a
 * directory of the user's, so the next start runs them without compiling them again. Chunks are read from the
 * cache when they are required; `keep()` writes what was compiled since (the command calls it once it is ready,
 * so the code its start ran is in the entry too, not only what V8 compiles up front), and the process's exit
 * writes the rest. An entry is keyed by the chunk's name, size and modification time, Node's V8 version and the
 * architecture; V8 refuses an entry made with other flags, and it is written again. A cache that cannot be used
 * (a directory another user could write to, an unreadable entry, a full disk) is passed over: the chunk is
 * compiled as it would be without one. See decisions/0034-cli-code-cache.md.
 *
 * @example
 * const codeCache = installCodeCache(dirname(fileURLToPath(import.meta.url)))
 */
export function installCodeCache(root: string, variable = process.env[CODE_CACHE_VARIABLE]): CodeCache {
  const directory = cacheDirectory(variable)
  if (directory === undefined) return { keep: () => undefined }
  const unkept: Unkept[] = []
  const prototype = Module.prototype as unknown as { _compile: Compile }
  const compile = prototype._compile
  prototype._compile = function (content, filename, ...rest) {
    if (!filename.startsWith(root + sep) || !HASHED_CHUNK.test(basename(filename)))
      return compile.call(this, content, filename, ...rest)
    return runCached(this, content, filename, directory, unkept)
  }
  const keep = () => {
    for (const entry of unkept.splice(0)) writeEntry(entry)
  }
  process.once('exit', keep)
  return { keep }
}

/** The cache's directory when it may be used: the variable's, else one in the temporary directory per user. */
function cacheDirectory(variable: string | undefined): string | undefined {
  if (variable === 'off') return undefined
  const uid = process.getuid?.()
  const directory = variable || join(tmpdir(), `conversation-asset-mock-code-${uid ?? 'user'}`)
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 })
    return ownDirectory(directory, uid) ? directory : undefined
  } catch {
    return undefined
  }
}

/** A directory (not a link) of this user's that no other user may write to: no one else can plant code in it. */
function ownDirectory(directory: string, uid: number | undefined): boolean {
  const stat = lstatSync(directory)
  if (!stat.isDirectory()) return false
  return uid === undefined || (stat.uid === uid && (stat.mode & 0o022) === 0)
}

/** Compiles a file with its cached code when there is an entry, and runs it as the CommonJS loader would. */
function runCached(module: Module, content: string, filename: string, directory: string, unkept: Unkept[]): unknown {
  const file = join(directory, entryName(filename))
  const cachedData = readEntry(file)
  const script = new Script(wrap(content), {
    filename,
    // The wrapper's line is not the file's: lines and columns in stack traces are the file's own.
    lineOffset: -1,
    ...(cachedData && { cachedData }),
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  })
  // Kept again unless V8 took the entry (it says nothing of an entry it was not given).
  if (script.cachedDataRejected !== false) unkept.push({ script, file })
  const run = script.runInThisContext({ displayErrors: true }) as ModuleFunction
  const require = Module.createRequire(filename)
  return run.call(module.exports, module.exports, require, module, filename, dirname(filename))
}

/** A file's text as the function the CommonJS loader makes of it, the wrapper on a line of its own. */
function wrap(content: string): string {
  return `(function (exports, require, module, __filename, __dirname) {\n${content}\n})`
}

/** A file's entry: its name, size and modification time (a rebuilt file is another entry), V8's version, the CPU. */
function entryName(filename: string): string {
  const { size, mtimeMs } = statSync(filename)
  return `${basename(filename)}.${size}.${Math.trunc(mtimeMs)}.${process.versions.v8}.${process.arch}.code`
}

/** An entry's bytes, or undefined when there is none (or it cannot be read). */
function readEntry(file: string): Buffer | undefined {
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

/** Writes an entry whole or not at all: a start reading it meanwhile sees the old one or none. */
function writeEntry({ script, file }: Unkept): void {
  const partial = `${file}.${process.pid}.partial`
  try {
    writeFileSync(partial, script.createCachedData(), { mode: 0o600 })
    renameSync(partial, file)
  } catch {
    try {
      unlinkSync(partial)
    } catch {
      // Nothing was written.
    }
  }
}
