import { describe, expect, it, vi } from 'vitest'
import { bodyText, jsonAnswer } from '../../src/execution/answer.js'
import { fixedClock } from '../../src/store/clock-and-ids/clock.js'
import { createStore } from '../../src/store/create-store.js'
import { fitsIn, type KnownSizes } from '../../src/wire/json/json-size.js'
import { createWireRenderer } from '../../src/wire/wire-renderer.js'

const at = '2024-05-01T12:00:00.000Z'
const now = new Date('2024-05-01T12:05:00.000Z')

/** A store with one conversation and the renderer that answers from it. */
async function renderedConversation() {
  const store = createStore({ clock: fixedClock(at) })
  await store.write((tx) => {
    tx.insert('conversation', { id: 'c1', type: 'COPILOT', name: 'Sized once', created: at, updated: at } as never)
  })
  const renderer = createWireRenderer(store)
  const record = store.get('conversation', 'c1')!
  return { store, renderer, record }
}

describe('the sizes and texts of kept wire forms', () => {
  it('are counted when a read is answered, and the next read of the same form reads the same text without a walk', async () => {
    const { renderer, record } = await renderedConversation()
    const first = renderer.answer({ now, transferables: true, keep: true })
    const form = first.render('conversation', record) as object
    expect(first.sizes.sizeOf(form)).toBeUndefined()

    const answer = jsonAnswer(200, form, first.sizes)
    const counted = first.sizes.sizeOf(form)
    expect(counted).toBeGreaterThanOrEqual(JSON.stringify(form).length)

    const again = renderer.answer({ now, transferables: true, keep: true })
    expect(again.render('conversation', record)).toBe(form)
    expect(again.sizes.sizeOf(form)).toBe(counted)
    expect('body' in answer && bodyText(answer.body!)).toBe(JSON.stringify(form))
  })

  it('keep the text of a form answered whole, so a record read again by its id is not serialized again', async () => {
    const { renderer, record } = await renderedConversation()
    const first = renderer.answer({ now, transferables: true, keep: true })
    const form = first.render('conversation', record) as object
    const answered = jsonAnswer(200, form, first.sizes)
    expect(first.sizes.textOf(form)).toBe(JSON.stringify(form))

    const again = renderer.answer({ now, transferables: true, keep: true })
    const serialize = vi.spyOn(JSON, 'stringify')
    try {
      const answeredAgain = jsonAnswer(200, again.render('conversation', record), again.sizes)
      expect(serialize).not.toHaveBeenCalled()
      expect('body' in answeredAgain && answeredAgain.body).toBe('body' in answered && answered.body)
    } finally {
      serialize.mockRestore()
    }
  })

  it('keep no text once the record is written again: the new record is rendered and serialized afresh', async () => {
    const { store, renderer, record } = await renderedConversation()
    const first = renderer.answer({ now, transferables: true, keep: true })
    const form = first.render('conversation', record) as object
    jsonAnswer(200, form, first.sizes)
    await store.write((tx) => {
      tx.update('conversation', 'c1', (draft) => void (draft.name = 'Renamed'))
    })
    const second = renderer.answer({ now, transferables: true, keep: true })
    const newForm = second.render('conversation', store.get('conversation', 'c1')!) as object
    expect(newForm).not.toBe(form)
    expect(second.sizes.textOf(newForm)).toBeUndefined()
    const answer = jsonAnswer(200, newForm, second.sizes)
    expect(JSON.parse(bodyText('body' in answer ? answer.body! : ''))).toMatchObject({ name: 'Renamed' })
  })

  it('are never kept for an answer’s own objects or a write’s forms, so nothing grows with the answers given', async () => {
    const { renderer, record } = await renderedConversation()
    const write = renderer.answer({ now, transferables: true, keep: false })
    const unkept = write.render('conversation', record) as object
    const wrapper = { iterable: [unkept] }
    jsonAnswer(200, wrapper, write.sizes)
    jsonAnswer(200, unkept, write.sizes)
    expect(write.sizes.sizeOf(unkept)).toBeUndefined()
    expect(write.sizes.sizeOf(wrapper)).toBeUndefined()
    expect(write.sizes.textOf(unkept)).toBeUndefined()
    expect(write.sizes.textOf(wrapper)).toBeUndefined()
  })

  it('stand in for the walk: a value known to be small is answered whole, whatever it holds', () => {
    const huge = { text: 'x'.repeat(4096) }
    const known: KnownSizes = {
      sizeOf: (value) => (value === huge ? 10 : undefined),
      counted: () => undefined,
      textOf: () => undefined,
      written: () => undefined,
    }
    expect(fitsIn(huge, 1024)).toBe(false)
    expect(fitsIn(huge, 1024, known)).toBe(true)
    expect(fitsIn({ inner: huge }, 1024, known)).toBe(true)
  })
})
