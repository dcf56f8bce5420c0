import type { AssetRecord, MessageRecord, PersonRecord, WorkstreamEventRecord } from '../store/schemas/schemas.js'
import { sharedEmptyIds, sharedZeroScore } from '../store/schemas/shared-defaults.js'
import type { Pools } from './generate-pools.js'
import type { Context } from './generation-context.js'

const FIRST_NAMES = ['Ada', 'Grace', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Radia', 'Guido', 'Frances']
const LAST_NAMES = ['Lovelace', 'Hopper', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov', 'Ritchie', 'Perlman']
const TRIGGERS = ['copy', 'paste', 'file_open', 'tab_switch', 'url_changed', 'application_switch'] as const
const READABLE: Record<(typeof TRIGGERS)[number], string> = {
  copy: 'Copied code',
  paste: 'Pasted code',
  file_open: 'Opened a file',
  tab_switch: 'Switched tabs',
  url_changed: 'Visited a page',
  application_switch: 'Switched applications',
}

/**
 * Adds `id` to a link list of `record`, giving it a list of its own while it
 * still holds the shared (frozen) empty one.
 */
function append<F extends string>(record: Record<F, string[]>, field: F, id: string): void {
  const list = record[field]
  if (Object.isFrozen(list)) record[field] = [id]
  else list.push(id)
}

/**
 * Persons and workstream events, made up after the assets and conversations
 * (so the records before them come out as they did without them): each person
 * wrote one to three assets and maybe took part in a conversation through one
 * of its messages; each event belongs to a workstream summary and maybe names
 * a website, a tag and a person. Every link is written on both records.
 *
 * @example
 * const { persons, events } = createPersonsAndEvents(context, pools, assets, messages, { assets: 100, conversations: 50 })
 */
export function createPersonsAndEvents(
  context: Context,
  pools: Pools,
  assets: readonly AssetRecord[],
  messages: readonly MessageRecord[],
  options: { readonly assets: number; readonly conversations: number },
): { persons: PersonRecord[]; events: WorkstreamEventRecord[] } {
  const persons: PersonRecord[] = []
  for (let i = Math.max(2, Math.round(options.assets / 50)); i > 0; i--) {
    persons.push(createPerson(context, persons.length, assets, messages))
  }
  const events: WorkstreamEventRecord[] = []
  for (let i = Math.max(2, Math.round(options.conversations / 50)); i > 0; i--) {
    events.push(createEvent(context, pools, persons))
  }
  return { persons, events }
}

function createPerson(
  context: Context,
  index: number,
  assets: readonly AssetRecord[],
  messages: readonly MessageRecord[],
): PersonRecord {
  const { random, uuid, iso } = context
  const first = random.pick(FIRST_NAMES)
  const last = random.pick(LAST_NAMES)
  const username = `${first.toLowerCase()}${last.toLowerCase()}${index}`
  const created = iso(context.moment())
  const person: PersonRecord = {
    id: uuid(),
    type: { basic: { name: `${first} ${last}`, username, email: `${username}@example.com` } },
    created,
    updated: created,
    assets: [],
    tags: sharedEmptyIds(),
    websites: sharedEmptyIds(),
    annotations: sharedEmptyIds(),
    summaries: sharedEmptyIds(),
    anchors: sharedEmptyIds(),
    messages: sharedEmptyIds(),
    persons: sharedEmptyIds(),
    workstreamEvents: sharedEmptyIds(),
    sources: sharedEmptyIds(),
    score: sharedZeroScore(),
  }
  for (const asset of random.distinct(assets, random.int(1, 3))) {
    person.assets.push(asset.id)
    append(asset, 'persons', person.id)
  }
  if (messages.length > 0 && random.chance(0.5)) {
    const message = random.pick(messages)
    append(person, 'messages', message.id)
    append(message, 'persons', person.id)
  }
  return person
}

function createEvent(context: Context, pools: Pools, persons: readonly PersonRecord[]): WorkstreamEventRecord {
  const { random, uuid, iso } = context
  const trigger = random.pick(TRIGGERS)
  const created = iso(context.moment())
  const event: WorkstreamEventRecord = {
    id: uuid(),
    application: { ...random.pick(pools.applications) },
    trigger: { [trigger]: true },
    readable: READABLE[trigger],
    created,
    updated: created,
    summaries: [],
    tags: sharedEmptyIds(),
    websites: sharedEmptyIds(),
    messages: sharedEmptyIds(),
    annotations: sharedEmptyIds(),
    anchors: sharedEmptyIds(),
    persons: sharedEmptyIds(),
    sources: sharedEmptyIds(),
    sourceWindows: sharedEmptyIds(),
    score: sharedZeroScore(),
  }
  const summary = random.pick(pools.summaries)
  event.summaries.push(summary.id)
  append(summary, 'workstreamEvents', event.id)
  if (random.chance(0.5)) {
    const website = random.pick(pools.websites)
    append(event, 'websites', website.id)
    append(website, 'workstreamEvents', event.id)
    event.browserUrl = website.url
  }
  if (random.chance(0.5)) {
    const tag = random.pick(pools.tags)
    append(event, 'tags', tag.id)
    append(tag, 'workstreamEvents', event.id)
  }
  if (persons.length > 0 && random.chance(0.3)) {
    const person = random.pick(persons)
    append(event, 'persons', person.id)
    append(person, 'workstreamEvents', event.id)
  }
  return event
}
