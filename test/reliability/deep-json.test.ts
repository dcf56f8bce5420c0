import { describe, expect, it } from 'vitest'
import { VerificationError } from '../../src/control/verify/verify-calls.js'
import { createMockService } from '../../src/core/create-mock-service.js'
import { jsonShapeProblem, MAX_JSON_DEPTH } from '../../src/execution/json-shape.js'
import { send, statusOf, textOf } from './in-process.js'

/** `levels` objects, each the only value of the one before: `{"a":{"a":…{}}}`. */
const nested = (levels: number): string => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`

/** A conversation create whose open `pipeline` field holds JSON nested `levels` deep (the body is two levels deeper). */
const deepCreate = (levels: number) => `{"type":"COPILOT","name":"deep","pipeline":{"conversation":${nested(levels)}}}`

describe('JSON nested too deep is refused before anything is stored', () => {
  it('finds the depth of JSON text in one pass, leaving out brackets inside strings', () => {
    const deeperThan = (text: string, depth = MAX_JSON_DEPTH) =>
      jsonShapeProblem(text, { depth, keys: 1_000_000, members: 1_000_000 }) !== undefined
    expect(deeperThan('[[[]]]', 2)).toBe(true)
    expect(deeperThan('[[[]]]', 3)).toBe(false)
    expect(deeperThan('{"a":"[[[[[[","b":"\\"[[[[["}', 2)).toBe(false)
    expect(deeperThan('{"a":"\\\\","b":[[["x"]]]}', 2)).toBe(true)
    expect(deeperThan(nested(100_000))).toBe(true)
    expect(deeperThan(nested(MAX_JSON_DEPTH))).toBe(false)
  })

  it('answers a create nested 5,000 levels deep with the declared 500 naming the limit, and commits nothing', async () => {
    const service = createMockService()
    await service.ready
    const before = service.store.count('conversation')
    const answer = await send(service, 'POST', '/conversations/create', deepCreate(5_000))
    expect(statusOf(answer)).toBe(500)
    expect(textOf(answer)).toBe(
      'Malformed JSON body: it nests arrays and objects more than 64 levels deep. Send a body nested 64 levels or less.',
    )
    expect(service.store.count('conversation')).toBe(before)
    const list = await send(service, 'GET', '/conversations')
    expect(statusOf(list)).toBe(200)
    expect((JSON.parse(textOf(list)) as { iterable: unknown[] }).iterable).toHaveLength(before)
  })

  it('refuses a deep update of an existing conversation and leaves it as it was', async () => {
    const service = createMockService()
    await service.ready
    const [first] = service.store.all('conversation')
    const body = `{"id":"${first!.id}","name":"changed","pipeline":${nested(1_000)}}`
    expect(statusOf(await send(service, 'POST', '/conversation/update', body))).toBe(500)
    expect(service.store.get('conversation', first!.id)).toBe(first)
  })

  it('takes a body nested within the limit', async () => {
    const service = createMockService()
    await service.ready
    const answer = await send(service, 'POST', '/conversations/create', deepCreate(MAX_JSON_DEPTH - 3))
    expect(statusOf(answer)).toBe(200)
  })

  it('keeps a refused deep body in the journal as text, which the journal route and verify() still read', async () => {
    const service = createMockService()
    await service.ready
    const body = deepCreate(5_000)
    await send(service, 'POST', '/conversations/create', body)
    const journal = await send(service, 'GET', '/__mock/journal')
    expect(statusOf(journal)).toBe(200)
    const [entry] = (JSON.parse(textOf(journal)) as { requests: { body: unknown; status: number }[] }).requests
    expect(entry).toMatchObject({ body, status: 500 })
    expect(() => service.verify({ operation: 'conversationsCreateSpecificConversation', body: { name: 'x' } })).toThrow(
      VerificationError,
    )
    expect(service.verify({ operation: 'conversationsCreateSpecificConversation', times: 1 })).toHaveLength(1)
    const verify = await send(
      service,
      'POST',
      '/__mock/verify',
      '{"operation":"conversationsCreateSpecificConversation"}',
    )
    expect(JSON.parse(textOf(verify))).toMatchObject({ ok: true, matched: 1 })
  })

  it('answers a control request nested too deep with 400 and a message', async () => {
    const service = createMockService()
    const answer = await send(
      service,
      'POST',
      '/__mock/faults',
      `{"operation":"conversationsSnapshot","x":${nested(5_000)}}`,
    )
    expect(statusOf(answer)).toBe(400)
    expect(textOf(answer)).toBe(
      'Malformed JSON body: it nests arrays and objects more than 64 levels deep. Send a body nested 64 levels or less.',
    )
    expect(service.faults.list()).toEqual([])
  })
})
