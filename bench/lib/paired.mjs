import { collectGarbage, median, medianInterval } from './stats.mjs'

/** How the rounds of a figure end, unless a section says otherwise. */
export const ROUNDS = {
  /** The half-width of the median's 95% interval, over the median, at which a full run stops adding rounds. */
  bound: 0.05,
  /** Rounds a full run takes at least (six is the fewest whose whole range is a 95% interval of the median). */
  minRounds: 6,
  maxRounds: 60,
  /** The fixed rounds of --quick: two with the mock first, two with the baseline first. */
  quickRounds: 4,
}

/**
 * Measures the mock against its baseline in paired rounds: one run of each per
 * round, the mock first in even rounds and the baseline first in odd ones, after
 * one unrecorded warm-up run of each. Every round gives one value of each ratio
 * (computed from that round's two runs only), so drift of the machine between
 * rounds moves both sides of a ratio together. A full run adds rounds until
 * every ratio's 95% interval of the median is within ±`bound` of it, one more
 * round would pass the time cap (a round that alone takes longer than the cap
 * still runs once), or `maxRounds` is reached; a quick run
 * takes `quickRounds` and reports whatever spread they show.
 *
 * `measure(side, round)` runs one side (`'mock'` or `'baseline'`) and resolves
 * with what it measured; `ratios` maps a name to `(mock, baseline) => number`.
 * `between(side)` runs after each run, outside the timing (e.g. waiting for a
 * server to go quiet).
 *
 * @example
 * const result = await pairedRounds({
 *   quick: false,
 *   capSeconds: 20,
 *   measure: (side) => load(side === 'mock' ? mock : bare),
 *   ratios: { rate: (mock, baseline) => mock.rate / baseline.rate },
 * })
 * result.ratios.rate.median // 0.93
 */
export async function pairedRounds({
  quick,
  measure,
  ratios,
  capSeconds,
  bound = ROUNDS.bound,
  minRounds = ROUNDS.minRounds,
  maxRounds = ROUNDS.maxRounds,
  quickRounds = ROUNDS.quickRounds,
  warmUp = true,
  between = async () => undefined,
  onRound = () => undefined,
}) {
  const runs = { mock: [], baseline: [] }
  const values = Object.fromEntries(Object.keys(ratios).map((name) => [name, []]))
  const run = async (side, round) => {
    collectGarbage()
    const result = await measure(side, round)
    await between(side)
    return result
  }
  const started = performance.now()
  if (warmUp) {
    await run('baseline', -1)
    await run('mock', -1)
  }
  const measuringFrom = performance.now()
  let stoppedBy = 'rounds'
  const limit = quick ? quickRounds : maxRounds
  for (let round = 0; round < limit; round++) {
    const roundStarted = performance.now()
    const order = round % 2 === 0 ? ['mock', 'baseline'] : ['baseline', 'mock']
    const results = {}
    for (const side of order) results[side] = await run(side, round)
    runs.mock.push(results.mock)
    runs.baseline.push(results.baseline)
    for (const [name, ratio] of Object.entries(ratios)) values[name].push(ratio(results.mock, results.baseline))
    onRound(round, results)
    if (quick) continue
    const done = round + 1
    const intervals = Object.values(values).map((list) => medianInterval(list))
    if (done >= minRounds && intervals.every((interval) => interval.relative <= bound)) {
      stoppedBy = 'spread'
      break
    }
    // Stop when one more round (as long as this one) would pass the cap.
    const elapsed = (performance.now() - measuringFrom) / 1000
    const roundSeconds = (performance.now() - roundStarted) / 1000
    if (elapsed + roundSeconds > capSeconds) {
      stoppedBy = 'time'
      break
    }
  }
  if (quick) stoppedBy = 'quick'
  return {
    rounds: runs.mock.length,
    seconds: (performance.now() - started) / 1000,
    stoppedBy,
    bound,
    ratios: Object.fromEntries(
      Object.entries(values).map(([name, list]) => [name, { ...medianInterval(list), values: list }]),
    ),
    mock: runs.mock,
    baseline: runs.baseline,
  }
}

/** The median over rounds of one measured field of one side, e.g. `sideMedian(result.mock, 'rate')`. */
export function sideMedian(runs, field) {
  return median(runs.map((run) => run[field]))
}

/**
 * A table row for one ratio of paired rounds: its median first, then its
 * spread and rounds, then what the reader needs to judge it.
 * `target` is `{ atMost }` or `{ atLeast }` (or nothing, for a figure
 * reported without a target).
 *
 * @example
 * ratioRow('in-process GET /asset/{id} ÷ static MSW handler', result, 'time', { atMost: 1.2, text: '≤ 1.2 (aim ≤ 1.0)' }, '152 vs 160 µs')
 * // { figure, value: '0.95 (±0.03, 12 rounds; 152 vs 160 µs)', target: '≤ 1.2 (aim ≤ 1.0)', met: 'yes', … }
 */
export function ratioRow(figure, paired, name, target, details, digits = 2) {
  const ratio = paired.ratios[name]
  const notes = [`${paired.rounds} round${paired.rounds === 1 ? '' : 's'}`]
  if (paired.stoppedBy === 'quick') notes.push('quick')
  if (paired.stoppedBy !== 'spread' && paired.stoppedBy !== 'quick' && ratio.relative > paired.bound) {
    notes.push(paired.stoppedBy === 'time' ? 'time cap' : 'round cap')
  }
  // One round has no spread to show; two to five show their whole range (see medianInterval).
  const spread = paired.rounds === 1 ? 'spread unknown' : `±${ratio.plusMinus.toFixed(digits)}`
  const value = `${ratio.median.toFixed(digits)} (${spread}, ${notes.join(', ')}${details ? `; ${details}` : ''})`
  let met = ''
  if (target?.atMost !== undefined) met = ratio.median <= target.atMost ? 'yes' : 'no'
  if (target?.atLeast !== undefined) met = ratio.median >= target.atLeast ? 'yes' : 'no'
  return {
    figure,
    value,
    target: target?.text ?? '',
    met,
    median: ratio.median,
    low: ratio.low,
    high: ratio.high,
    plusMinus: ratio.plusMinus,
    coverage: ratio.coverage,
    rounds: paired.rounds,
    stoppedBy: paired.stoppedBy,
  }
}

/** A row for a figure that is not a ratio of paired rounds (an absolute time, a size). */
export function plainRow(figure, value, target = '', met = '') {
  return { figure, value, target, met }
}
