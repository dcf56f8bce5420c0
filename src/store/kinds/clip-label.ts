const LABEL_LENGTH = 80

/**
 * A label cut to the inspector's 80 characters, ending in `…` when cut.
 *
 * @example
 * clipLabel('a'.repeat(100)).length // 80
 */
export function clipLabel(text: string): string {
  return text.length > LABEL_LENGTH ? `${text.slice(0, LABEL_LENGTH - 1)}…` : text
}
