import { afterEach, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime } from '../events/stream-runtimes.js'
import { clientReplay, type ClientReplay } from './replay.js'
import { pythonSdkStartup } from './start-ups.js'

/*
 * The published Python SDK's copilot.stream_question() (pieces_os_client
 * 3.0.0 to 5.0.1, wrapper/copilot.py, _return_on_message): it yields the
 * frames of /qgpt/stream while they are IN-PROGRESS and stops after the
 * first that is not. With the service's INITIALIZED frame that is the first
 * frame, so it yields no text; omitInitializedFrame leaves that frame out.
 */

interface Frame {
  status?: string
  conversation?: string
  question?: { answers: { iterable: Array<{ text?: string }> } }
}

describe.each(streamRuntimes)("the Python SDK's stream_question(), $name", ({ start }) => {
  let mock: StreamRuntime | undefined
  let sdk: ClientReplay

  afterEach(async () => {
    for (const socket of sdk.sockets.splice(0)) socket.close()
    await mock?.close()
  })

  /** What stream_question() yields for one question: the frames up to and with the first that is not IN-PROGRESS. */
  async function streamQuestion(query: string) {
    sdk = clientReplay(mock!)
    const { application } = await pythonSdkStartup(sdk)
    const { socket, frames, opened } = sdk.open<Frame>('/qgpt/stream')
    await opened
    socket.send(
      JSON.stringify({ relevance: { application, query, model: 'gpt-3.5-turbo', options: { question: true } } }),
    )
    const yielded: Frame[] = []
    for (;;) {
      const frame = await frames.next(undefined, { timeoutMs: 5_000 })
      yielded.push(frame)
      if (frame.status !== 'IN-PROGRESS') break
    }
    const text = yielded
      .map((frame) => frame.question?.answers.iterable.map((answer) => answer.text ?? '').join('') ?? '')
      .join('')
    return { yielded, text }
  }

  it('ends at the INITIALIZED frame with no text by default, as against the service', async () => {
    mock = await start({ copilotPaceMs: 0 })
    const { yielded, text } = await streamQuestion('Write a Python function that adds two numbers')
    expect(yielded.map((frame) => frame.status)).toEqual(['INITIALIZED'])
    expect(text).toBe('')
  })

  it('yields the whole answer, ending at COMPLETED, when the mock omits the INITIALIZED frame', async () => {
    mock = await start({ copilotPaceMs: 0, omitInitializedFrame: true })
    const { yielded, text } = await streamQuestion('Write a Python function that adds two numbers')
    expect(yielded[0]!.status).toBe('IN-PROGRESS')
    expect(yielded.at(-1)!.status).toBe('COMPLETED')
    expect(yielded.at(-1)!.conversation).toBeDefined()
    expect(text).toContain('```python')
  })
})
