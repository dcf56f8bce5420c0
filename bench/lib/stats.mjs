/**
 * Small statistics and timing helpers shared by the bench sections.
 *
 * @example
 * median([3, 1, 2]) // 2
 */
export function median(values) {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * Times `fn` over `iterations` calls and returns the mean time of one call in
 * milliseconds; `await`s it only when it returns a promise.
 *
 * @example
 * const ms = await timeEach(() => JSON.stringify(payload), 20)
 */
export async function timeEach(fn, iterations) {
  const started = performance.now()
  for (let i = 0; i < iterations; i++) {
    const result = fn(i)
    if (result && typeof result.then === 'function') await result
  }
  return (performance.now() - started) / iterations
}

/**
 * Repeats a measurement `rounds` times and returns the median, so one noisy
 * round on a shared machine does not decide the figure.
 *
 * @example
 * const ms = await medianOf(5, () => timeEach(fn, 100))
 */
export async function medianOf(rounds, measure) {
  const values = []
  for (let round = 0; round < rounds; round++) values.push(await measure(round))
  return median(values)
}

/** Runs the collector when the process was started with --expose-gc. */
export function collectGarbage() {
  if (typeof globalThis.gc === 'function') {
    globalThis.gc()
    globalThis.gc()
  }
}

/** Total records of every kind in a record set or generated fixtures. */
export function countRecords(records) {
  return Object.values(records).reduce((sum, list) => sum + (list?.length ?? 0), 0)
}
