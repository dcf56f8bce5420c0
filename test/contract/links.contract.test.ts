import * as client from '@pieces.app/pieces-os-client'
import {
  ActivitiesToJSON,
  AnnotationApi,
  AnnotationToJSON,
  AssetApi,
  Configuration,
  ConversationApi,
  TagApi,
} from '@pieces.app/pieces-os-client'
import { STREAM_PATHS, type RecordKind, type Store } from 'conversation-asset-mock'
import { clientCoverage } from '../../src/routes/client-coverage.js'
import { routeTable } from '../../src/routes/route-table.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck } from './client-call.js'
import { checkModel } from './check-model.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * Every link route of the official client's API classes, from both sides,
 * called with the client: it links both records, the other side's route
 * unlinks them, and the record that listed the other keeps it in `indices`
 * as -1.
 */

const coverage = clientCoverage(routeTable(), Object.values(STREAM_PATHS))

interface LinkCase {
  readonly api: string
  readonly associate: string
  readonly disassociate: string
  /** The client's parameter names and the kind each names, the route's own kind first. */
  readonly params: ReadonlyArray<readonly [string, RecordKind]>
}

/** The associate/disassociate pairs the mock answers, one per client link path. */
const LINK_CASES: LinkCase[] = (() => {
  const byPath = new Map<
    string,
    { api: string; associate?: string; disassociate?: string; params: Array<readonly [string, RecordKind]> }
  >()
  for (const entry of coverage) {
    if (entry.answer !== 'stateful') continue
    const verb = /\/(associate|disassociate)\//.exec(entry.client.path)?.[1]
    if (!verb) continue
    const key = `${entry.client.api} ${entry.client.path.replace(/\/(dis)?associate\//, '/')}`
    const params = entry.client.params.map((name) => [name, entry.operation.params[name]!] as const)
    const found = byPath.get(key) ?? { api: entry.client.api, params }
    found[verb as 'associate' | 'disassociate'] = entry.client.id
    byPath.set(key, found)
  }
  return [...byPath.values()].map((found) => {
    if (!found.associate || !found.disassociate)
      throw new Error(`Failed to pair the link routes of ${found.api}: ${JSON.stringify(found)}.`)
    return found as LinkCase
  })
})()

/** The store field of a `kind` record that holds its links to `other` records: the plural of `other`, but for these. */
const FIELD_EXCEPTIONS: Readonly<Record<string, string>> = {
  'conversation range': 'groundingRanges',
  'conversation message': 'groundingMessages',
  'conversation source': 'groundingSources',
  'annotation asset': 'asset',
  'annotation conversation': 'conversation',
}
const PLURAL: Readonly<Record<string, string>> = {
  asset: 'assets',
  conversation: 'conversations',
  message: 'messages',
  anchor: 'anchors',
  annotation: 'annotations',
  tag: 'tags',
  website: 'websites',
  range: 'ranges',
  workstreamSummary: 'summaries',
  source: 'sources',
  sourceWindow: 'sourceWindows',
  person: 'persons',
  workstreamEvent: 'workstreamEvents',
  hint: 'hints',
}
const fieldOf = (kind: RecordKind, other: RecordKind) => FIELD_EXCEPTIONS[`${kind} ${other}`] ?? PLURAL[other]!

/** Links kept on one record only: a conversation's grounding messages. */
const ONE_SIDED = new Set(['message conversation'])

/** Whether `store`'s `kind` record `id` holds `otherId` in the field for `other` records (a list, or its one owner). */
function holds(store: Store, kind: RecordKind, id: string, other: RecordKind, otherId: string): boolean {
  if (ONE_SIDED.has(`${kind} ${other}`)) return holds(store, other, otherId, kind, id)
  const value = (store.get(kind, id) as unknown as Record<string, unknown> | undefined)?.[fieldOf(kind, other)]
  return Array.isArray(value) ? value.includes(otherId) : value === otherId
}

