import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { MockServer } from '../../src/node/index.js'
import { lazySchemaState } from '../../src/store/schemas/lazy-schema.js'

// The modules of the request-body schemas of every write: each schema is built on its first use, not when its module
// loads. Imported afresh by each test (test files may share a module registry, and an earlier file may have used them).
async function writeInputModules(): Promise<Record<string, Record<string, unknown>>> {
  vi.resetModules()
  return {
    assetInputs: await import('../../src/domain/inputs/asset-inputs.js'),
    conversationInputs: await import('../../src/domain/inputs/conversation-inputs.js'),
    copilotInputs: await import('../../src/domain/inputs/copilot-inputs.js'),
    osInputs: await import('../../src/domain/inputs/os-inputs.js'),
    recordSeeds: await import('../../src/domain/inputs/record-seeds.js'),
    recordUpdateInputs: await import('../../src/domain/inputs/record-update-inputs.js'),
    searchInputs: await import('../../src/domain/inputs/search-inputs.js'),
    seeds: await import('../../src/domain/inputs/seeds.js'),
    serviceSeeds: await import('../../src/domain/inputs/service-seeds.js'),
    userSessionInputs: await import('../../src/domain/inputs/user-session-inputs.js'),
  }
}

const APPLICATION = {
  id: 'app',
  name: 'OPEN_SOURCE',
  version: '1',
  platform: 'LINUX',
  onboarded: true,
  privacy: 'OPEN',
}

/** Every value a module exports, by `module.name`. */
function exportedValues(modules: Record<string, Record<string, unknown>>): Array<[string, unknown]> {
  return Object.entries(modules).flatMap(([module, exports]) =>
    Object.entries(exports).map(([name, value]): [string, unknown] => [`${module}.${name}`, value]),
  )
}

/** The names of the exported lazy schemas in a state. */
const inState = (modules: Record<string, Record<string, unknown>>, state: 'built' | 'waiting') =>
  exportedValues(modules)
    .filter(([, value]) => lazySchemaState(value) === state)
    .map(([name]) => name)

describe('the write schemas a cold start does not build', () => {
  let mock: MockServer | undefined
  afterEach(() => mock?.close())

  it('exports every request-body schema of a write as a schema built on first use', async () => {
    const modules = await writeInputModules()
    expect(inState(modules, 'waiting').length).toBeGreaterThan(40)
    // A schema that is not lazy was built when its module loaded (asking a lazy one whether it is a schema would build it).
    const eager = exportedValues(modules).filter(
      ([, value]) => lazySchemaState(value) === undefined && value instanceof z.ZodType,
    )
    expect(eager.map(([name]) => name)).toEqual([])
  })

  it('builds none of them for set-up, listen and a first GET /assets, and builds a write’s schema when it is sent', async () => {
    const modules = await writeInputModules()
    const { setupMockServer } = await import('../../src/node/index.js')
    mock = setupMockServer()
    await mock.listen()
    const listed = await fetch(`${mock.baseUrl}/assets`)
    expect(listed.status).toBe(200)
    await listed.arrayBuffer()
    expect(inState(modules, 'built')).toEqual([])

    const created = await fetch(`${mock.baseUrl}/assets/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'SEEDED_ASSET',
        asset: { application: APPLICATION, format: { fragment: { string: { raw: 'const a = 1' } } } },
      }),
    })
    expect(created.status).toBe(200)
    await created.arrayBuffer()
    expect(lazySchemaState(modules.seeds!.seedInput)).toBe('built')
    expect(lazySchemaState(modules.recordUpdateInputs!.tagUpdateInput)).toBe('waiting')
  })
})
