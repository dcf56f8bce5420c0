import { useLayoutEffect, useRef } from 'preact/hooks'
import { useFocusAfterRemoval } from '../../use-focus-after-removal.js'
import type { HeaderRow } from './stub-form-spec.js'

/** A header row as the form keeps it: a key that stays with the row as rows come and go. */
export interface KeyedHeaderRow extends HeaderRow {
  readonly key: number
}

/**
 * The request headers a stub must match, a row each (name and value, labelled
 * by their number), each with Remove, and Add header, which puts focus on the
 * new row's name. After Remove, focus goes to the Remove of the row that took
 * its place (else the one before), or to Add header once no row is left.
 *
 * @example
 * <HeaderRows rows={fields.headers} onRows={(headers) => setFields({ ...fields, headers })} />
 */
export function HeaderRows({
  rows,
  onRows,
}: {
  rows: readonly KeyedHeaderRow[]
  onRows: (rows: readonly KeyedHeaderRow[]) => void
}) {
  const group = useRef<HTMLSpanElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const added = useRef(false)
  const focusAfter = useFocusAfterRemoval()
  useLayoutEffect(() => {
    if (!added.current) return
    added.current = false
    group.current?.querySelector<HTMLElement>(':scope > span:last-of-type input')?.focus()
  })
  const set = (at: number, change: Partial<HeaderRow>) =>
    onRows(rows.map((row, index) => (index === at ? { ...row, ...change } : row)))
  const remove = (button: HTMLElement, at: number) => {
    focusAfter(button, () => {
      const buttons = group.current?.querySelectorAll<HTMLElement>(':scope > span button') ?? []
      return [buttons[at] ?? buttons[at - 1], addButton.current]
    })
    onRows(rows.filter((_, index) => index !== at))
  }
  const add = () => {
    added.current = true
    onRows([...rows, { key: Math.max(0, ...rows.map((row) => row.key)) + 1, name: '', value: '' }])
  }

  return (
    <span class="cam-form" role="group" aria-label="request headers" ref={group}>
      {rows.map((row, at) => (
        <span class="cam-form" key={row.key}>
          <label>
            header
            <input
              aria-label={`stub header ${String(at + 1)} name`}
              placeholder="x-name"
              value={row.name}
              onInput={(event) => set(at, { name: event.currentTarget.value })}
            />
          </label>
          <label>
            value
            <input
              aria-label={`stub header ${String(at + 1)} value`}
              value={row.value}
              onInput={(event) => set(at, { value: event.currentTarget.value })}
            />
          </label>
          <button
            type="button"
            aria-label={`remove header ${String(at + 1)}`}
            onClick={(event) => remove(event.currentTarget, at)}
          >
            Remove
          </button>
        </span>
      ))}
      <button type="button" ref={addButton} onClick={add}>
        Add header
      </button>
    </span>
  )
}
