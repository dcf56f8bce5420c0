import type { AnnotationRecord, AssetRecord, FormatRecord } from '../store/schemas/schemas.js'
import { sharedEmptyIds } from '../store/schemas/shared-defaults.js'
import type { Pools } from './generate-pools.js'
import { annotationLinks, flat, link, maybeLink } from './generated-links.js'
import type { Context } from './generation-context.js'
import { LANGUAGES } from './word-lists.js'
import { DAY, HOUR, SECOND } from './seeded-sources.js'

type Language = (typeof LANGUAGES)[number]
type Snippet = ReturnType<Language['templates'][number]>

/**
 * Creates `count` assets, each with one code format, maybe a description and links into the pools.
 *
 * @example
 * const { assets, formats } = createAssets(context, 100, pools, annotations)
 */
export function createAssets(
  context: Context,
  count: number,
  pools: Pools,
  annotations: AnnotationRecord[],
): { assets: AssetRecord[]; formats: FormatRecord[] } {
  const { random, words, uuid } = context
  const assets: AssetRecord[] = []
  const formats: FormatRecord[] = []
  for (let i = 0; i < count; i++) {
    const language = random.pick(LANGUAGES)
    const snippet = random.pick(language.templates)(words.names())
    const createdMs = context.moment()
    const asset = assetOf(context, snippet, createdMs, uuid(), uuid())
    formats.push(formatOf(context, asset, language, snippet, pools))
    if (random.chance(0.5)) annotations.push(describe(context, asset, language, snippet, createdMs))
    linkToPools(context, asset, pools)
    assets.push(asset)
    context.advance()
  }
  return { assets, formats }
}

function assetOf(
  context: Context,
  snippet: Snippet,
  createdMs: number,
  assetId: string,
  formatId: string,
): AssetRecord {
  const { random, iso } = context
  const created = iso(createdMs)
  return {
    id: assetId,
    name: flat(snippet.name),
    creator: '',
    mechanism: 'MANUAL',
    created,
    updated: random.chance(0.3) ? iso(createdMs + random.int(1, (30 * DAY) / SECOND) * SECOND) : created,
    formats: [formatId],
    original: formatId,
    preview: { base: formatId },
    tags: [],
    websites: [],
    annotations: [],
    conversations: [],
    summaries: [],
    anchors: [],
    messages: sharedEmptyIds(),
    persons: sharedEmptyIds(),
    score: { manual: random.int(0, 3), automatic: random.int(0, 20) },
    favorited: random.chance(0.1),
    // Hints, findings and shares are drawn after every other record (generate-asset-details.ts).
    hints: sharedEmptyIds(),
    sensitives: sharedEmptyIds(),
    shares: sharedEmptyIds(),
  }
}

function formatOf(
  context: Context,
  asset: AssetRecord,
  language: Language,
  snippet: Snippet,
  pools: Pools,
): FormatRecord {
  return {
    id: asset.original,
    asset: asset.id,
    creator: '',
    classification: { generic: 'CODE', specific: language.ext },
    role: 'BOTH',
    application: { ...context.random.pick(pools.applications) },
    fragment: { string: { raw: flat(snippet.code) }, metadata: { ext: language.ext } },
    created: asset.created,
    updated: asset.created,
  }
}

/** A description annotation of the asset, made an hour or less after it. */
function describe(
  context: Context,
  asset: AssetRecord,
  language: Language,
  snippet: Snippet,
  createdMs: number,
): AnnotationRecord {
  const annotationId = context.uuid()
  const at = context.iso(createdMs + context.random.int(1, HOUR / SECOND) * SECOND)
  asset.annotations.push(annotationId)
  return {
    id: annotationId,
    type: 'DESCRIPTION',
    text: flat(`${language.label} snippet that ${snippet.about}.`),
    created: at,
    updated: at,
    asset: asset.id,
    ...annotationLinks(),
  }
}

/** Links the asset to some tags, maybe a website, an anchor and a workstream summary. */
function linkToPools(context: Context, asset: AssetRecord, pools: Pools): void {
  const { random } = context
  if (random.chance(0.75)) {
    for (const tag of random.distinct(pools.tags, random.int(1, 3))) link(asset.tags, tag.id, tag.assets, asset.id)
  }
  maybeLink(random, 0.2, pools.websites, asset.websites, 'assets', asset.id)
  maybeLink(random, 0.25, pools.anchors, asset.anchors, 'assets', asset.id)
  maybeLink(random, 0.1, pools.summaries, asset.summaries, 'assets', asset.id)
}
