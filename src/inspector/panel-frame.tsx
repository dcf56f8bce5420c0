import type { ComponentChildren } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { leaveField } from './steering/leave-field.js'
import { ResizeHandle } from './resize-handle.js'

/** Where the panel remembers its dock and size, across reloads. */
const LAYOUT_KEY = 'conversation-asset-mock:inspector-layout'
const MIN_SIZE = 200
/** Under this width the panel docks at the bottom, whatever was chosen. */
const NARROW = '(max-width: 699px)'

type Dock = 'bottom' | 'right'
interface Layout {
  readonly dock: Dock
  /** Height when docked at the bottom, width when on the right, in pixels. */
  readonly size: number
}

/**
 * The panel around the inspector: a non-modal dialog docked at the bottom or
 * on the right of the page, resized by dragging or the arrow keys on its
 * edge, closed by × or Escape. Dock and size are kept across reloads.
 *
 * @example
 * <PanelFrame close={() => launcher.close()}><App connection={connection} layout="panel" /></PanelFrame>
 */
export function PanelFrame({ close, children }: { close: () => void; children: ComponentChildren }) {
  const [layout, setLayout] = useState<Layout>(readLayout)
  const narrow = useMedia(NARROW)
  const dock: Dock = narrow ? 'bottom' : layout.dock
  const extent = () => (dock === 'bottom' ? window.innerHeight : window.innerWidth)
  const max = Math.max(MIN_SIZE, extent() - 40)
  const size = Math.min(Math.max(layout.size, MIN_SIZE), max)
  const change = (next: Layout) => {
    setLayout(next)
    saveLayout(next)
  }
  const resizeTo = (next: number) => change({ ...layout, size: Math.round(Math.min(Math.max(next, MIN_SIZE), max)) })

  return (
    <div
      class={`panel panel-${dock}`}
      style={dock === 'bottom' ? `height: ${size}px` : `width: ${size}px`}
      role="dialog"
      aria-label="conversation-asset-mock inspector"
      // Where focus goes when Escape leaves a text field, so the next Escape closes the panel.
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return
        event.preventDefault()
        // In a text field, Escape clears it, then leaves it; only then does it close the panel.
        if (!leaveField(event, event.currentTarget)) close()
      }}
    >
      <ResizeHandle dock={dock} size={size} min={MIN_SIZE} max={max} resizeTo={resizeTo} />
      <div class="panel-tools">
        {!narrow && (
          <button
            class="panel-tool"
            onClick={() => change({ ...layout, dock: dock === 'bottom' ? 'right' : 'bottom' })}
            aria-label={dock === 'bottom' ? 'Dock the inspector on the right' : 'Dock the inspector at the bottom'}
            title={dock === 'bottom' ? 'Dock right' : 'Dock bottom'}
          >
            {dock === 'bottom' ? '⇥' : '⤓'}
          </button>
        )}
        <button class="panel-tool" aria-label="Close the inspector" title="Close (Escape)" onClick={close}>
          ×
        </button>
      </div>
      {children}
    </div>
  )
}

/** Whether a media query matches, following changes. */
function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches)
  useEffect(() => {
    const list = window.matchMedia(query)
    const onChange = () => setMatches(list.matches)
    list.addEventListener('change', onChange)
    return () => list.removeEventListener('change', onChange)
  }, [query])
  return matches
}

function readLayout(): Layout {
  const fallback: Layout = { dock: 'bottom', size: Math.round(window.innerHeight / 2) }
  try {
    const saved = JSON.parse(localStorage.getItem(LAYOUT_KEY) ?? 'null') as Partial<Layout> | null
    if (!saved || (saved.dock !== 'bottom' && saved.dock !== 'right') || !Number.isFinite(saved.size)) return fallback
    return { dock: saved.dock, size: saved.size! }
  } catch {
    return fallback
  }
}

function saveLayout(layout: Layout): void {
  try {
    localStorage.setItem(LAYOUT_KEY, JSON.stringify(layout))
  } catch {
    // Storage can be off: the layout holds until the reload.
  }
}
