/** Input types that hold no typed text: Escape in them closes the panel at once. */
const NOT_TEXT = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit'])

/**
 * Escape in a text field, before it closes anything: a field with text is
 * cleared (its input listeners hear it), an empty one is left, focus going
 * to `holder`. Answers false when the key was not Escape in a text field.
 *
 * @example
 * if (event.key === 'Escape' && !leaveField(event, panel)) close()
 */
export function leaveField(event: KeyboardEvent, holder: HTMLElement): boolean {
  const field = event.target
  const isText =
    field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !NOT_TEXT.has(field.type))
  if (!isText) return false
  const text = field as HTMLInputElement | HTMLTextAreaElement
  if (text.value !== '') {
    text.value = ''
    text.dispatchEvent(new Event('input', { bubbles: true }))
  } else {
    holder.focus()
  }
  return true
}