/** The wire snapshot of a record through a read of the service, checked against the client's model. */
async function wireOf(mock: ContractRuntime, kind: RecordKind, id: string): Promise<Record<string, unknown>> {
  const read = async (path: string, model: string) => {
    const response = await fetch(`${mock.baseUrl}${path}`)
    expect(response.status, path).toBe(200)
    const json = (await response.json()) as Record<string, unknown>
    expect(checkModel(json, model)).toEqual([])
    return json
  }
  switch (kind) {
    case 'message': {
      const conversation = mock.store.get('message', id)!.conversation
      const list = (await read(`/conversation/${conversation}/messages`, 'ConversationMessages')) as {
        iterable: Array<Record<string, unknown>>
      }
      return list.iterable.find((message) => message.id === id)!
    }
    case 'conversation':
      return read(`/conversation/${id}`, 'Conversation')
    case 'asset':
      return read(`/asset/${id}?transferables=false`, 'Asset')
    case 'annotation':
      return read(`/annotation/${id}`, 'Annotation')
    case 'tag':
      return read(`/tag/${id}`, 'Tag')
    case 'website':
      return read(`/website/${id}`, 'Website')
    case 'anchor':
      return read(`/anchor/${id}`, 'Anchor')
    case 'range':
      return read(`/range/${id}`, 'Range')
    case 'workstreamSummary':
      return read(`/workstream_summary/${id}`, 'WorkstreamSummary')
    case 'person':
      return read(`/person/${id}`, 'Person')
    case 'workstreamEvent':
      return read(`/workstream_event/${id}`, 'WorkstreamEvent')
    case 'source':
      return read(`/workstream_pattern_engine/source/${id}`, 'IdentifiedWorkstreamPatternEngineSource')
    case 'sourceWindow':
      return read(`/workstream_pattern_engine/source_window/${id}`, 'WorkstreamPatternEngineSourceWindow')
    case 'hint':
      return read(`/hint/${id}`, 'Hint')
    default:
      throw new Error(`Failed to read a ${kind} on the wire: the test knows no route for it.`)
  }
}

/** Where the wire form of a `kind` record keeps its links to `other` records. */
function wireLinks(wire: Record<string, unknown>, kind: RecordKind, other: RecordKind) {
  type Links = { indices: Record<string, number> }
  const grounding = wire.grounding as { temporal: { workstreams: Links }; messages: Links; sources: Links } | undefined
  if (kind === 'conversation' && other === 'range') return grounding!.temporal.workstreams
  if (kind === 'conversation' && other === 'message') return grounding!.messages
  if (kind === 'conversation' && other === 'source') return grounding!.sources
  // The client's wire key for source windows is snake case.
  if (other === 'sourceWindow') return wire.source_windows as Links
  // A summary's events travel as `events`, every other record's as `workstream_events`.
  if (other === 'workstreamEvent') return (kind === 'workstreamSummary' ? wire.events : wire.workstream_events) as Links
  return wire[PLURAL[other]!] as Links
}

const camelCase = (name: string) => name.replace(/_(\w)/g, (_match, letter: string) => letter.toUpperCase())

describe('the link routes of the official client', () => {
  it('cover both sides of every link between stored kinds', () => {
    expect(LINK_CASES.length).toBe(109)
    const sides = new Set(LINK_CASES.map(({ params }) => `${params[0]![1]} ${params[1]![1]}`))
    for (const side of sides) {
      const [kind, other] = side.split(' ')
      // Conversations link messages only as grounding, which has no message-side route.
      if (kind === 'conversation' && other === 'message') continue
      expect(sides, `${other} → ${kind}`).toContain(`${other} ${kind}`)
    }
  })
})

