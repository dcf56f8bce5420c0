import { z } from 'zod'
import type { Store } from '../../store/create-store.js'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import type { OperationContext } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody } from '../define/request-input.js'

const MAX_TAGS = 64
const seededTagsInput = lazySchema(() =>
  z.object({ iterable: z.array(z.object({ text: z.string().max(1000) }).loose()).max(MAX_TAGS) }).loose(),
)

/** The formats grouped by classification, in the order each classification first appears. */
function groups(store: Store) {
  const byKey = new Map<string, { generic: string; specific: string; identifiers: string[] }>()
  for (const format of store.all('format')) {
    const { generic, specific } = format.classification
    const key = `${generic} ${specific}`
    const group = byKey.get(key) ?? { generic, specific, identifiers: [] }
    group.identifiers.push(format.id)
    byKey.set(key, group)
  }
  return [...byKey.values()]
}

/**
 * `GET /metrics/formats`: one FormatMetric per classification the formats have, with their ids.
 *
 * @example
 * formatMetrics(store).iterable[0] // { generic: 'CODE', specific: 'ts', identifiers: ['…'] }
 */
export function formatMetrics(store: Store) {
  return { iterable: groups(store) }
}

/**
 * `GET /metrics/formats/ordered`: the languages of the formats, the most used first (ties by name).
 *
 * @example
 * orderedMetrics(store).ordered // ['ts', 'py', …]
 */
export function orderedMetrics(store: Store) {
  const counts = new Map<string, number>()
  for (const group of groups(store)) {
    counts.set(group.specific, (counts.get(group.specific) ?? 0) + group.identifiers.length)
  }
  const ordered = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([specific]) => specific)
  return { ordered }
}

/**
 * `POST /search/tag_based`: the assets carrying any of the tags asked (by
 * text, case aside), the most matching tags first; exact when an asset
 * carries every one. Identifiers only, as the service answers.
 *
 * @example
 * tagSearch(context) // { iterable: [{ identifier: '…', exact: true, score: 2, match: 'TAGS' }], exact: 1, suggested: 0 }
 */
export function tagSearch(context: OperationContext) {
  requireBody(context.request.body, 'SeededAssetTags')
  const { iterable } = parseBody(seededTagsInput, context.request.body, 'SeededAssetTags')
  const wanted = new Set(iterable.map((tag) => tag.text.trim().toLowerCase()))
  const found = []
  for (const asset of context.store.all('asset')) {
    const texts = asset.tags.flatMap((id) => context.store.get('tag', id)?.text.toLowerCase() ?? [])
    const score = [...wanted].filter((text) => texts.includes(text)).length
    if (score > 0) found.push({ identifier: asset.id, exact: score === wanted.size, score, match: 'TAGS' })
  }
  found.sort((a, b) => b.score - a.score)
  const exact = found.filter((item) => item.exact).length
  return { iterable: found, exact, suggested: found.length - exact }
}
