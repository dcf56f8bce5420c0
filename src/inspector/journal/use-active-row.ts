import { useState } from 'preact/hooks'
import type { JournalRow } from '../../control/inspection/inspection.js'
import type { VirtualWindow } from './use-virtual-window.js'

/** The list's active row, how to make one active, and its keyboard handler. */
interface ActiveRow {
  readonly active: JournalRow | undefined
  readonly setActiveId: (id: number) => void
  readonly onKeyDown: (event: KeyboardEvent) => void
}

/**
 * The active row of a virtualized list and its keys: arrows, Page Up/Down,
 * Home and End move it (scrolling it into view), Enter or Space opens it.
 *
 * @example
 * const { active, setActiveId, onKeyDown } = useActiveRow(rows, view, open)
 */
export function useActiveRow(rows: readonly JournalRow[], view: VirtualWindow, open: (id: number) => void): ActiveRow {
  const [activeId, setActiveId] = useState<number>()
  const found = rows.findIndex((row) => row.id === activeId)
  const activeIndex = found === -1 ? 0 : found
  const active = rows[activeIndex]

  const moveTo = (index: number) => {
    const row = rows[Math.min(Math.max(index, 0), rows.length - 1)]
    if (!row) return
    setActiveId(row.id)
    view.reveal(rows.indexOf(row))
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const target: Record<string, number | undefined> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + view.page,
      PageUp: activeIndex - view.page,
      Home: 0,
      End: rows.length - 1,
    }
    const index = target[event.key]
    if (index !== undefined) moveTo(index)
    else if ((event.key === 'Enter' || event.key === ' ') && active) open(active.id)
    else return
    event.preventDefault()
  }
  return { active, setActiveId, onKeyDown }
}
