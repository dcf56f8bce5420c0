import type {
  AnchorPointRecord,
  AnchorRecord,
  AssetRecord,
  HintRecord,
  SensitiveRecord,
  ShareRecord,
} from '../store/schemas/schemas.js'
import { sharedZeroScore } from '../store/schemas/shared-defaults.js'
import type { Context } from './generation-context.js'

/** The hints, sensitive findings, shares and anchor points of a generated set. */
export interface AssetDetails {
  hints: HintRecord[]
  sensitives: SensitiveRecord[]
  shares: ShareRecord[]
  anchorPoints: AnchorPointRecord[]
}

const HINT_QUESTIONS = ['How is this used?', 'What does this depend on?', 'Where is this called from?'] as const
/** Every 7th asset holds a finding and every 5th is shared: a few of each at any size. */
const SENSITIVE_EVERY = 7
const SHARE_EVERY = 5

/**
 * Draws the records that hang off assets and anchors, after every other
 * record so the rest of a generated set is the same as without them: one
 * point per anchor (its path), a suggested query on every 3rd asset, a
 * finding in every 7th and a share of every 5th. The assets and anchors
 * linked are replaced by copies with their own link lists.
 *
 * @example
 * const details = createAssetDetails(context, assets, pools.anchors)
 */
export function createAssetDetails(context: Context, assets: AssetRecord[], anchors: AnchorRecord[]): AssetDetails {
  const { uuid, random } = context
  const anchorPoints = anchors.map((anchor, index): AnchorPointRecord => {
    const point = {
      id: uuid(),
      anchor: anchor.id,
      fullpath: anchor.fullpath,
      verified: true,
      platform: 'LINUX' as const,
      created: anchor.created,
      updated: anchor.created,
      score: sharedZeroScore(),
    }
    anchors[index] = { ...anchor, points: [point.id] }
    return point
  })
  const hints: HintRecord[] = []
  const sensitives: SensitiveRecord[] = []
  const shares: ShareRecord[] = []
  assets.forEach((asset, index) => {
    const at = { created: asset.created, updated: asset.created, score: sharedZeroScore() }
    const linked = { ...asset }
    if (index % 3 === 0) {
      const hint = { id: uuid(), type: 'SUGGESTED_QUERY' as const, text: random.pick(HINT_QUESTIONS), ...at }
      hints.push({ ...hint, assets: [asset.id] })
      linked.hints = [hint.id]
    }
    if (index % SENSITIVE_EVERY === 0) {
      const sensitive = sensitiveOf(uuid(), asset, at)
      sensitives.push(sensitive)
      linked.sensitives = [sensitive.id]
    }
    if (index % SHARE_EVERY === 0) {
      const share = { id: uuid(), access: random.chance(0.5) ? ('PUBLIC' as const) : ('PRIVATE' as const), ...at }
      shares.push({ ...share, assets: [asset.id] })
      linked.shares = [share.id]
    }
    assets[index] = linked
  })
  return { hints, sensitives, shares, anchorPoints }
}

function sensitiveOf(
  id: string,
  asset: AssetRecord,
  at: Pick<SensitiveRecord, 'created' | 'updated' | 'score'>,
): SensitiveRecord {
  return {
    id,
    asset: asset.id,
    text: `sk_test_${id.replace(/-/g, '').slice(0, 24)}`,
    mechanism: 'AUTOMATIC',
    category: 'API_KEY',
    severity: 'HIGH',
    name: 'API key',
    description: `A secret key in ${asset.name ?? 'the asset'}.`,
    ...at,
  }
}
