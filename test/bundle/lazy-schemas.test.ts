import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as assetInputs from '../../src/domain/asset-inputs.js'
import * as conversationInputs from '../../src/domain/conversation-inputs.js'
import * as copilotInputs from '../../src/domain/copilot-inputs.js'
import * as osInputs from '../../src/domain/os-inputs.js'
import * as recordSeeds from '../../src/domain/record-seeds.js'
import * as recordUpdateInputs from '../../src/domain/record-update-inputs.js'
import * as searchInputs from '../../src/domain/search-inputs.js'
import * as seeds from '../../src/domain/seeds.js'
import * as serviceSeeds from '../../src/domain/service-seeds.js'
import * as userSessionInputs from '../../src/domain/user-session-inputs.js'
import { setupMockServer, type MockServer } from '../../src/node/index.js'

// The request-body schemas of every write, by module: each is built on its first use, not when its module loads.
const WRITE_INPUT_MODULES = {
  assetInputs,
  conversationInputs,
  copilotInputs,
  osInputs,
  recordSeeds,
  recordUpdateInputs,
  searchInputs,
  seeds,
  serviceSeeds,
  userSessionInputs,
}

const APPLICATION = {
  id: 'app',
  name: 'OPEN_SOURCE',
  version: '1',
  platform: 'LINUX',
  onboarded: true,
  privacy: 'OPEN',
}

/** Every schema a module exports, by `module.name`. */
function exportedSchemas(): Array<[string, z.ZodType]> {
  return Object.entries(WRITE_INPUT_MODULES).flatMap(([module, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
      .map(([name, schema]): [string, z.ZodType] => [`${module}.${name}`, schema]),
  )
}

/** Whether a lazy schema has built the schema it stands for (zod keeps it on the lazy's definition once built). */
const isBuilt = (schema: z.ZodType) => (schema.def as { _cachedInner?: unknown })._cachedInner !== undefined

describe('the write schemas a cold start does not build', () => {
  let mock: MockServer | undefined
  afterEach(() => mock?.close())

  it('exports every request-body schema of a write as a schema built on first use', () => {
    const schemas = exportedSchemas()
    expect(schemas.length).toBeGreaterThan(40)
    expect(schemas.filter(([, schema]) => !(schema instanceof z.ZodLazy)).map(([name]) => name)).toEqual([])
  })

  it('builds none of them for set-up, listen and a first GET /assets, and builds a write’s schema when it is sent', async () => {
    mock = setupMockServer()
    await mock.listen()
    const listed = await fetch(`${mock.baseUrl}/assets`)
    expect(listed.status).toBe(200)
    expect(
      exportedSchemas()
        .filter(([, schema]) => isBuilt(schema))
        .map(([name]) => name),
    ).toEqual([])

    const created = await fetch(`${mock.baseUrl}/assets/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'SEEDED_ASSET',
        asset: { application: APPLICATION, format: { fragment: { string: { raw: 'const a = 1' } } } },
      }),
    })
    expect(created.status).toBe(200)
    expect(isBuilt(seeds.seedInput)).toBe(true)
    expect(isBuilt(recordUpdateInputs.tagUpdateInput)).toBe(false)
  })
})
