import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Zod from 'zod'
import type { MockServer } from '../../src/node/index.js'

/** The zod object and enum schemas built since `counted` was last cleared, by the zod the mock's modules import. */
const counted = { objects: 0, enums: 0 }

vi.mock('zod', async (importOriginal) => {
  const zod = await importOriginal<typeof Zod>()
  const object: typeof zod.z.object = (...args) => {
    counted.objects++
    return zod.z.object(...args)
  }
  const enumOf = ((...args: Parameters<typeof zod.z.enum>) => {
    counted.enums++
    return zod.z.enum(...args)
  }) as typeof zod.z.enum
  return { ...zod, z: { ...zod.z, object, enum: enumOf } }
})

// Test files may share a module registry (an earlier file may have built the schemas): each test imports afresh.
beforeEach(() => vi.resetModules())
afterEach(() => {
  counted.objects = 0
  counted.enums = 0
})

describe('the store schemas a cold start does not build', () => {
  let mock: MockServer | undefined
  afterEach(() => mock?.close())

  it('builds no object or enum schema for the import, set-up, listen and a first GET /assets, but each on its first use', async () => {
    const { setupMockServer } = await import('../../src/node/index.js')
    const { RECORD_KINDS, recordSchemas } = await import('../../src/store/schemas/schemas.js')
    const { annotationType } = await import('../../src/store/schemas/enums.js')
    expect(counted).toEqual({ objects: 0, enums: 0 })
    mock = setupMockServer()
    await mock.listen()
    const listed = await fetch(`${mock.baseUrl}/assets`)
    expect(listed.status).toBe(200)
    expect(((await listed.json()) as { iterable: unknown[] }).iterable.length).toBeGreaterThan(0)
    expect(counted).toEqual({ objects: 0, enums: 0 })

    const builtOnFirstRead = RECORD_KINDS.filter((kind) => {
      const before = counted.objects
      void recordSchemas[kind]
      return counted.objects > before
    })
    expect(builtOnFirstRead).toEqual(RECORD_KINDS)
    const enumsBefore = counted.enums
    expect(annotationType.parse('DESCRIPTION')).toBe('DESCRIPTION')
    expect(counted.enums).toBe(enumsBefore + 1)
  })

  it('builds a kind’s schema once, with the defaults it declares', async () => {
    const { recordSchemas } = await import('../../src/store/schemas/schemas.js')
    const tag = recordSchemas.tag
    const built = counted.objects
    expect(recordSchemas.tag).toBe(tag)
    expect(counted.objects).toBe(built)
    const at = '2024-01-01T00:00:00.000Z'
    expect(tag.parse({ id: 't1', text: 'zod', created: at, updated: at })).toMatchObject({
      category: 'UNKNOWN',
      assets: [],
    })
  })
})
