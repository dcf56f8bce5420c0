import { readFileSync } from 'node:fs'
import { isProcessRunning } from '../persistence/file/is-process-running.js'

/** How often the processes that own the CLI are checked. */
const CHECK_INTERVAL_MS = 250

/** A wait for the processes that started the CLI to go away; `stop` ends the checks. */
export interface OwnerExit {
  readonly gone: Promise<string>
  stop(): void
}

/**
 * Watches the processes that own the CLI when an npm script started it
 * (`npm start`, `npm run`, `npx`): npm runs the CLI through a shell, so
 * killing npm leaves the shell, or the CLI alone, running. `gone` resolves
 * with a description when npm or the shell between them exits; outside npm it
 * never resolves, so `nohup` and service managers keep their usual meaning.
 *
 * @example
 * const owner = watchOwnerExit()
 * const reason = await Promise.race([owner.gone, nextSignal()])
 */
export function watchOwnerExit(env: NodeJS.ProcessEnv = process.env): OwnerExit {
  const parent = process.ppid
  if (env.npm_lifecycle_event === undefined || parent <= 1) return { gone: new Promise(() => {}), stop: () => {} }
  const grandparent = parentOf(parent)
  const owners = [parent, ...(grandparent !== undefined && grandparent > 1 ? [grandparent] : [])]
  let timer: NodeJS.Timeout | undefined
  const gone = new Promise<string>((resolve) => {
    timer = setInterval(() => {
      const exited = process.ppid !== parent ? parent : owners.find((pid) => !isProcessRunning(pid))
      if (exited === undefined) return
      clearInterval(timer)
      resolve(`the end of the npm script that started it (process ${exited} exited)`)
    }, CHECK_INTERVAL_MS)
    timer.unref()
  })
  return { gone, stop: () => clearInterval(timer) }
}

/** The parent of `pid`, from /proc on Linux or `ps` elsewhere; undefined where neither answers (Windows). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    try {
      // child_process only where there is no /proc: loading it costs a start-up milliseconds.
      const { execFileSync } = process.getBuiltinModule('node:child_process')
      const answer = Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim())
      return Number.isInteger(answer) ? answer : undefined
    } catch {
      return undefined
    }
  }
}
