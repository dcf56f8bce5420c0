import {
  Configuration,
  ConversationMessagesApi,
  TagApi,
  WebsiteApi,
  WorkstreamEventApi,
  WorkstreamEventsApi,
  WorkstreamEventsToJSON,
  WorkstreamEventToJSON,
  WorkstreamSummariesApi,
  WorkstreamSummaryApi,
  type Application,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * Workstream events through the official client, on both runtimes: the
 * default ones read from both sides, the whole life of a new one (created
 * with links, read, updated, deleted: 410 and gone from every record it was
 * linked to).
 */

const URL_EVENT = '0e7e0000-0000-4000-8000-000000000001'
const COPY_EVENT = '0e7e0000-0000-4000-8000-000000000002'
const SUMMARY = '05050505-0000-4000-8000-000000000001'
const FETCH_WEBSITE = '0eb00000-0000-4000-8000-000000000002'
const REACT_TAG = '07a90000-0000-4000-8000-000000000001'
const DANA = '9e450000-0000-4000-8000-000000000001'
const ANCHOR = '0a0c0000-0000-4000-8000-000000000001'

const APPLICATION: Application = {
  id: 'vscode',
  name: 'VS_CODE',
  version: '1.90.0',
  platform: 'MACOS',
  onboarded: true,
  privacy: 'OPEN',
}

const ids = (list: { iterable?: ReadonlyArray<{ id: string }> } | undefined) => list?.iterable?.map((item) => item.id)

describe.each(runtimes)('workstream events through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  let configuration: Configuration
  let event: WorkstreamEventApi
  let events: WorkstreamEventsApi

  beforeAll(async () => {
    mock = await start()
    configuration = new Configuration({ basePath: mock.baseUrl })
    event = new WorkstreamEventApi(configuration)
    events = new WorkstreamEventsApi(configuration)
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  it('lists the default events, linked to a summary, a website and a tag, which list them back', async () => {
    const { value } = await callAndCheck(
      events.workstreamEventsSnapshotRaw({}),
      'WorkstreamEvents',
      WorkstreamEventsToJSON,
    )
    expect(new Set(value.iterable.map((item) => item.id))).toEqual(new Set([URL_EVENT, COPY_EVENT]))
    const visit = value.iterable.find((item) => item.id === URL_EVENT)!
    expect(visit.trigger.urlChanged).toBe(true)
    expect(ids(visit.summaries)).toEqual([SUMMARY])
    expect(ids(visit.websites)).toEqual([FETCH_WEBSITE])
    expect(ids(visit.tags)).toEqual([REACT_TAG])
    expect(ids(visit.persons)).toEqual([DANA])
    const summary = await new WorkstreamSummaryApi(configuration).workstreamSummariesSpecificWorkstreamSummarySnapshot({
      workstreamSummary: SUMMARY,
    })
    expect(ids(summary.events)).toEqual([URL_EVENT, COPY_EVENT])
    const website = await new WebsiteApi(configuration).websitesSpecificWebsiteSnapshot({ website: FETCH_WEBSITE })
    expect(ids(website.workstreamEvents)).toEqual([URL_EVENT])
    const tag = await new TagApi(configuration).tagsSpecificTagSnapshot({ tag: REACT_TAG })
    expect(ids(tag.workstreamEvents)).toEqual([URL_EVENT, COPY_EVENT])
  })

  it('creates an event with its trigger, context and links, and each linked record lists it back', async () => {
    const { value: created } = await callAndCheck(
      events.workstreamEventsCreateNewWorkstreamEventRaw({
        seededWorkstreamEvent: {
          application: APPLICATION,
          trigger: { fileOpen: true },
          context: { ide: { name: 'VS Code' } },
          readable: 'Opened index.ts',
          summary: { id: SUMMARY },
          tags: { iterable: [{ id: REACT_TAG }] },
          anchors: { iterable: [{ id: ANCHOR }] },
          websites: { iterable: [{ id: FETCH_WEBSITE }] },
          persons: { iterable: [{ id: DANA }] },
        },
      }),
      'WorkstreamEvent',
      WorkstreamEventToJSON,
    )
    expect(created.trigger).toEqual({ fileOpen: true })
    expect(created.context?.ide?.name).toBe('VS Code')
    expect(created.application.name).toBe('VS_CODE')
    const { value: read } = await callAndCheck(
      event.workstreamEventsSpecificWorkstreamEventSnapshotRaw({ workstreamEvent: created.id }),
      'WorkstreamEvent',
      WorkstreamEventToJSON,
    )
    expect(WorkstreamEventToJSON(read)).toEqual(WorkstreamEventToJSON(created))
    for (const [kind, id] of [
      ['workstreamSummary', SUMMARY],
      ['tag', REACT_TAG],
      ['anchor', ANCHOR],
      ['website', FETCH_WEBSITE],
      ['person', DANA],
    ] as const) {
      expect((mock.store.get(kind, id) as unknown as { workstreamEvents: string[] }).workstreamEvents, kind).toContain(
        created.id,
      )
    }
  })

  it('links the summaries and messages created naming an event, and the event lists them', async () => {
    const summary = await new WorkstreamSummariesApi(configuration).workstreamSummariesCreateNewWorkstreamSummary({
      seededWorkstreamSummary: {
        name: 'Tuesday',
        model: {
          id: 'm',
          version: '1',
          created: { value: new Date('2024-01-01T00:00:00Z') },
          name: 'm',
          cloud: false,
          type: 'BALANCED',
          usage: 'CODE_CONVERSATION',
        },
        events: { iterable: [{ id: COPY_EVENT }] },
        persons: { iterable: [{ id: DANA }] },
      },
    })
    expect(ids(summary.events)).toEqual([COPY_EVENT])
    expect(ids(summary.persons)).toEqual([DANA])
    const message = await new ConversationMessagesApi(configuration).messagesCreateSpecificMessage({
      seededConversationMessage: {
        role: 'USER',
        fragment: { string: { raw: 'What did I copy?' } },
        conversation: { id: '0c0c0c0c-0000-4000-8000-000000000001' },
        workstreamEvents: { iterable: [{ id: COPY_EVENT }] },
      },
    })
    expect(ids(message.workstreamEvents)).toEqual([COPY_EVENT])
    const { value } = await callAndCheck(
      event.workstreamEventsSpecificWorkstreamEventSnapshotRaw({ workstreamEvent: COPY_EVENT }),
      'WorkstreamEvent',
      WorkstreamEventToJSON,
    )
    expect(ids(value.summaries)).toEqual([SUMMARY, summary.id])
    expect(ids(value.messages)).toEqual([message.id])
  })

  it('refuses an event seeded into a summary that does not exist, and stores nothing', async () => {
    const before = mock.store.count('workstreamEvent')
    const refused = await failure(
      events.workstreamEventsCreateNewWorkstreamEvent({
        seededWorkstreamEvent: { application: APPLICATION, trigger: { copy: true }, summary: { id: 'missing' } },
      }),
    )
    expect(refused.status).toBe(500)
    expect(mock.store.count('workstreamEvent')).toBe(before)
  })

  it('updates an event from the snapshot it read: trigger and titles change, a null title goes, links stay', async () => {
    const read = await event.workstreamEventsSpecificWorkstreamEventSnapshot({ workstreamEvent: URL_EVENT })
    const { value } = await callAndCheck(
      event.workstreamEventUpdateRaw({
        workstreamEvent: { ...read, trigger: { tabSwitch: true }, readable: 'Switched to MDN', windowTitle: undefined },
      }),
      'WorkstreamEvent',
      WorkstreamEventToJSON,
    )
    expect(value.trigger).toEqual({ tabSwitch: true })
    expect(value.readable).toBe('Switched to MDN')
    expect(value.windowTitle).toBe(read.windowTitle)
    expect(ids(value.summaries)).toEqual([SUMMARY])
    const cleared = await fetch(`${mock.baseUrl}/workstream_event/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...WorkstreamEventToJSON(value), windowTitle: null }),
    })
    expect(cleared.status).toBe(200)
    expect(((await cleared.json()) as { windowTitle?: string }).windowTitle).toBeUndefined()
  })

  it('deletes an event: it reads as gone, and every record it was linked to loses it, marked -1', async () => {
    await events.workstreamEventsDeleteSpecificWorkstreamEvent({ workstreamEvent: URL_EVENT })
    expect(
      await failure(event.workstreamEventsSpecificWorkstreamEventSnapshot({ workstreamEvent: URL_EVENT })),
    ).toMatchObject({
      status: 410,
      text: 'WorkstreamEvent not found.',
    })
    expect(
      await failure(events.workstreamEventsDeleteSpecificWorkstreamEvent({ workstreamEvent: URL_EVENT })),
    ).toMatchObject({
      status: 410,
    })
    const summary = await new WorkstreamSummaryApi(configuration).workstreamSummariesSpecificWorkstreamSummarySnapshot({
      workstreamSummary: SUMMARY,
    })
    expect(summary.events).toEqual({ iterable: [{ id: COPY_EVENT }], indices: { [COPY_EVENT]: 0, [URL_EVENT]: -1 } })
    const website = await new WebsiteApi(configuration).websitesSpecificWebsiteSnapshot({ website: FETCH_WEBSITE })
    expect(website.workstreamEvents).toEqual({ iterable: [], indices: { [URL_EVENT]: -1 } })
    for (const [kind, id] of [
      ['tag', REACT_TAG],
      ['person', DANA],
    ] as const) {
      expect(
        (mock.store.get(kind, id) as unknown as { workstreamEvents: string[] }).workstreamEvents,
        kind,
      ).not.toContain(URL_EVENT)
    }
  })
})
