/**
 * Whether a process exists: one this process may not signal (EPERM) exists too.
 *
 * @example
 * isProcessRunning(process.pid) // true
 */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
