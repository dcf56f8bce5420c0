/**
 * A whole number from a form field, or undefined when it is empty.
 *
 * @example
 * whole(' 3 ') // 3
 */
export const whole = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text))
