import { describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { serializeState, serializeStateInPieces } from '../../src/persistence/persisted-state.js'

describe('a persisted state written in pieces', () => {
  it('joins to the same text as the state written at once, whatever the piece size', async () => {
    const service = createMockService()
    await service.ready
    await service.store.write((tx) => tx.remove('tag', [...service.store.all('tag')][0]!.id))
    const snapshot = service.store.snapshot()
    for (const size of [1, 200, 10_000, 10_000_000]) {
      const pieces = [...serializeStateInPieces(snapshot, { pieceSize: size })]
      expect(pieces.join('')).toBe(serializeState(snapshot))
      if (size === 200) expect(pieces.length).toBeGreaterThan(10)
    }
    service.close()
  })
})
