// Number formats of the bench's tables.

/**
 * "51.4k" for 51,439; "930" for 930.
 *
 * @example
 * thousands(51439) // '51.4k'
 */
export function thousands(value) {
  return value >= 1000 ? `${(value / 1000).toFixed(1)}k` : value.toFixed(0)
}

/**
 * A time in ms: three decimals under 0.1, two under 10, none above.
 *
 * @example
 * ms(0.214) // '0.21'
 */
export function ms(value) {
  return value < 0.1 ? value.toFixed(3) : value < 10 ? value.toFixed(2) : value.toFixed(0)
}
