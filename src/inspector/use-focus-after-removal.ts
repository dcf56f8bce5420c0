import { useLayoutEffect, useRef } from 'preact/hooks'

/**
 * Keeps focus on a named control when an action removes the one that had it
 * (Remove a fault, Delete a snapshot): once `removed` has left the page, focus
 * goes to the first of `next()` still on it, so it never drops to the page's body.
 *
 * @example
 * const focusAfter = useFocusAfterRemoval()
 * onClick={(event) => { focusAfter(event.currentTarget, () => [nextButton, nameField]); act(remove) }}
 */
export function useFocusAfterRemoval(): (
  removed: HTMLElement,
  next: () => readonly (HTMLElement | null | undefined)[],
) => void {
  const pending = useRef<
    { removed: HTMLElement; root: Node; next: () => readonly (HTMLElement | null | undefined)[] } | undefined
  >(undefined)
  useLayoutEffect(() => {
    const waiting = pending.current
    if (!waiting || waiting.removed.isConnected) return
    pending.current = undefined
    // Only when the focus went with the removed control: a user who moved on keeps their place.
    const active = (waiting.root as Document | ShadowRoot).activeElement
    if (active !== null && active !== document.body) return
    waiting
      .next()
      .find((element) => element?.isConnected)
      ?.focus()
  })
  return (removed, next) => {
    pending.current = { removed, root: removed.getRootNode(), next }
  }
}

/**
 * Keeps focus on a named control when a row's Remove button goes: on the Remove
 * of the row `neighbour` (by the id its label names), else on the heading of
 * the row's section.
 *
 * @example
 * const focusAfterRow = useFocusAfterRowRemoval()
 * onClick={(event) => { focusAfterRow(event.currentTarget, nextFault?.id); act(remove) }}
 */
export function useFocusAfterRowRemoval(): (button: HTMLElement, neighbour: string | undefined) => void {
  const focusAfter = useFocusAfterRemoval()
  return (button, neighbour) => {
    const list = button.closest('ul')
    const section = button.closest('section')
    focusAfter(button, () => [
      neighbour === undefined
        ? undefined
        : list?.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(`remove ${neighbour}`)}"]`),
      section?.querySelector<HTMLElement>('h2'),
    ])
  }
}
