/** A keyboard step of the resize handle, in pixels. */
const STEP = 24

/**
 * The panel's edge: a separator resized by dragging it or by the arrow keys
 * (Home and End for the smallest and largest size).
 *
 * @example
 * <ResizeHandle dock="bottom" size={320} min={200} max={900} resizeTo={resizeTo} />
 */
export function ResizeHandle({
  dock,
  size,
  min,
  max,
  resizeTo,
}: {
  dock: 'bottom' | 'right'
  size: number
  min: number
  max: number
  resizeTo: (size: number) => void
}) {
  const onPointerDown = (event: PointerEvent) => {
    const handle = event.currentTarget as HTMLElement
    handle.setPointerCapture(event.pointerId)
    const move = (moved: PointerEvent) =>
      resizeTo(dock === 'bottom' ? window.innerHeight - moved.clientY : window.innerWidth - moved.clientX)
    const up = () => {
      handle.removeEventListener('pointermove', move)
      handle.removeEventListener('pointerup', up)
    }
    handle.addEventListener('pointermove', move)
    handle.addEventListener('pointerup', up)
  }
  const onHandleKey = (event: KeyboardEvent) => {
    const grow = dock === 'bottom' ? 'ArrowUp' : 'ArrowLeft'
    const shrink = dock === 'bottom' ? 'ArrowDown' : 'ArrowRight'
    if (event.key === grow) resizeTo(size + STEP)
    else if (event.key === shrink) resizeTo(size - STEP)
    else if (event.key === 'Home') resizeTo(min)
    else if (event.key === 'End') resizeTo(max)
    else return
    event.preventDefault()
  }

  return (
    <div
      class="panel-resize"
      role="separator"
      tabIndex={0}
      aria-label="Resize the inspector"
      aria-orientation={dock === 'bottom' ? 'horizontal' : 'vertical'}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={size}
      onPointerDown={onPointerDown}
      onKeyDown={onHandleKey}
    />
  )
}
