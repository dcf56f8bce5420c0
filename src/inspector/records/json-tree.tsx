import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { countOf } from '../format.js'

/** Children drawn at once under one object or array; the rest behind a button. */
const CHILDREN_SHOWN = 200
/** Levels open at first. */
const OPEN_LEVELS = 2

/**
 * A JSON value as a tree: objects and arrays fold (native disclosure, so
 * Enter and Space work), long ones show their first 200 children; and a
 * button that copies the whole value. Text that is not JSON is shown as is.
 *
 * @example
 * <JsonTree label="response" value={{ id: 'c1', messages: [] }} />
 */
export function JsonTree({ label, value }: { label: string; value: unknown }) {
  const parsed = parseJson(value)
  const [copied, setCopied] = useState<string>()
  const text = typeof parsed === 'string' ? parsed : JSON.stringify(parsed, null, 2)
  return (
    <div class="cam-json">
      <div class="cam-json-tools">
        <button
          class="cam-btn"
          aria-label={`copy the ${label}`}
          onClick={() => copyText(text).then(setCopied, () => setCopied('Could not copy: select the text instead.'))}
        >
          Copy
        </button>
        {copied && (
          <span class="cam-note" role="status">
            {copied}
          </span>
        )}
      </div>
      {isTree(parsed) ? (
        <div class="cam-pre" role="group" aria-label={label}>
          <Node value={parsed} depth={0} />
        </div>
      ) : (
        <pre aria-label={label}>{text}</pre>
      )}
    </div>
  )
}

/**
 * Copies text to the clipboard; resolves with what to tell the person.
 *
 * @example
 * await copyText('curl http://localhost:39300/conversations') // 'Copied.'
 */
export async function copyText(text: string): Promise<string> {
  await navigator.clipboard.writeText(text)
  return 'Copied.'
}

function Node({ value, depth, name }: { value: unknown; depth: number; name?: ComponentChildren }) {
  const [all, setAll] = useState(false)
  if (!isTree(value)) {
    return (
      <div class="cam-json-leaf">
        {name}
        <span class={`cam-json-${value === null ? 'null' : typeof value}`}>{JSON.stringify(value)}</span>
      </div>
    )
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value)
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
  const shown = all ? entries : entries.slice(0, CHILDREN_SHOWN)
  return (
    <details open={depth < OPEN_LEVELS}>
      <summary>
        {name}
        {open}
        <span class="cam-note"> {countOf(entries.length, Array.isArray(value) ? 'item' : 'key')} </span>
        {entries.length === 0 && close}
      </summary>
      <div class="cam-json-children">
        {shown.map(([key, item]) => (
          <Node
            key={key}
            value={item}
            depth={depth + 1}
            name={<span class="cam-json-key">{JSON.stringify(key)}: </span>}
          />
        ))}
        {shown.length < entries.length && (
          <button class="cam-btn" onClick={() => setAll(true)}>
            Show {entries.length - shown.length} more
          </button>
        )}
      </div>
      {entries.length > 0 && close}
    </details>
  )
}

function isTree(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}

/** A body as a value: JSON text parsed, anything else as it is; `(none)` for no body. */
function parseJson(value: unknown): unknown {
  if (value === undefined) return '(none)'
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}
