import type { AssetRecord, RecordKind, RecordOf, ScoreRecord } from '../store/schemas/schemas.js'

/** What the rankings read records through: a store, or a transaction. */
interface RecordReader {
  get<K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined
}

/** How many assets the recommended and related reads answer at most. */
const RANKED_ASSETS_LIMIT = 10

/** Every use a score counts, added up. */
function usesOf(score: ScoreRecord): number {
  return (
    score.manual +
    score.automatic +
    (score.reuse ?? 0) +
    (score.update ?? 0) +
    (score.reference ?? 0) +
    (score.searched ?? 0)
  )
}

/** Later update first, then the id: the tie-break every ranking here ends with. */
function byRecency(a: AssetRecord, b: AssetRecord): number {
  if (a.updated !== b.updated) return a.updated < b.updated ? 1 : -1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/**
 * The assets `GET /assets/recommended` answers: favorites first, then the
 * most used (the sum of their score's counters), then the most recently
 * updated; ten at most.
 *
 * @example
 * recommendedAssets(store.all('asset')).map((asset) => asset.id)
 */
export function recommendedAssets(assets: Iterable<AssetRecord>): AssetRecord[] {
  return [...assets]
    .sort((a, b) => Number(b.favorited) - Number(a.favorited) || usesOf(b.score) - usesOf(a.score) || byRecency(a, b))
    .slice(0, RANKED_ASSETS_LIMIT)
}

/** The link lists an asset shares with others through a linked record's `assets`. */
const SHARED_THROUGH = ['tag', 'website', 'anchor', 'hint'] as const
const FIELD = { tag: 'tags', website: 'websites', anchor: 'anchors', hint: 'hints' } as const

/**
 * The assets `GET /assets/related` answers for `to`: those that share a tag,
 * website, anchor or hint with it, the most shared first, then the most
 * recently updated; ten at most, `to` itself left out. It reads only the
 * records linked to `to`.
 *
 * @example
 * relatedAssets(store, store.get('asset', id)!).map((asset) => asset.id)
 */
export function relatedAssets(store: RecordReader, to: AssetRecord): AssetRecord[] {
  const shared = new Map<string, number>()
  for (const kind of SHARED_THROUGH) {
    for (const id of to[FIELD[kind]]) {
      for (const other of store.get(kind, id)?.assets ?? []) {
        if (other !== to.id) shared.set(other, (shared.get(other) ?? 0) + 1)
      }
    }
  }
  const assets = [...shared.keys()].flatMap((id) => {
    const asset = store.get('asset', id)
    return asset ? [asset] : []
  })
  return assets.sort((a, b) => shared.get(b.id)! - shared.get(a.id)! || byRecency(a, b)).slice(0, RANKED_ASSETS_LIMIT)
}

/**
 * The assets `GET /assets/pseudo` lists: those the service made rather than
 * the user saved (their mechanism is not `MANUAL`), most recently updated first.
 *
 * @example
 * pseudoAssets(store.all('asset')).map((asset) => asset.id)
 */
export function pseudoAssets(assets: Iterable<AssetRecord>): AssetRecord[] {
  return [...assets].filter((asset) => asset.mechanism !== 'MANUAL').sort(byRecency)
}
