import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { anchorType, annotationType, mechanism, tagCategory } from '../../store/schemas/enums.js'
import { personTypeSchema, workstreamEventTriggerSchema } from '../../store/schemas/schemas.js'
import { applicationSchema } from '../../store/schemas/schemas.js'
import { recordId as id, reference, references, groupedTimestamp as timestamp } from './wire-parts.js'

/*
 * The seeds the official client creates tags, websites, anchors, ranges,
 * workstream summaries, annotations and activities from (wire keys). Unknown
 * keys are accepted and ignored, as the real service does.
 */

/** SeededAnnotation: an annotation to create, and the records it is about. */
export const seededAnnotationInput = lazySchema(() =>
  z
    .object({
      type: annotationType,
      text: z.string(),
      mechanism: mechanism.optional(),
      favorited: z.boolean().optional(),
      asset: id.optional(),
      conversation: id.optional(),
      anchor: id.optional(),
      workstream_summary: id.optional(),
      person: id.optional(),
      messages: references.optional(),
      anchors: references.optional(),
      tags: references.optional(),
      websites: references.optional(),
      summaries: references.optional(),
      persons: references.optional(),
      workstream_events: references.optional(),
    })
    .loose(),
)

export type SeededAnnotationInput = z.output<typeof seededAnnotationInput>

/** SeededTag: the body of `POST /tags/create`. */
export const seededTagInput = lazySchema(() =>
  z
    .object({
      text: z.string(),
      asset: id.optional(),
      person: id.optional(),
      mechanism: mechanism.optional(),
      category: tagCategory.optional(),
    })
    .loose(),
)

/** SeededWebsite: the body of `POST /websites/create`. */
export const seededWebsiteInput = lazySchema(() =>
  z
    .object({
      url: z.string(),
      name: z.string(),
      asset: id.optional(),
      conversation: id.optional(),
      person: id.optional(),
      mechanism: mechanism.optional(),
    })
    .loose(),
)

/** SeededAnchor: the body of `POST /anchors/create`. */
export const seededAnchorInput = lazySchema(() =>
  z
    .object({
      type: anchorType,
      fullpath: z.string(),
      name: z.string().optional(),
      watch: z.boolean().optional(),
      asset: id.optional(),
      conversation: id.optional(),
      annotations: z.array(seededAnnotationInput).optional(),
      persons: references.optional(),
    })
    .loose(),
)

/** SeededRange: the body of `POST /ranges/create`. */
export const seededRangeInput = lazySchema(() =>
  z
    .object({
      from: timestamp.optional(),
      to: timestamp.optional(),
      between: z.boolean().optional(),
      summary: reference.optional(),
      conversation: z.object({ reference }).loose().optional(),
    })
    .loose(),
)

/** SeededWorkstreamSummary: the body of `POST /workstream_summaries/create`. */
export const seededWorkstreamSummaryInput = lazySchema(() =>
  z
    .object({
      name: z.string(),
      model: z.object({ id }).loose(),
      favorited: z.boolean().optional(),
      annotations: z.array(seededAnnotationInput).optional(),
      ranges: references.optional(),
      websites: references.optional(),
      anchors: references.optional(),
      assets: references.optional(),
      conversations: references.optional(),
      tags: references.optional(),
      persons: references.optional(),
      events: references.optional(),
    })
    .loose(),
)

/** SeededActivity: the body of `POST /activities/create`. */
export const seededActivityInput = lazySchema(() =>
  z
    .object({
      event: z.record(z.string(), z.unknown()),
      application: applicationSchema,
      asset: reference.optional(),
      format: reference.optional(),
      mechanism: mechanism.optional(),
    })
    .loose(),
)

/** SeededPerson: the body of `POST /persons/create`, a person and the asset, anchors and annotations they come with. */
export const seededPersonInput = lazySchema(() =>
  z
    .object({
      type: personTypeSchema,
      asset: id.optional(),
      mechanism: mechanism.optional(),
      annotations: z.array(seededAnnotationInput).optional(),
      anchors: references.optional(),
    })
    .loose(),
)

/** SeededWorkstreamEvent: the body of `POST /workstream_events/create`. */
export const seededWorkstreamEventInput = lazySchema(() =>
  z
    .object({
      application: applicationSchema,
      trigger: workstreamEventTriggerSchema,
      context: z.record(z.string(), z.unknown()).optional(),
      readable: z.string().optional(),
      summary: reference.optional(),
      tags: references.optional(),
      anchors: references.optional(),
      websites: references.optional(),
      persons: references.optional(),
    })
    .loose(),
)

/** ExistentMetadata: the text or URL `POST /tags/exists` and `POST /websites/exists` look for. */
export const existentMetadataInput = lazySchema(() => z.object({ value: z.string() }).loose())

export type SeededTagInput = z.output<typeof seededTagInput>
export type SeededWebsiteInput = z.output<typeof seededWebsiteInput>
export type SeededAnchorInput = z.output<typeof seededAnchorInput>
export type SeededRangeInput = z.output<typeof seededRangeInput>
export type SeededWorkstreamSummaryInput = z.output<typeof seededWorkstreamSummaryInput>
export type SeededActivityInput = z.output<typeof seededActivityInput>
export type SeededPersonInput = z.output<typeof seededPersonInput>
export type SeededWorkstreamEventInput = z.output<typeof seededWorkstreamEventInput>
