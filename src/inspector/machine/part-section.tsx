import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { ActionError } from '../action-error.js'
import { JsonTree } from '../records/json-tree.js'

/**
 * One machine part: a heading, a readable summary of its state, its setter
 * when the control plane has one (with the setter's error beside it), and its
 * raw JSON behind a disclosure, drawn only once opened.
 *
 * @example
 * <PartSection name="settings" title="Settings" raw={os.settings} setter={<AutobootSwitch {...setter} />}>…</PartSection>
 */
export function PartSection({
  name,
  title,
  raw,
  setter,
  children,
}: {
  /** The part's name: its section's label, and the scope of its setter's errors. */
  name: string
  title: string
  raw: unknown
  setter?: ComponentChildren
  children: ComponentChildren
}) {
  const [open, setOpen] = useState(false)
  return (
    <section aria-label={name} class="cam-part">
      <h2>{title}</h2>
      {children}
      {setter}
      <ActionError scope={name} />
      <details class="cam-raw" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Raw JSON</summary>
        {open && <JsonTree label={`${name} JSON`} value={raw} />}
      </details>
    </section>
  )
}

/**
 * A list of a part's entries, or a note when it has none.
 *
 * @example
 * <PartList label="opened URLs" empty="No URL opened." items={urls} render={(open) => open.url} />
 */
export function PartList<T>({
  label,
  empty,
  items,
  render,
}: {
  label: string
  empty: string
  items: readonly T[]
  render: (item: T) => ComponentChildren
}) {
  if (items.length === 0) return <p class="cam-note">{empty}</p>
  return (
    <ul class="cam-part-list" aria-label={label}>
      {items.map((item, at) => (
        <li key={at}>{render(item)}</li>
      ))}
    </ul>
  )
}
