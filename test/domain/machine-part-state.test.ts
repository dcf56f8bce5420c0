import { describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { readPart, writePart } from '../../src/domain/machine/machine-part-state.js'
import { fixedClock } from '../../src/store/clock-and-ids/clock.js'

const INITIAL = { theme: 'LIGHT', fontSize: 14 }

async function serviceWithSettings(theme: string) {
  const service = createMockService({ clock: fixedClock('2024-06-01T12:00:00.000Z') })
  await service.ready
  await service.store.write((tx) => writePart(tx, 'settings', { ...readPart(tx, 'settings', INITIAL), theme }))
  return service
}

describe('a machine part kept in the store', () => {
  it('reads its initial state until it is first written, then what was written', async () => {
    const service = createMockService()
    await service.ready
    expect(readPart(service.store, 'settings', INITIAL)).toEqual(INITIAL)
    await service.store.write((tx) => writePart(tx, 'settings', { ...INITIAL, theme: 'DARK' }))
    expect(readPart(service.store, 'settings', INITIAL)).toEqual({ theme: 'DARK', fontSize: 14 })
    await service.close()
  })

  it('goes back to its initial state on reset and comes back with a restored snapshot', async () => {
    const service = await serviceWithSettings('DARK')
    const snapshot = service.snapshot()
    await service.reset()
    expect(readPart(service.store, 'settings', INITIAL)).toEqual(INITIAL)
    await service.restore(snapshot)
    expect(readPart(service.store, 'settings', INITIAL).theme).toBe('DARK')
    await service.close()
  })

  it('changes nothing when the write it is staged in fails', async () => {
    const service = await serviceWithSettings('DARK')
    await expect(
      service.store.write((tx) => {
        writePart(tx, 'settings', { ...INITIAL, theme: 'HIGH_CONTRAST' })
        throw new Error('the rest of the write failed')
      }),
    ).rejects.toThrow('the rest of the write failed')
    expect(readPart(service.store, 'settings', INITIAL).theme).toBe('DARK')
    await service.close()
  })

  it('refuses a state that is not JSON', async () => {
    const service = await serviceWithSettings('DARK')
    await expect(
      service.store.write((tx) => writePart(tx, 'settings', { when: new Date() as unknown as string })),
    ).rejects.toThrow()
    expect(readPart(service.store, 'settings', INITIAL).theme).toBe('DARK')
    await service.close()
  })
})
