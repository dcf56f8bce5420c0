import { describe, expect, it } from 'vitest'
import { createSseStreamTransport, MAX_UNREAD_BYTES } from '../../src/operations/mcp/sse-stream-transport.js'

describe('the MCP event stream', () => {
  it('ends, once, when its client leaves more than the unread bound waiting, and takes no more messages', async () => {
    const transport = createSseStreamTransport('session-1', 'messages')
    let closes = 0
    transport.onclose = () => closes++
    await transport.start()
    const message = { jsonrpc: '2.0' as const, id: 1, result: { text: 'x'.repeat(64 * 1024) } }
    let sent = 0
    while (closes === 0 && sent < 1_000) {
      await transport.send(message)
      sent++
    }
    expect(closes).toBe(1)
    // Each event holds a little more than its 64 KiB of text: the stream ends at the first past the bound.
    const perBound = MAX_UNREAD_BYTES / (64 * 1024)
    expect(sent).toBeGreaterThanOrEqual(perBound - 1)
    expect(sent).toBeLessThanOrEqual(perBound + 1)
    await expect(transport.send(message)).rejects.toThrow('the stream is closed')
  })

  it('keeps a stream whose client reads what it is sent', async () => {
    const transport = createSseStreamTransport('session-2', 'messages')
    let closes = 0
    transport.onclose = () => closes++
    await transport.start()
    const reader = transport.stream.getReader()
    const message = { jsonrpc: '2.0' as const, id: 1, result: { text: 'x'.repeat(64 * 1024) } }
    for (let i = 0; i < 200; i++) {
      await transport.send(message)
      await reader.read()
    }
    expect(closes).toBe(0)
    await transport.close()
    expect(closes).toBe(1)
  })
})
