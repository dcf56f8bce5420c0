import type { Application, ByteDescriptor, Model, UserProfile } from '@pieces.app/pieces-os-client'
import { buildAllocationCloud } from './allocation-cloud.js'
import { toScore } from './conversation.js'
import type { ApplicationRecord, ModelRecord, UserRecord } from '../../store/schemas/schemas.js'
import type { Wire, WireContext } from '../wire-types.js'

const GB = 1000 * 1000 * 1000
const MB = 1000 * 1000

/** A size in bytes as a ByteDescriptor, read in decimal units as model cards give them. */
function byteDescriptor(value: number): Wire<ByteDescriptor> {
  const readable =
    value >= GB ? `${(value / GB).toFixed(2)} GB` : value >= MB ? `${(value / MB).toFixed(1)} MB` : `${value} B`
  return { value, readable }
}

/**
 * A stored application as the wire Application (its timestamps are the store's only).
 *
 * @example
 * wire.render('application', store.get('application', id)!)
 */
export function buildApplication(record: ApplicationRecord): Wire<Application> {
  const application: Wire<Application> = {
    id: record.id,
    name: record.name,
    version: record.version,
    platform: record.platform,
    onboarded: record.onboarded,
    privacy: record.privacy,
  }
  if (record.capabilities !== undefined) application.capabilities = record.capabilities
  if (record.mechanism !== undefined) application.mechanism = record.mechanism
  if (record.automaticUnload !== undefined) application.automaticUnload = record.automaticUnload
  return application
}

/**
 * A stored model as the wire Model: sizes as ByteDescriptors, `downloaded`,
 * `downloading` and `loaded` always present.
 *
 * @example
 * wire.render('model', store.get('model', id)!)
 */
export function buildModel(record: ModelRecord, context: WireContext): Wire<Model> {
  const model: Wire<Model> = {
    id: record.id,
    version: record.version,
    created: context.timestamp(record.created),
    name: record.name,
    cloud: record.cloud,
    type: record.type,
    usage: record.usage,
    downloaded: record.downloaded,
    downloading: record.downloading,
    loaded: record.loaded,
    custom: record.custom,
  }
  if (record.description !== undefined) model.description = record.description
  if (record.foundation !== undefined) model.foundation = record.foundation
  if (record.provider !== undefined) model.provider = record.provider
  if (record.unique !== undefined) model.unique = record.unique
  if (record.cpu !== undefined) model.cpu = record.cpu
  if (record.parameters !== undefined) model.parameters = record.parameters
  if (record.quantization !== undefined) model.quantization = record.quantization
  if (record.bytes !== undefined) model.bytes = byteDescriptor(record.bytes)
  if (record.ram !== undefined) model.ram = byteDescriptor(record.ram)
  if (record.maxTokens !== undefined) model.maxTokens = { ...record.maxTokens }
  if (record.capabilities !== undefined) model.capabilities = { ...record.capabilities }
  if (record.score !== undefined) model.score = toScore(record.score)
  return model
}

/**
 * A stored user as the wire UserProfile.
 *
 * @example
 * wire.render('user', store.get('user', id)!)
 */
export function buildUserProfile(record: UserRecord, context: WireContext): Wire<UserProfile> {
  const user: Wire<UserProfile> = {
    id: record.id,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    aesthetics: { theme: { dark: record.aesthetics.theme.dark }, font: { size: record.aesthetics.font.size } },
  }
  if (record.name !== undefined) user.name = record.name
  if (record.email !== undefined) user.email = record.email
  if (record.username !== undefined) user.username = record.username
  if (record.vanityname !== undefined) user.vanityname = record.vanityname
  if (record.picture !== undefined) user.picture = record.picture
  if (record.allocation !== undefined) user.allocation = buildAllocationCloud(record, record.allocation, context)
  return user
}
