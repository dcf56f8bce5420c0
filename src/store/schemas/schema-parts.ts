import { z } from 'zod'
import { classificationSpecific } from './enums.js'
import { builtOnce } from './lazy-schema.js'
import { sharedEmptyIds, sharedZeroScore } from './shared-defaults.js'
import { timestampSchema } from './timestamp-schema.js'

/*
 * The pieces the record schemas share. Timestamps are stored as ISO-8601
 * strings in UTC with a trailing `Z` (any form a client sends is read into
 * that one). The object schemas among them are built on first use.
 */

/** The parts nearly every record schema holds: an id, a list of ids (empty by default), an ISO-8601 timestamp in UTC. */
export const buildBasics = builtOnce(() => {
  const id = z.string().min(1)
  return { id, ids: z.array(id).default(() => sharedEmptyIds()), timestamp: timestampSchema }
})

const buildCount = builtOnce(() => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER))

/** A Score: how often a record was used, as counters. */
export const buildScore = builtOnce(() => {
  const count = buildCount()
  return z.object({
    manual: count,
    automatic: count,
    priority: count.optional(),
    reuse: count.optional(),
    update: count.optional(),
    reference: count.optional(),
    searched: count.optional(),
  })
})

/** A TransferableString (its `raw` text only). */
export const buildTransferableString = builtOnce(() => z.object({ raw: z.string().optional() }).loose())

/** A fragment of a message or a format: its text and its extension. */
export const buildFragment = builtOnce(() =>
  z.object({
    string: buildTransferableString().optional(),
    metadata: z.object({ ext: classificationSpecific.optional() }).loose().optional(),
  }),
)

/** Where a sensitive finding matched (a TextMatch: its group and subgroup) and how random its text looks (SensitiveMetadata). */
export const buildSensitiveMetadata = builtOnce(() => {
  const position = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
  const group = z.object({ text: z.string(), start: position, end: position })
  return z.object({
    match: z.object({ group, subgroup: group.optional() }).optional(),
    entropy: z.number().optional(),
  })
})

/** The fields a website and an anchor end with alike: their times, the records they are linked to, a score. */
export const buildContextLinks = ({ ids, timestamp } = buildBasics()) => ({
  created: timestamp,
  updated: timestamp,
  assets: ids,
  conversations: ids,
  annotations: ids,
  messages: ids,
  tags: ids,
  summaries: ids,
  persons: ids,
  workstreamEvents: ids,
  score: buildScore().default(sharedZeroScore),
})

/** A PersonType: a basic person (PersonBasicType, every field optional), or a Pieces user (`platform`, a UserProfile kept as sent). */
export const buildPersonType = builtOnce(() =>
  z.object({
    basic: z
      .object({
        username: z.string().optional(),
        name: z.string().optional(),
        picture: z.string().optional(),
        email: z.string().optional(),
        url: z.string().optional(),
        sourced: z.string().optional(),
      })
      .loose()
      .optional(),
    platform: z.record(z.string(), z.unknown()).optional(),
  }),
)

/** What a WorkstreamEventTrigger can say happened, by its wire keys. */
const TRIGGERS = [
  'check_in',
  'copy',
  'paste',
  'file_open',
  'file_close',
  'tab_switch',
  'tab_close',
  'tab_open',
  'tab_enter',
  'tab_leave',
  'url_changed',
  'application_enter',
  'application_leave',
  'application_switch',
  'native_screenshot',
] as const

/** A WorkstreamEventTrigger as a workstream event keeps it: its wire keys, each optional. */
export const buildWorkstreamEventTrigger = builtOnce(() =>
  z.object(
    Object.fromEntries(TRIGGERS.map((key) => [key, z.boolean().optional()])) as Record<
      (typeof TRIGGERS)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  ),
)
