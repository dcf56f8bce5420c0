import { describe, expect, it } from 'vitest'
import { createControlBudget, type ControlBudget } from '../../src/control/budget/control-budget.js'
import { createMockService, type MockService } from '../../src/core/create-mock-service.js'
import { createStoreBudget } from '../../src/store/store-budget.js'
import { send, statusOf, textOf } from './in-process.js'

const KiB = 1024
const MiB = 1024 * KiB

/** Mocks of the empty scenario sharing one control budget of `max` bytes, as the standalone server's sessions do. */
async function mocksSharing(max: number, count = 1): Promise<{ budget: ControlBudget; mocks: MockService[] }> {
  const budget = createControlBudget(max)
  const mocks = Array.from({ length: count }, () => createMockService({ scenario: 'empty', controlBudget: budget }))
  await Promise.all(mocks.map((mock) => mock.ready))
  return { budget, mocks }
}

/** Sends `body` as JSON until the mock answers something else than `ok`; the answers. */
async function fill(mock: MockService, path: string, body: (index: number) => unknown, ok = 201) {
  const statuses: number[] = []
  for (let index = 0; index < 200; index++) {
    const answer = await send(mock, 'POST', path, JSON.stringify(body(index)))
    statuses.push(statusOf(answer))
    if (statusOf(answer) !== ok) return { statuses, refusal: answer }
  }
  throw new Error(`${path} took 200 bodies without refusing one.`)
}

