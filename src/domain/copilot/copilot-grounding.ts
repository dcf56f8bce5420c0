import type { AssetRecord, FormatRecord, MessageRecord } from '../../store/schemas/schemas.js'

/** A stored snippet an answer can show: the asset and its original format. */
export interface GroundingAsset {
  readonly asset: AssetRecord
  readonly original: FormatRecord | undefined
}

/**
 * What a question is grounded in: the assets its input names, the messages
 * before it (those it names, and its conversation's), and the stored asset
 * most relevant to it when it names none.
 *
 * @example
 * const grounding: CopilotGrounding = { assets: [], messages: [] }
 */
export interface CopilotGrounding {
  readonly assets: readonly GroundingAsset[]
  readonly messages: readonly MessageRecord[]
  /** The stored asset whose name and code share the most keywords with the question, when it names no asset. */
  readonly related?: GroundingAsset
}
