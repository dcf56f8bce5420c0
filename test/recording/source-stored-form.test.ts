import { createMockService, type MockService } from 'conversation-asset-mock'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { storedForm } from '../../src/replay/har/stored-form.js'
import { recordSchemas, type RecordKind } from '../../src/store/schemas/schemas.js'
import { bodyText } from '../../src/execution/answer.js'

/*
 * A HAR import reads records back from the answers it recorded: the links
 * the client spells in snake case or nests (a website's `source_windows`, a
 * conversation's `grounding.sources`) and a source's accessibility come back
 * as the store keeps them.
 */

describe('reading sources, windows and their links back from recorded answers', () => {
  let service: MockService
  beforeEach(async () => {
    service = createMockService()
    await service.ready
  })
  afterEach(() => service.close())

  async function readBack(kind: RecordKind, path: string, id: string) {
    const answer = await service.answer(service.route('GET', path)!, {
      method: 'GET',
      path,
      query: new URLSearchParams(),
      body: '',
    })
    const wire = JSON.parse(bodyText('body' in answer ? answer.body! : '')) as Record<string, unknown>
    const stored = recordSchemas[kind].parse(storedForm(kind, wire, { at: '2024-07-01T00:00:00.000Z' }))
    expect(stored).toEqual(service.store.get(kind, id))
    return stored as Record<string, unknown>
  }

  it('gives back a source with its raw source, accessibility and links', async () => {
    const source = [...service.store.all('source')].find((record) => record.accessibility)!
    const stored = await readBack('source', `/workstream_pattern_engine/source/${source.id}`, source.id)
    expect(stored.accessibility).toEqual(source.accessibility)
  })

  it('gives back the source windows of a website and a tag, and the sources a conversation is grounded in', async () => {
    const window = [...service.store.all('sourceWindow')].find((record) => record.websites.length > 0)!
    const website = window.websites[0]!
    await readBack('website', `/website/${website}`, website)
    const tag = [...service.store.all('tag')][0]!.id
    const linkPath = `/tag/${tag}/workstream_pattern_engine/source_windows/associate/${window.id}`
    await service.answer(service.route('POST', linkPath)!, {
      method: 'POST',
      path: linkPath,
      query: new URLSearchParams(),
      body: '',
    })
    expect(service.store.get('tag', tag)!.sourceWindows).toEqual([window.id])
    await readBack('tag', `/tag/${tag}`, tag)
    await readBack('sourceWindow', `/workstream_pattern_engine/source_window/${window.id}`, window.id)
    const grounded = [...service.store.all('conversation')].find((record) => record.groundingSources.length > 0)!
    const answer = await service.answer(service.route('GET', `/conversation/${grounded.id}`)!, {
      method: 'GET',
      path: `/conversation/${grounded.id}`,
      query: new URLSearchParams(),
      body: '',
    })
    const wire = JSON.parse(bodyText('body' in answer ? answer.body! : '')) as Record<string, unknown>
    const stored = storedForm('conversation', wire, { at: '2024-07-01T00:00:00.000Z' })
    expect(stored.groundingSources).toEqual(grounded.groundingSources)
  })
})