describe('one budget for everything a client can make the mock hold', () => {
  it('refuses an intention past the store budget with 507, keeping the intentions before it', async () => {
    const seeded = createMockService({ scenario: 'empty' })
    await seeded.ready
    const machine = seeded.store.bytes().used
    seeded.close()
    const budget = createStoreBudget(machine + 256 * KiB)
    const mock = createMockService({ scenario: 'empty', storeBudget: budget })
    await mock.ready
    const application = [...mock.store.all('application')][0]!.id
    const intention = (index: number) => ({ format: { fragment: { string: { raw: `${index}`.padEnd(60 * KiB) } } } })

    const { statuses, refusal } = await fill(mock, `/${application}/intention`, intention, 200)
    expect(statuses.at(-1)).toBe(507)
    expect(textOf(refusal)).toContain('budget (maxStoreBytes)')
    expect(budget.used()).toBeLessThanOrEqual(budget.max)
    const refused = `${statuses.length - 1}`.padEnd(60 * KiB)
    expect(mock.machine.os.intended(refused)).toBe(false)
    expect(mock.machine.os.intended('0'.padEnd(60 * KiB))).toBe(true)
    // A reset lets them go: the budget holds the records alone again.
    await mock.reset()
    expect(budget.used()).toBe(machine)
  })

  it('refuses a fault past the control budget with 507, adding none, and gives its bytes back when it is removed', async () => {
    const { budget, mocks } = await mocksSharing(MiB, 2)
    const fault = (index: number) => ({
      operation: 'conversationsSnapshot',
      status: 500,
      body: `${index}`.padEnd(100 * KiB),
    })

    const first = await fill(mocks[0]!, '/__mock/faults', fault)
    const second = await fill(mocks[1]!, '/__mock/faults', fault)
    expect(statusOf(second.refusal)).toBe(507)
    expect(textOf(second.refusal)).toContain('budget (maxControlBytes)')
    expect(mocks[1]!.faults.list()).toHaveLength(second.statuses.length - 1)
    expect(first.statuses.length - 1 + second.statuses.length - 1).toBe(7)
    expect(budget.used()).toBeLessThanOrEqual(budget.max - budget.journals.max)

    mocks[0]!.faults.clear()
    expect(statusOf(await send(mocks[1]!, 'POST', '/__mock/faults', JSON.stringify(fault(9))))).toBe(201)
  })

  it('refuses scripted copilot replies past the control budget with 507, keeping the replies before them', async () => {
    const { budget, mocks } = await mocksSharing(256 * KiB, 2)
    const reply = (index: number) => ({ text: `${index}`.padEnd(40 * KiB) })

    await fill(mocks[0]!, '/__mock/copilot/replies', reply)
    const pending = mocks[0]!.copilot.pending.length
    const refused = await send(mocks[1]!, 'POST', '/__mock/copilot/replies', JSON.stringify(reply(0)))
    expect(statusOf(refused)).toBe(507)
    expect(mocks[1]!.copilot.pending).toHaveLength(0)
    expect(mocks[0]!.copilot.pending).toHaveLength(pending)
    expect(budget.used()).toBeLessThanOrEqual(budget.max - budget.journals.max)
  })

  it('refuses scripted picker answers past the store budget with 507, keeping the answers before them', async () => {
    const seeded = createMockService({ scenario: 'empty' })
    await seeded.ready
    const machine = seeded.store.bytes().used
    seeded.close()
    const budget = createStoreBudget(machine + 512 * KiB)
    const mock = createMockService({ scenario: 'empty', storeBudget: budget })
    await mock.ready
    const answer = (index: number) => [
      Array.from({ length: 500 }, (_, path) => `/home/ada/${index}/${path}`.padEnd(200)),
    ]

    const first = await fill(mock, '/__mock/os/pickers/files', answer)
    expect(statusOf(first.refusal)).toBe(507)
    expect(textOf(first.refusal)).toContain('budget (maxStoreBytes)')
    const refused = await send(mock, 'POST', '/__mock/os/pickers/folders', JSON.stringify(answer(0)))
    expect(statusOf(refused)).toBe(507)
    expect(mock.machine.os.pickerAnswers().files).toHaveLength(first.statuses.length - 1)
    expect(mock.machine.os.pickerAnswers().folders).toHaveLength(0)
    expect(budget.used()).toBeLessThanOrEqual(budget.max)
    // A picked answer gives its bytes back.
    await mock.machine.os.pick('files')
    expect(statusOf(await send(mock, 'POST', '/__mock/os/pickers/folders', JSON.stringify(answer(0))))).toBe(201)
  })

  it('refuses a snapshot past the control budget across mocks with 507, letting none of the kept ones go', async () => {
    const { budget, mocks } = await mocksSharing(MiB, 3)
    const create = (mock: MockService, index: number) =>
      send(
        mock,
        'POST',
        '/conversations/create',
        JSON.stringify({ type: 'COPILOT', name: `${index}`.padEnd(150 * KiB) }),
      )
    const statuses: number[] = []
    for (let index = 0; index < 12 && statuses.at(-1) !== 507; index++) {
      const mock = mocks[index % 3]!
      expect(statusOf(await create(mock, index))).toBe(200)
      statuses.push(statusOf(await send(mock, 'POST', '/__mock/snapshots')))
    }
    expect(statuses.at(-1)).toBe(507)
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(3)
    const kept = mocks.reduce((sum, mock) => sum + mock.inspection.snapshots.list().length, 0)
    expect(kept).toBe(statuses.length - 1)
    expect(budget.used()).toBeLessThanOrEqual(budget.max - budget.journals.max)

    // A closed mock (a dropped session) gives back what it held.
    for (const mock of mocks) mock.close()
    expect(budget.used()).toBe(0)
  })

  it('keeps the journals of every mock within their share by letting the least recently used drop their oldest entries', async () => {
    const { budget, mocks } = await mocksSharing(4 * MiB, 3)
    const body = (index: number) => JSON.stringify({ type: 'COPILOT', name: `${index}`.padEnd(50 * KiB) })
    for (let index = 0; index < 90; index++) {
      const answer = await send(mocks[index % 3]!, 'POST', '/conversations/create', body(index))
      // Journaling never fails a request.
      expect(statusOf(answer)).toBe(200)
      expect(budget.journals.bytes).toBeLessThanOrEqual(budget.journals.max)
    }
    // The newest request of the mock used last is kept, with its answer.
    const last = mocks[2]!.journal
    expect(last.entry(last.lastId)?.operation).toBe('conversationsCreateSpecificConversation')
    expect(last.response(last.lastId)?.status).toBe(200)
    expect(mocks.every((mock) => mock.journal.dropped > 0)).toBe(true)

    // A mock used alone takes the share back from the others.
    for (let index = 0; index < 40; index++) await send(mocks[0]!, 'POST', '/conversations/create', body(index))
    expect(mocks[1]!.journal.entries.length + mocks[2]!.journal.entries.length).toBeLessThan(
      mocks[0]!.journal.entries.length,
    )
    expect(budget.journals.bytes).toBeLessThanOrEqual(budget.journals.max)
  })
})