describe.each(runtimes)('every link route through the official client, from both sides, $name', ({ start }) => {
  let mock: ContractRuntime
  let configuration: Configuration

  beforeAll(async () => {
    mock = await start()
    configuration = new Configuration({ basePath: mock.baseUrl })
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  /** Two records to link: the first of each kind, and another message when both are messages. */
  function idsFor(kinds: readonly RecordKind[]): string[] {
    const used = new Set<string>()
    return kinds.map((kind) => {
      const id = [...mock.store.all(kind)].map((record) => record.id).find((candidate) => !used.has(candidate))!
      used.add(id)
      return id
    })
  }

  it.each(LINK_CASES)(
    '$associate and $disassociate of $api link and unlink both records',
    async ({ api, associate, disassociate, params }) => {
      const Api = (
        client as unknown as Record<
          string,
          new (configuration: Configuration) => Record<string, (p: object) => Promise<void>>
        >
      )[api]!
      const instance = new Api(configuration)
      const [[nameA, kindA], [nameB, kindB]] = params as [[string, RecordKind], [string, RecordKind]]
      const [a, b] = idsFor([kindA, kindB]) as [string, string]
      const request = { [camelCase(nameA)]: a, [camelCase(nameB)]: b }

      await instance[disassociate]!(request)
      expect(holds(mock.store, kindA, a, kindB, b)).toBe(false)
      expect(holds(mock.store, kindB, b, kindA, a)).toBe(false)

      await instance[associate]!(request)
      expect(holds(mock.store, kindA, a, kindB, b), `${kindA} lists the ${kindB}`).toBe(true)
      expect(holds(mock.store, kindB, b, kindA, a), `${kindB} lists the ${kindA}`).toBe(true)
      await instance[associate]!(request)
      const list = (mock.store.get(kindA, a) as unknown as Record<string, unknown>)[fieldOf(kindA, kindB)]
      if (Array.isArray(list)) expect(list.filter((id) => id === b)).toHaveLength(1)

      await instance[disassociate]!(request)
      expect(holds(mock.store, kindA, a, kindB, b)).toBe(false)
      expect(holds(mock.store, kindB, b, kindA, a)).toBe(false)
      // The side that keeps a list marks the removed link -1, as the service does until it restarts.
      const listed = Array.isArray(
        (mock.store.get(kindA, a) as unknown as Record<string, unknown>)[fieldOf(kindA, kindB)],
      )
      const [listKind, listId, otherKind, otherId] = listed ? [kindA, a, kindB, b] : [kindB, b, kindA, a]
      const wire = await wireOf(mock, listKind, listId)
      expect(wireLinks(wire, listKind, otherKind).indices[otherId]).toBe(-1)
    },
  )

  it('shows an annotation linked to an asset on both wire sides: asset.annotations and annotation.assets', async () => {
    const [asset, annotation] = idsFor(['asset', 'annotation']) as [string, string]
    const assets = new AssetApi(configuration)
    const annotations = new AnnotationApi(configuration)
    await assets.assetAssociateAnnotation({ asset, annotation })
    const { value } = await callAndCheck(
      annotations.annotationSpecificAnnotationSnapshotRaw({ annotation }),
      'Annotation',
      AnnotationToJSON,
    )
    expect(value.asset?.id).toBe(asset)
    expect(value.assets?.iterable?.map((reference) => reference.id)).toEqual([asset])
    const linked = await assets.assetSnapshot({ asset, transferables: false })
    expect(linked.annotations?.iterable.map((reference) => reference.id)).toContain(annotation)

    const conversation = idsFor(['conversation'])[0]!
    await new ConversationApi(configuration).conversationAssociateAnnotation({ conversation, annotation })
    const moved = await annotations.annotationSpecificAnnotationSnapshot({ annotation })
    expect(moved.conversations?.iterable.map((reference) => reference.id)).toEqual([conversation])
    expect(moved.assets?.iterable?.map((reference) => reference.id)).toEqual([asset])
  })

  it('logs the same activity on the asset whichever side links a tag', async () => {
    const assets = new AssetApi(configuration)
    const tags = new TagApi(configuration)
    const first = [...mock.store.all('asset')][0]!
    const asset = first.id
    const tag = [...mock.store.all('tag')].find((record) => !first.tags.includes(record.id))!.id
    const events = async () => {
      const { json } = await callAndCheck(
        assets.assetSpecificAssetActivitiesRaw({ asset }),
        'Activities',
        ActivitiesToJSON,
      )
      const { iterable } = json as { iterable: Array<{ event: { asset?: { identifier_description_pair?: object } } }> }
      return iterable.map((activity) => Object.keys(activity.event.asset?.identifier_description_pair ?? {}))
    }
    await tags.tagAssociateAsset({ tag, asset })
    await tags.tagDisassociateAsset({ tag, asset })
    const fromTagSide = await events()
    await mock.reset()
    await assets.assetAssociateTag({ asset, tag })
    await assets.assetDisassociateTag({ asset, tag })
    expect(await events()).toEqual(fromTagSide)
    expect(fromTagSide.slice(-2)).toEqual([['asset_tag_added'], ['asset_tag_deleted']])
  })

  it('refuses to link a message with itself, and changes nothing', async () => {
    const message = [...mock.store.all('message')][0]!.id
    const response = await fetch(`${mock.baseUrl}/message/${message}/messages/associate/${message}`, { method: 'POST' })
    expect(response.status).toBe(500)
    expect(await response.text()).toBe(`A message cannot be linked with itself: "${message}".`)
    expect(mock.store.get('message', message)!.messages).toEqual([])
  })
})
