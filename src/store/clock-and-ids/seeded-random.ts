/** A seeded source of random numbers. */
export interface SeededRandom {
  /** A float in [0, 1) with 53 random bits. */
  next(): number
  /** A whole number from `min` to `max`, both included (`min` itself, drawing nothing, when they are equal). */
  int(min: number, max: number): number
}

const N = 624
const M = 397
const MATRIX_A = 0x9908b0df
const UPPER_MASK = 0x80000000
const LOWER_MASK = 0x7fffffff

/**
 * A Mersenne Twister (MT19937) seeded with a number: the same sequence as
 * faker's seeded randomizer (`new SimpleFaker({ seed }).number.int({ min, max })`),
 * so ids made with it are the ones faker would make, without loading faker.
 *
 * @example
 * const random = seededRandom(42)
 * random.int(0, 0xffffffff) // the same on every run
 */
export function seededRandom(seed: number): SeededRandom {
  let states = twist(initialStates(seed))
  let index = 0
  function nextU32(): number {
    let y = states[index]!
    y ^= y >>> 11
    y ^= (y << 7) & 0x9d2c5680
    y ^= (y << 15) & 0xefc60000
    y ^= y >>> 18
    if (++index >= N) {
      states = twist(states)
      index = 0
    }
    return y >>> 0
  }
  function next(): number {
    const high = nextU32() >>> 5
    const low = nextU32() >>> 6
    return (high * 67108864 + low) * (1 / 9007199254740992)
  }
  return {
    next,
    int(min, max) {
      if (min === max) return min
      return Math.floor(next() * (max - min + 1) + min)
    },
  }
}

function initialStates(seed: number): number[] {
  const states = new Array<number>(N)
  states[0] = seed
  for (let i = 1; i < N; i++) {
    const previous = states[i - 1]! ^ (states[i - 1]! >>> 30)
    states[i] = Math.trunc(Math.imul(1812433253, previous) + i)
  }
  return states
}

function twist(states: number[]): number[] {
  for (let i = 0; i < N - M; i++) {
    const y = (states[i]! & UPPER_MASK) + (states[i + 1]! & LOWER_MASK)
    states[i] = states[i + M]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
  }
  for (let i = N - M; i < N - 1; i++) {
    const y = (states[i]! & UPPER_MASK) + (states[i + 1]! & LOWER_MASK)
    states[i] = states[i + M - N]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
  }
  const y = (states[N - 1]! & UPPER_MASK) + (states[0]! & LOWER_MASK)
  states[N - 1] = states[M - 1]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
  return states
}
