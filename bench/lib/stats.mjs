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
 * The value below which `fraction` of the values lie (nearest rank), e.g. the
 * p99 of latencies with `fraction` 0.99. Sorts a copy unless told the values
 * are sorted already.
 *
 * @example
 * percentile([1, 2, 3, 4], 0.5) // 2
 */
export function percentile(values, fraction, { sorted = false } = {}) {
  if (values.length === 0) return Number.NaN
  const ordered = sorted ? values : Float64Array.from(values).sort()
  const rank = Math.min(ordered.length - 1, Math.max(0, Math.ceil(fraction * ordered.length) - 1))
  return ordered[rank]
}

/**
 * The median and a distribution-free confidence interval for it: the order
 * statistics x(j) and x(n+1-j) with the largest j whose coverage,
 * 1 − 2·P(B < j) for B ~ Binomial(n, ½), is at least `confidence`. With too
 * few values for that (fewer than 6 at 95%) it is their whole range, and
 * `coverage` says how sure that range is (1 − 2^(1−n)). `plusMinus` is the
 * larger distance from the median to either end, `relative` that over the median.
 *
 * @example
 * medianInterval([1.02, 0.98, 1.05, 1.01, 0.99, 1.03, 1.00]) // { median: 1.01, low: 0.98, high: 1.05, coverage: 0.984, … }
 */
export function medianInterval(values, confidence = 0.95) {
  const sorted = [...values].sort((a, b) => a - b)
  const n = sorted.length
  if (n === 0)
    return {
      median: Number.NaN,
      low: Number.NaN,
      high: Number.NaN,
      plusMinus: Number.NaN,
      relative: Number.NaN,
      coverage: 0,
      count: 0,
    }
  // below[j] = P(B ≤ j) for B ~ Binomial(n, ½), built from the probability mass one term at a time.
  let mass = 0.5 ** n
  let below = mass
  let lower = 0
  let coverage = 1 - 2 * below
  for (let j = 1; j < n / 2; j++) {
    mass = (mass * (n - j + 1)) / j
    const next = 1 - 2 * (below + mass)
    if (next < confidence) break
    below += mass
    lower = j
    coverage = next
  }
  const mid = median(sorted)
  const low = sorted[lower]
  const high = sorted[n - 1 - lower]
  const plusMinus = Math.max(mid - low, high - mid)
  return {
    median: mid,
    low,
    high,
    plusMinus,
    relative: plusMinus / Math.abs(mid),
    coverage: Math.max(0, coverage),
    count: n,
  }
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
