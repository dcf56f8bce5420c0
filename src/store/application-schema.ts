import { z } from 'zod'
import { applicationName, capabilities, mechanism, platform, privacy } from './enums.js'

const DEFAULT_APPLICATION = {
  id: '00000000-0000-4000-8000-00000000a991',
  name: 'OPEN_SOURCE',
  version: '1.0.0',
  platform: 'LINUX',
  onboarded: false,
  privacy: 'OPEN',
} as const

/**
 * An Application as records carry it (a conversation's, a format's): the
 * client's required fields, anything else kept as sent.
 *
 * @example
 * applicationSchema.parse({ id, name: 'VS_CODE', version: '1.2.0', platform: 'MACOS', onboarded: true, privacy: 'OPEN' })
 */
export const applicationSchema = z
  .object({
    id: z.string().min(1),
    name: applicationName,
    version: z.string(),
    platform,
    onboarded: z.boolean(),
    privacy,
    capabilities: capabilities.optional(),
  })
  .loose()

/**
 * An embedded Application that records without one get: the open-source
 * connector every default record is saved from.
 *
 * @example
 * const format = z.object({ application: defaultedApplicationSchema })
 */
export const defaultedApplicationSchema = applicationSchema.default(() => ({ ...DEFAULT_APPLICATION }))

/**
 * A stored application: one that connected (`POST /connect`) or came with
 * the fixtures, as `GET /applications` lists it. Timestamps are the store's
 * own; the wire Application has none.
 *
 * @example
 * await store.write((tx) => tx.insert('application', { id, name: 'VS_CODE', version: '1.2.0', platform: 'MACOS', onboarded: false, privacy: 'OPEN', created, updated }))
 */
export const applicationRecordSchema = z.object({
  id: z.string().min(1),
  name: applicationName,
  version: z.string(),
  platform,
  onboarded: z.boolean().default(false),
  privacy: privacy.default('OPEN'),
  capabilities: capabilities.optional(),
  mechanism: mechanism.optional(),
  automaticUnload: z.boolean().optional(),
  created: z.iso.datetime(),
  updated: z.iso.datetime(),
})
