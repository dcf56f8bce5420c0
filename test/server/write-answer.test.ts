import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { textAnswer } from '../../src/execution/answer.js'
import { createAnswerBatch } from '../../src/server/http/write-answer.js'

/** Just enough of a ServerResponse to record what was written to it. */
function recordingResponse({ headersAlreadySent = false } = {}) {
  const response = {
    headersSent: headersAlreadySent,
    writableEnded: false,
    writes: 0,
    destroyed: false,
    status: undefined as number | undefined,
    headers: undefined as Record<string, unknown> | undefined,
    body: undefined as unknown,
    writeHead(status: number, headers: Record<string, unknown>) {
      if (response.headersSent) throw new Error('Cannot write headers after they are sent to the client')
      response.status = status
      response.headers = headers
      return response
    },
    end(body?: unknown) {
      response.body = body
      response.headersSent = true
      response.writableEnded = true
      response.writes++
    },
    destroy() {
      response.destroyed = true
    },
  }
  return response
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('answers computed in one event-loop turn', () => {
  it('are written together at the end of the turn, each to its own response', async () => {
    const answers = createAnswerBatch()
    const first = recordingResponse()
    const second = recordingResponse()
    answers.add(first as unknown as ServerResponse, {
      status: 200,
      contentType: 'application/json',
      body: '{"id":"c1"}',
    })
    answers.add(second as unknown as ServerResponse, textAnswer(410, 'Asset no longer exists and is Gone.'))
    expect(first.status).toBeUndefined()
    await nextTurn()
    expect(first.status).toBe(200)
    expect(first.body).toBe('{"id":"c1"}')
    expect(first.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': 11,
      'access-control-allow-origin': '*',
    })
    expect(second.status).toBe(410)
    expect(second.body).toBe('Asset no longer exists and is Gone.')
  })

  it('do not wait for one that cannot be written: its connection is dropped and the others still go out', async () => {
    const answers = createAnswerBatch()
    const broken = recordingResponse({ headersAlreadySent: true })
    const healthy = recordingResponse()
    answers.add(broken as unknown as ServerResponse, {
      status: 200,
      contentType: 'application/json',
      body: '{"id":"c1"}',
    })
    answers.add(healthy as unknown as ServerResponse, { status: 204 })
    await nextTurn()
    expect(broken.destroyed).toBe(true)
    expect(healthy.status).toBe(204)
    expect(healthy.headersSent).toBe(true)
  })

  it('write a response once when a second answer is queued for it, and keep its connection', async () => {
    const answers = createAnswerBatch()
    const response = recordingResponse()
    answers.add(response as unknown as ServerResponse, {
      status: 200,
      contentType: 'application/json',
      body: '{"id":"c1"}',
    })
    answers.add(
      response as unknown as ServerResponse,
      textAnswer(500, 'Internal error in the mock service: logger failed'),
    )
    await nextTurn()
    expect(response.writes).toBe(1)
    expect(response.status).toBe(200)
    expect(response.destroyed).toBe(false)
  })
})
