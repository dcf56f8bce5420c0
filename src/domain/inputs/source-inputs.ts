import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { scoreSchema } from '../../store/schemas/schemas.js'
import { recordId as id, references, groupedTimestamp as timestamp } from './wire-parts.js'

/*
 * The bodies the official client creates and updates workstream
 * pattern-engine sources and their windows with (wire keys). Unknown keys
 * are accepted and ignored; links change only through the link routes.
 */

/** A WorkstreamPatternEngineSource: what the engine reads (all of it optional). */
const rawSource = lazySchema(() =>
  z
    .object({
      name: z.string().optional(),
      window: z.string().optional(),
      url: z.string().optional(),
      application: z.string().optional(),
      installation: z.string().optional(),
    })
    .loose(),
)

/** WorkstreamPatternEngineSourceSupportedAccessibility: whether the source is readable, and since when. */
const accessibility = lazySchema(() => z.object({ supported: z.boolean(), updated: timestamp }).loose())

/** SeededWorkstreamPatternEngineSource: the body of `POST /workstream_pattern_engine/sources/create`. */
export const seededSourceInput = lazySchema(() =>
  z
    .object({
      raw: rawSource,
      readable: z.string(),
      filter: z.boolean().optional(),
      accessibility: accessibility.optional(),
    })
    .loose(),
)

/** IdentifiedWorkstreamPatternEngineSource: the body of `POST /workstream_pattern_engine/source/update`. */
export const sourceUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      raw: rawSource,
      readable: z.string(),
      created: timestamp,
      updated: timestamp,
      filter: z.boolean().nullish(),
      accessibility: accessibility.nullish(),
      score: scoreSchema.optional(),
    })
    .loose(),
)

/**
 * SeededWorkstreamPatternEngineSourceWindow: the body of
 * `POST /workstream_pattern_engine/source_windows/create`, with the
 * workstream events the window is linked to.
 */
export const seededSourceWindowInput = lazySchema(() =>
  z.object({ name: z.string(), workstream_events: references.optional() }).loose(),
)

/** WorkstreamPatternEngineSourceWindow: the body of `POST /workstream_pattern_engine/source_window/update`. */
export const sourceWindowUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      name: z.string(),
      created: timestamp,
      updated: timestamp,
      score: scoreSchema.optional(),
    })
    .loose(),
)

export type SeededSourceInput = z.output<typeof seededSourceInput>
export type SourceUpdateInput = z.output<typeof sourceUpdateInput>
export type SeededSourceWindowInput = z.output<typeof seededSourceWindowInput>
export type SourceWindowUpdateInput = z.output<typeof sourceWindowUpdateInput>
