import type { QGPTStreamOutput } from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { checkModel } from '../contract/check-model.js'
import { streamRuntimes, type StreamRuntime, type TestSocket } from './stream-runtimes.js'

/*
 * The copilot's /qgpt/stream as Pieces' clients drive it: a question in,
 * INITIALIZED, the answer in IN-PROGRESS chunks, one COMPLETED, the question
 * and the answer stored as messages of the conversation.
 */

type Output = QGPTStreamOutput & { question?: { answers: { iterable: Array<{ text: string }> } } }

const ask = (query: string, extra: object = {}) =>
  JSON.stringify({ question: { query, relevant: { iterable: [] } }, ...extra })

describe.each(streamRuntimes)('the copilot stream, $name', ({ start }) => {
  let mock: StreamRuntime
  const sockets: TestSocket[] = []

  async function connect() {
    const client = mock.open<Output>(mock.streamUrls.qgpt)
    sockets.push(client.socket)
    await client.opened
    return client
  }
  /** Every frame of one answer up to its ending (COMPLETED, STOPPED, RESET or FAILED); INITIALIZED only first. */
  async function until(frames: Awaited<ReturnType<typeof connect>>['frames'], ending: string) {
    const seen: Output[] = []
    for (;;) {
      const frame = await frames.next()
      seen.push(frame)
      if (frame.status === ending) return seen
      const expected = seen.length === 1 ? ['INITIALIZED', 'IN-PROGRESS'] : ['IN-PROGRESS']
      if (!expected.includes(frame.status!)) throw new Error(`Expected ${ending}, got ${JSON.stringify(frame)}`)
    }
  }
  const textOf = (frames: Output[]) => frames.map((frame) => frame.question?.answers.iterable[0]?.text ?? '').join('')
  const messagesOf = (conversation: string) =>
    mock.service.store
      .get('conversation', conversation)!
      .messages.map((id) => mock.service.store.get('message', id)!)
      .map((message) => [message.role, message.fragment?.string?.raw])

  beforeAll(async () => {
    mock = await start()
  })
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('streams an answer in chunks, then COMPLETED, each frame naming its request and conversation', async () => {
    const { socket, frames } = await connect()
    socket.send(ask('How do I debounce a function?', { request: 'r-1' }))
    const seen = await until(frames, 'COMPLETED')
    expect(seen.length).toBeGreaterThan(2)
    for (const frame of seen) {
      expect(checkModel(frame, 'QGPTStreamOutput')).toEqual([])
      expect(frame.request).toBe('r-1')
      expect(frame.conversation).toBe(seen[0]!.conversation)
    }
    expect(seen.at(-1)!.question).toBeUndefined()
    expect(textOf(seen)).toContain('```')
  })

  it('sends INITIALIZED as the first frame of an answer, then IN-PROGRESS chunks, then COMPLETED', async () => {
    const { socket, frames } = await connect()
    socket.send(ask('What is a closure?', { request: 'r-init' }))
    const seen = await until(frames, 'COMPLETED')
    const statuses = seen.map((frame) => frame.status)
    expect(statuses[0]).toBe('INITIALIZED')
    expect(statuses.slice(1, -1).length).toBeGreaterThan(0)
    expect(new Set(statuses.slice(1, -1))).toEqual(new Set(['IN-PROGRESS']))
    expect(statuses.at(-1)).toBe('COMPLETED')
    expect(seen[0]).toEqual({ request: 'r-init', conversation: seen[1]!.conversation, status: 'INITIALIZED' })
    expect(checkModel(seen[0], 'QGPTStreamOutput')).toEqual([])
  })

  it('sends INITIALIZED before the first chunk of every answer on a connection', async () => {
    const { socket, frames } = await connect()
    socket.send(ask('First', { request: 'one' }))
    const first = await until(frames, 'COMPLETED')
    socket.send(ask('Second', { request: 'two', conversation: first[0]!.conversation }))
    const second = await until(frames, 'COMPLETED')
    expect([first[0]!.status, second[0]!.status]).toEqual(['INITIALIZED', 'INITIALIZED'])
    expect(second[0]).toMatchObject({ request: 'two', conversation: first[0]!.conversation })
  })

  it('answers a question about reading a CSV file in Python with Python that reads a file, never the question', async () => {
    const { socket, frames } = await connect()
    socket.send(ask('How do I read a CSV file in Python?'))
    const text = textOf(await until(frames, 'COMPLETED'))
    expect(text).toContain('Here is how to read a file in Python:')
    expect(text).toContain('```python\nwith open("notes.txt", encoding="utf-8") as file:\n')
    expect(text).not.toContain('```typescript')
    expect(text).not.toContain('How do I read a CSV file')
  })

  it('answers a question about TypeScript with a typescript code block', async () => {
    const { socket, frames } = await connect()
    socket.send(ask('How do I narrow a union type in TypeScript?'))
    const text = textOf(await until(frames, 'COMPLETED'))
    expect(text).toMatch(/```typescript\n\/\/ A starting point: .*\nexport function \w+\(input: string\): string \{/)
  })

  it('answers a question about Go or Rust in that language, and one naming none and asking nothing stored in TypeScript', async () => {
    const { socket, frames } = await connect()
    socket.send(ask('How do I read a file in Go?'))
    expect(textOf(await until(frames, 'COMPLETED'))).toContain('```go\nfile, err := os.Open("notes.txt")\n')
    socket.send(ask('Lifetimes in rust, briefly'))
    expect(textOf(await until(frames, 'COMPLETED'))).toContain('```rust\n')
    socket.send(ask('Is it wise?'))
    expect(textOf(await until(frames, 'COMPLETED'))).toContain('```typescript\n')
  })

  it('keeps the conversation’s language for a follow-up that names none', async () => {
    const { socket, frames } = await connect()
    socket.send(ask('How do I reverse a list in Python?'))
    const first = await until(frames, 'COMPLETED')
    expect(textOf(first)).toContain('```python\nnumbers = [1, 2, 3, 4]\n')
    socket.send(ask('And how do I sort it?', { conversation: first[0]!.conversation }))
    const followUp = textOf(await until(frames, 'COMPLETED'))
    expect(followUp).toContain('Staying with Python, as earlier in this conversation.')
    expect(followUp).toContain('```python\nwords = ["pear", "apple", "fig"]\n')
    // The same follow-up in a new conversation has no language to keep.
    socket.send(ask('And how do I sort it?'))
    expect(textOf(await until(frames, 'COMPLETED'))).not.toContain('```python')
  })

  it('sends a scripted reply as it is, whatever language the question names', async () => {
    mock.service.copilot.reply('Use the csv module.')
    const { socket, frames } = await connect()
    socket.send(ask('How do I read a CSV file in Python?'))
    expect(textOf(await until(frames, 'COMPLETED'))).toBe('Use the csv module.')
  })

  it('creates a conversation for a question that names none, holding the question and the answer', async () => {
    const { socket, frames } = await connect()
    socket.send(ask('Explain closures'))
    const seen = await until(frames, 'COMPLETED')
    const conversation = seen[0]!.conversation
    expect(messagesOf(conversation)).toEqual([
      ['USER', 'Explain closures'],
      ['ASSISTANT', textOf(seen)],
    ])
  })

  it('appends the turn to the conversation the input names, after its messages', async () => {
    const existing = [...mock.service.store.all('conversation')].find((c) => c.messages.length > 0)!
    const before = messagesOf(existing.id)
    const { socket, frames } = await connect()
    socket.send(ask('And then?', { conversation: existing.id }))
    const seen = await until(frames, 'COMPLETED')
    expect(seen[0]!.conversation).toBe(existing.id)
    expect(messagesOf(existing.id)).toEqual([...before, ['USER', 'And then?'], ['ASSISTANT', textOf(seen)]])
  })

  it('answers the same question the same way for the same seed', async () => {
    const first = await connect()
    first.socket.send(ask('Sort an array'))
    const one = textOf(await until(first.frames, 'COMPLETED'))
    await mock.reset()
    const second = await connect()
    second.socket.send(ask('Sort an array'))
    expect(textOf(await until(second.frames, 'COMPLETED'))).toBe(one)
  })

  it('sends the scripted chunks of copilot.reply() and keeps them as the answer', async () => {
    mock.service.copilot.reply({ chunks: ['Hel', 'lo ', 'there'] })
    const { socket, frames } = await connect()
    socket.send(ask('Hi'))
    const seen = await until(frames, 'COMPLETED')
    expect(seen[0]!.status).toBe('INITIALIZED')
    expect(seen.slice(1, -1).map((frame) => frame.question?.answers.iterable[0]?.text)).toEqual(['Hel', 'lo ', 'there'])
    expect(messagesOf(seen[0]!.conversation).at(-1)).toEqual(['ASSISTANT', 'Hello there'])
  })

  it('fails part-way when the script says so, with the error message', async () => {
    mock.service.copilot.reply({
      chunks: ['a', 'b', 'c'],
      fail: { afterChunks: 2, message: 'The model ran out of tokens.' },
    })
    const { socket, frames } = await connect()
    socket.send(ask('Hi'))
    const seen = await until(frames, 'FAILED')
    expect(seen.map((frame) => frame.status)).toEqual(['INITIALIZED', 'IN-PROGRESS', 'IN-PROGRESS', 'FAILED'])
    expect(seen[3]).toMatchObject({ status: 'FAILED', errorMessage: 'The model ran out of tokens.' })
    expect(checkModel(seen[3], 'QGPTStreamOutput')).toEqual([])
  })

  it('stops a running answer with STOPPED and keeps what was sent', async () => {
    mock.service.copilot.reply({ chunks: ['one ', 'two ', 'three ', 'four'], paceMs: 200 })
    const { socket, frames } = await connect()
    socket.send(ask('Count', { request: 'slow' }))
    expect((await frames.next()).status).toBe('INITIALIZED')
    const first = await frames.next()
    expect(first.status).toBe('IN-PROGRESS')
    socket.send(JSON.stringify({ request: 'slow', stop: true }))
    const rest = await until(frames, 'STOPPED')
    const sent = textOf([first, ...rest])
    expect(sent.length).toBeLessThan('one two three four'.length)
    expect(messagesOf(first.conversation).at(-1)).toEqual(['ASSISTANT', sent])
  })

  it('stops only the answer whose request the stop names; another on the same connection completes', async () => {
    mock.service.copilot.reply({ chunks: ['a ', 'b ', 'c ', 'd'], paceMs: 100 })
    mock.service.copilot.reply({ chunks: ['w ', 'x ', 'y ', 'z'], paceMs: 100 })
    const { socket, frames } = await connect()
    socket.send(ask('Stop me', { request: 'stopped' }))
    socket.send(ask('Keep me', { request: 'kept' }))
    await frames.next((frame) => frame.request === 'stopped' && frame.status === 'IN-PROGRESS')
    socket.send(JSON.stringify({ request: 'stopped', stop: true }))
    const endings = [
      await frames.next((frame) => frame.request === 'stopped' && frame.status !== 'IN-PROGRESS'),
      await frames.next((frame) => frame.request === 'kept' && !['INITIALIZED', 'IN-PROGRESS'].includes(frame.status!)),
    ]
    expect(endings.map((frame) => frame.status)).toEqual(['STOPPED', 'COMPLETED'])
  })

  it('stops the answers of the conversation a stop names, as the CLI sends it', async () => {
    mock.service.copilot.reply({ chunks: ['one ', 'two ', 'three'], paceMs: 200 })
    const { socket, frames } = await connect()
    socket.send(ask('Count slowly'))
    const started = await frames.next((frame) => frame.status === 'INITIALIZED')
    socket.send(JSON.stringify({ conversation: started.conversation, stop: true }))
    expect(await frames.next((frame) => frame.status !== 'IN-PROGRESS')).toMatchObject({
      conversation: started.conversation,
      status: 'STOPPED',
    })
  })

  it('refuses a question whose request id is still streaming on the connection with FAILED 409', async () => {
    mock.service.copilot.reply({ chunks: ['a', 'b'], paceMs: 200 })
    const { socket, frames } = await connect()
    socket.send(ask('First', { request: 'same' }))
    await frames.next((frame) => frame.status === 'INITIALIZED')
    socket.send(ask('Second', { request: 'same' }))
    const refused = await frames.next((frame) => frame.status === 'FAILED')
    expect(refused).toMatchObject({ request: 'same', statusCode: 409, errorMessage: expect.stringContaining('"same"') })
    expect(checkModel(refused, 'QGPTStreamOutput')).toEqual([])
    expect(await frames.next((frame) => frame.status !== 'IN-PROGRESS')).toMatchObject({ status: 'COMPLETED' })
  })

  it('ends every running answer with RESET on reset', async () => {
    mock.service.copilot.reply({ chunks: ['a', 'b', 'c'], paceMs: 200 })
    const { socket, frames } = await connect()
    socket.send(ask('Long', { request: 'to-reset' }))
    await frames.next((frame) => frame.status === 'IN-PROGRESS')
    socket.send(JSON.stringify({ reset: true }))
    const rest = await until(frames, 'RESET')
    expect(rest.at(-1)).toMatchObject({ request: 'to-reset', status: 'RESET' })
  })

  it('streams at most 16 answers at once on one connection, and answers FAILED with 429 past that', async () => {
    for (let index = 0; index < 16; index++) mock.service.copilot.reply({ chunks: ['a', 'b'], paceMs: 300 })
    const { socket, frames } = await connect()
    for (let index = 0; index < 17; index++) socket.send(ask(`Question ${index}`, { request: `q-${index}` }))
    const refused = await frames.next((frame) => frame.status === 'FAILED')
    expect(refused).toMatchObject({ request: 'q-16', statusCode: 429 })
    socket.send(JSON.stringify({ stop: true }))
  })

  it('answers FAILED for a conversation that does not exist, and stores nothing', async () => {
    const count = [...mock.service.store.all('message')].length
    const { socket, frames } = await connect()
    socket.send(ask('Hi', { conversation: 'no-such-conversation' }))
    expect(await frames.next()).toMatchObject({
      status: 'FAILED',
      conversation: 'no-such-conversation',
      statusCode: 404,
    })
    expect([...mock.service.store.all('message')].length).toBe(count)
  })

  it('answers FAILED naming the model when the question asks a local model that is not downloaded', async () => {
    const local = [...mock.service.store.all('model')].find((model) => !model.cloud && !model.downloaded)!
    const usable = [...mock.service.store.all('model')].find((model) => model.cloud)!
    const { socket, frames } = await connect()
    socket.send(JSON.stringify({ question: { query: 'Hi', relevant: { iterable: [] }, model: local.id } }))
    const failed = await frames.next()
    expect(failed).toMatchObject({ status: 'FAILED', errorMessage: expect.stringContaining(local.name) })
    expect(checkModel(failed, 'QGPTStreamOutput')).toEqual([])
    socket.send(JSON.stringify({ question: { query: 'Hi', relevant: { iterable: [] }, model: usable.id } }))
    expect((await until(frames, 'COMPLETED')).at(-1)!.status).toBe('COMPLETED')
  })

  it('answers FAILED with a clear message for a frame that is not a stream input', async () => {
    const { socket, frames } = await connect()
    socket.send('not json')
    expect(await frames.next()).toMatchObject({
      status: 'FAILED',
      statusCode: 400,
      errorMessage: expect.stringContaining('not JSON'),
    })
    socket.send(JSON.stringify({ question: { query: 7 } }))
    expect(await frames.next()).toMatchObject({ status: 'FAILED', errorMessage: expect.stringContaining('question.') })
  })

  it('answers a relevance input that asks for the answer too', async () => {
    const asset = [...mock.service.store.all('asset')][0]!
    const { socket, frames } = await connect()
    socket.send(
      JSON.stringify({
        relevance: {
          query: 'What does this do?',
          assets: { iterable: [{ id: asset.id }] },
          options: { question: true },
        },
      }),
    )
    const seen = await until(frames, 'COMPLETED')
    expect(textOf(seen)).toContain(asset.name ?? 'your snippet')
  })

  it('closes the client when a stream fault on qgpt says so', async () => {
    mock.service.faults.addStream({ stream: 'qgpt', close: { code: 4000, reason: 'Injected.' }, times: 1 })
    const client = await connect()
    const closed = new Promise<number>((resolve) =>
      (
        client.socket as unknown as {
          addEventListener(type: 'close', listener: (event: { code: number }) => void): void
        }
      ).addEventListener('close', (event) => resolve(event.code)),
    )
    client.socket.send(ask('Hi'))
    expect(await closed).toBe(4000)
  })
})
