import { z } from 'zod'
import { classificationSpecific } from './enums.js'
import { sharedEmptyIds } from './record-defaults.js'

/*
 * The pieces the record schemas share. Timestamps are ISO-8601 strings in UTC
 * with a trailing `Z`. The object schemas among them are built on first use.
 */

/** A record id. */
export const id = z.string().min(1)
/** A list of record ids, empty by default. */
export const ids = z.array(id).default(() => sharedEmptyIds())
/** An ISO-8601 timestamp in UTC. */
export const timestamp = z.iso.datetime()
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

/** A Score: how often a record was used, as counters. */
export const buildScore = once(() =>
  z.object({
    manual: count,
    automatic: count,
    priority: count.optional(),
    reuse: count.optional(),
    update: count.optional(),
    reference: count.optional(),
    searched: count.optional(),
  }),
)

/** A TransferableString (its `raw` text only). */
export const buildTransferableString = once(() => z.object({ raw: z.string().optional() }).loose())

/** A fragment of a message or a format: its text and its extension. */
export const buildFragment = once(() =>
  z.object({
    string: buildTransferableString().optional(),
    metadata: z.object({ ext: classificationSpecific.optional() }).loose().optional(),
  }),
)

/** A share of an asset, as the asset keeps it. */
export const buildShare = () => z.object({ id, access: z.enum(['UNKNOWN', 'PUBLIC', 'PRIVATE']), created: timestamp })

/** A function that calls `build` once, on its first call, and gives back that result ever after. */
function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined
  return () => (built ??= { value: build() }).value
}
