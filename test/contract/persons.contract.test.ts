import {
  AnchorsApi,
  AssetApi,
  Configuration,
  ConversationMessageApi,
  PersonApi,
  PersonsApi,
  PersonsToJSON,
  PersonToJSON,
  type PersonsRelatedRequest,
  QGPTApi,
  QGPTPersonsRelatedOutputToJSON,
  TagApi,
  TagsApi,
  WebsiteApi,
  WebsitesApi,
  WorkstreamSummaryApi,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * Persons through the official client, on both runtimes: the default ones
 * read from both sides, the whole life of a new one (created with links,
 * read, updated, linked with another person, deleted: 410 and gone from every
 * record it was linked to), and who can help with a seed or a conversation.
 */

const DANA = '9e450000-0000-4000-8000-000000000001'
const SAM = '9e450000-0000-4000-8000-000000000002'
const DEBOUNCE_ASSET = '0a0a0a0a-0000-4000-8000-000000000001'
const FETCH_ASSET = '0a0a0a0a-0000-4000-8000-000000000002'
const FIRST_MESSAGE = '0e0e0e0e-0001-4000-8000-000000000001'
const ANCHOR = '0a0c0000-0000-4000-8000-000000000001'
const REACT_TAG = '07a90000-0000-4000-8000-000000000001'

const ids = (list: { iterable?: ReadonlyArray<{ id: string }> } | undefined) => list?.iterable?.map((item) => item.id)

describe.each(runtimes)('persons through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  let person: PersonApi
  let persons: PersonsApi
  let assets: AssetApi
  let configuration: Configuration

  beforeAll(async () => {
    mock = await start()
    configuration = new Configuration({ basePath: mock.baseUrl })
    person = new PersonApi(configuration)
    persons = new PersonsApi(configuration)
    assets = new AssetApi(configuration)
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  it('lists the default persons: one wrote two assets and took part in a conversation, and the assets and message list them back', async () => {
    const { value } = await callAndCheck(persons.personsSnapshotRaw({}), 'Persons', PersonsToJSON)
    expect(new Set(value.iterable.map((item) => item.id))).toEqual(new Set([DANA, SAM]))
    const dana = value.iterable.find((item) => item.id === DANA)!
    expect(ids(dana.assets)).toEqual([DEBOUNCE_ASSET, FETCH_ASSET])
    expect(ids(dana.messages)).toEqual([FIRST_MESSAGE])
    expect(ids(dana.persons)).toEqual([SAM])
    const asset = await assets.assetSnapshot({ asset: DEBOUNCE_ASSET, transferables: false })
    expect(asset.persons?.iterable.map((item) => item.type.basic?.name)).toEqual(['Dana Whitfield'])
    const message = await new ConversationMessageApi(configuration).messageSpecificMessageSnapshot({
      message: FIRST_MESSAGE,
    })
    expect(ids(message.persons)).toEqual([DANA])
  })

  it('creates a person with the asset, anchor and annotation it comes with, and each lists the person back', async () => {
    const { value: created } = await callAndCheck(
      persons.personsCreateNewPersonRaw({
        seededPerson: {
          type: { basic: { name: 'Ada Lovelace', email: 'ada@example.com' } },
          asset: FETCH_ASSET,
          anchors: { iterable: [{ id: ANCHOR }] },
          annotations: [{ type: 'COMMENT', text: 'Knows the retry loop' }],
        },
      }),
      'Person',
      PersonToJSON,
    )
    expect(created.type.basic?.name).toBe('Ada Lovelace')
    expect(ids(created.assets)).toEqual([FETCH_ASSET])
    expect(ids(created.anchors)).toEqual([ANCHOR])
    const annotation = created.annotations!.iterable[0]!.id
    const { value: read } = await callAndCheck(person.personSnapshotRaw({ person: created.id }), 'Person', PersonToJSON)
    expect(PersonToJSON(read)).toEqual(PersonToJSON(created))
    expect(mock.store.get('asset', FETCH_ASSET)!.persons).toContain(created.id)
    expect(mock.store.get('anchor', ANCHOR)!.persons).toEqual([created.id])
    expect(mock.store.get('annotation', annotation)!.persons).toEqual([created.id])
  })

  it('links the tags, websites, anchors and summaries created naming a person, and the person lists them', async () => {
    const tag = await new TagsApi(configuration).tagsCreateNewTag({ seededTag: { text: 'retries', person: SAM } })
    const website = await new WebsitesApi(configuration).websitesCreateNewWebsite({
      seededWebsite: { url: 'https://example.com/retry', name: 'Retry', person: SAM },
    })
    const anchor = await new AnchorsApi(configuration).anchorsCreateNewAnchor({
      seededAnchor: { type: 'FILE', fullpath: '/src/retry.ts', persons: { iterable: [{ id: SAM }] } },
    })
    const { value: sam } = await callAndCheck(person.personSnapshotRaw({ person: SAM }), 'Person', PersonToJSON)
    expect(ids(sam.tags)).toEqual([tag.id])
    expect(ids(sam.websites)).toEqual([website.id])
    expect(ids(sam.anchors)).toEqual([anchor.id])
    expect(ids(tag.persons)).toEqual([SAM])
    expect(ids(website.persons)).toEqual([SAM])
    expect(ids(anchor.persons)).toEqual([SAM])
  })

  it('refuses a person seeded with an asset that does not exist, and stores nothing', async () => {
    const before = mock.store.count('person')
    const refused = await failure(
      persons.personsCreateNewPerson({ seededPerson: { type: { basic: { name: 'Nobody' } }, asset: 'missing' } }),
    )
    expect(refused.status).toBe(500)
    expect(mock.store.count('person')).toBe(before)
  })

  it('updates a person from the snapshot it read: its type and interactions change, its links stay', async () => {
    const read = await person.personSnapshot({ person: DANA })
    const { value } = await callAndCheck(
      person.updatePersonRaw({
        person: { ...read, type: { basic: { ...read.type.basic, name: 'Dana W.' } }, interactions: 3 },
      }),
      'Person',
      PersonToJSON,
    )
    expect(value.type.basic?.name).toBe('Dana W.')
    expect(value.interactions).toBe(3)
    expect(ids(value.assets)).toEqual([DEBOUNCE_ASSET, FETCH_ASSET])
    expect(value.created.value).toEqual(read.created.value)
    expect(value.updated.value.getTime()).toBeGreaterThan(read.updated.value.getTime())
  })

  it('links two persons with each other from either one, never a person with themself', async () => {
    const ada = await persons.personsCreateNewPerson({ seededPerson: { type: { basic: { name: 'Ada' } } } })
    await person.personAssociateAdditionalPerson({ person: ada.id, additionalPerson: DANA })
    expect(ids((await person.personSnapshot({ person: DANA })).persons)).toEqual([SAM, ada.id])
    expect(ids((await person.personSnapshot({ person: ada.id })).persons)).toEqual([DANA])
    await person.personDisassociateAdditionalPerson({ person: DANA, additionalPerson: ada.id })
    expect((await person.personSnapshot({ person: ada.id })).persons?.indices).toEqual({ [DANA]: -1 })
    const self = await failure(person.personAssociateAdditionalPerson({ person: DANA, additionalPerson: DANA }))
    expect(self).toMatchObject({ status: 500, text: `A person cannot be linked with itself: "${DANA}".` })
  })

  it('deletes a person: it reads as gone, and every record it was linked to loses it, marked -1', async () => {
    await new TagApi(configuration).tagAssociatePerson({ tag: REACT_TAG, person: DANA })
    await new WebsiteApi(configuration).websiteAssociatePerson({
      website: '0eb00000-0000-4000-8000-000000000001',
      person: DANA,
    })
    await new WorkstreamSummaryApi(configuration).workstreamSummaryAssociatePerson({
      workstreamSummary: '05050505-0000-4000-8000-000000000001',
      person: DANA,
    })
    await persons.personsDeletePerson({ person: DANA })

    expect(await failure(person.personSnapshot({ person: DANA }))).toMatchObject({
      status: 410,
      text: 'Person not found.',
    })
    expect(await failure(persons.personsDeletePerson({ person: DANA }))).toMatchObject({ status: 410 })
    const asset = await assets.assetSnapshot({ asset: DEBOUNCE_ASSET, transferables: false })
    expect(asset.persons).toEqual({ iterable: [], indices: { [DANA]: -1 } })
    const sam = await person.personSnapshot({ person: SAM })
    expect(sam.persons?.indices).toEqual({ [DANA]: -1 })
    const tag = await new TagApi(configuration).tagsSpecificTagSnapshot({ tag: REACT_TAG })
    expect(tag.persons?.indices).toEqual({ [DANA]: -1 })
    for (const [kind, id] of [
      ['asset', FETCH_ASSET],
      ['message', FIRST_MESSAGE],
      ['tag', REACT_TAG],
      ['website', '0eb00000-0000-4000-8000-000000000001'],
      ['workstreamSummary', '05050505-0000-4000-8000-000000000001'],
      ['workstreamEvent', '0e7e0000-0000-4000-8000-000000000001'],
    ] as const) {
      expect((mock.store.get(kind, id) as unknown as { persons: string[] }).persons, kind).not.toContain(DANA)
    }
  })

  it('names who can help with a seed: the persons linked to the assets it is about, best first, with why', async () => {
    const qgpt = new QGPTApi(configuration)
    const input: PersonsRelatedRequest = {
      qGPTPersonsRelatedInput: {
        seed: {
          type: 'SEEDED_ASSET' as const,
          asset: {
            application: {
              id: 'app',
              name: 'OPEN_SOURCE',
              version: '1',
              platform: 'LINUX',
              onboarded: false,
              privacy: 'OPEN',
            },
            format: { fragment: { string: { raw: 'async function fetchWithRetry(url, retries) {}' } } },
          },
        },
      },
    }
    const { value, json } = await callAndCheck(
      qgpt.personsRelatedRaw(input),
      'QGPTPersonsRelatedOutput',
      QGPTPersonsRelatedOutputToJSON,
    )
    // Both wrote fetchWithRetry.js; Dana comes first by name on the tie.
    expect(value.persons.iterable.map((item) => item.id)).toEqual([DANA, SAM])
    expect(value.persons.indices).toEqual({ [DANA]: 0, [SAM]: 1 })
    expect(value.explanations?.[SAM]).toBe('Linked to 1 asset this is about: fetchWithRetry.js.')
    // Derived, not stored: asking again answers the same.
    expect(QGPTPersonsRelatedOutputToJSON(await qgpt.personsRelated(input))).toEqual(json)
  })

  it('ranks a person who wrote more of what a conversation is about first, and names no one for an unrelated one', async () => {
    const qgpt = new QGPTApi(configuration)
    const conversation = (text: string) => ({
      qGPTPersonsRelatedInput: {
        conversation: {
          iterable: [{ text, role: 'USER' as const, timestamp: { value: new Date('2024-07-01T09:00:00Z') } }],
        },
      },
    })
    await new AssetApi(configuration).assetAssociatePerson({ asset: FETCH_ASSET, person: SAM })
    const related = await qgpt.personsRelated(conversation('How should I debounce and retry fetch calls?'))
    expect(related.persons.iterable.map((item) => item.id)).toEqual([DANA, SAM])
    expect(related.explanations?.[DANA]).toBe('Linked to 2 assets this is about: debounce.ts, fetchWithRetry.js.')
    const nobody = await qgpt.personsRelated(conversation('quaternion slerp'))
    expect(nobody.persons).toEqual({ iterable: [], indices: {} })
    expect(await qgpt.personsRelated({})).toEqual({ persons: { iterable: [], indices: {} }, explanations: {} })
  })
})
