import { useEffect, useRef, useState } from 'preact/hooks'

/** Rows drawn above and below the visible ones, so a fast scroll shows no gap. */
const OVERSCAN = 8

/** Which rows of a long list to draw, and how to bring one into view. */
export interface VirtualWindow {
  /** The scrolling element's ref. */
  readonly ref: { current: HTMLDivElement | null }
  /** The first row to draw and the one after the last. */
  readonly first: number
  readonly end: number
  /** How many rows fit in the visible height. */
  readonly page: number
  /** The height of a row at the scrolling element's present width. */
  readonly rowHeight: number
  /** The scrolling element's width, to pick a layout. */
  readonly width: number
  readonly onScroll: (event: Event) => void
  /** Scrolls just enough for row `index` to be in view. */
  reveal(index: number): void
}

/**
 * A virtual window over `count` rows, each `rowHeightAt(width)` pixels high
 * at the list's width: only the rows in
 * view (and a few around them) are drawn, so every row of a 10,000-row list
 * is reachable by scrolling at the cost of drawing thirty.
 *
 * @example
 * const view = useVirtualWindow(rows.length, (width) => (width < 560 ? 46 : 28))
 * rows.slice(view.first, view.end).map(drawRow)
 */
export function useVirtualWindow(count: number, rowHeightAt: (width: number) => number): VirtualWindow {
  const ref = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [size, setSize] = useState({ height: 400, width: 800 })
  useEffect(() => {
    const element = ref.current
    if (!element) return undefined
    const measure = () => setSize({ height: element.clientHeight, width: element.clientWidth })
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const rowHeight = rowHeightAt(size.width)
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN)
  const end = Math.min(count, Math.ceil((scrollTop + size.height) / rowHeight) + OVERSCAN)
  return {
    ref,
    first,
    end,
    page: Math.max(1, Math.floor(size.height / rowHeight)),
    rowHeight,
    width: size.width,
    onScroll: (event) => setScrollTop((event.currentTarget as HTMLElement).scrollTop),
    reveal(index) {
      const element = ref.current
      if (!element) return
      const top = index * rowHeight
      if (top < element.scrollTop) element.scrollTop = top
      else if (top + rowHeight > element.scrollTop + element.clientHeight)
        element.scrollTop = top + rowHeight - element.clientHeight
    },
  }
}
