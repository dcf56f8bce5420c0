import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/*
 * The names each entry of the package exports, reviewed: a name added to or
 * removed from an entry's barrel fails here until it is added to or removed
 * from this list too (and the change is one users are told of). Types are
 * written `type Name`.
 */
const PUBLIC_NAMES: Readonly<Record<string, readonly string[]>> = {
  '.': [
    'type CallExpectation',
    'type ClientApiClass',
    'type ClientOperation',
    'clientOperations',
    'type Clock',
    'type ClockState',
    'type ControlBudget',
    'controlClient',
    'type ControlClient',
    'type ControllableClock',
    'type CopilotReplies',
    'type CopilotReply',
    'createControlBudget',
    'createMockService',
    'createStoreBudget',
    'defaultFixtures',
    'type Fault',
    'type Faults',
    'type FaultSpec',
    'fixedClock',
    'FixtureError',
    'type FixtureSet',
    'type FrameRecorder',
    'generateFixtures',
    'type GenerateFixturesOptions',
    'GONE_ASSET_ID',
    'type IdentifierFrame',
    'isModelUsable',
    'type Journal',
    'type JournalEntry',
    'type Latency',
    'type LatencySettings',
    'type MachinePartInputs',
    'type MachinePartName',
    'type MessageSource',
    'type MockErrorCode',
    'type MockService',
    'MockServiceError',
    'type MockServiceOptions',
    'type Operation',
    'type OperationName',
    'PersistedStateError',
    'type RecordChange',
    'recordFrames',
    'type RecordKind',
    'type RecordOf',
    'type ScenarioName',
    'SCENARIOS',
    'type ServiceInfo',
    'type Store',
    'type StoreBudget',
    'type StoreCollections',
    'type StoreEvent',
    'type StoreListener',
    'type StoreSnapshot',
    'STREAM_PATHS',
    'type StreamClosing',
    'type StreamExpectation',
    'type StreamFaultSpec',
    'type StreamHub',
    'type StreamName',
    'streamUrlsOf',
    'type Stub',
    'type StubAnswer',
    'type StubRequest',
    'type StubSpec',
    'type Stubs',
    'systemClock',
    'validateFixtures',
    'VerificationError',
    'type WebSocketActivity',
  ],
  './msw': [
    'createMswAdapter',
    'DEFAULT_BASE_URL',
    'type InstallWebSocketOptions',
    'type MswAdapter',
    'type MswAdapterOptions',
  ],
  './node': ['type MockServer', 'setupMockServer', 'type SetupMockServerOptions'],
  './browser': [
    'type BrowserMock',
    'type BrowserMockOptions',
    'type BrowserPersistence',
    'type IndexedDbPersistenceOptions',
    'type InspectorCorner',
    'type InspectorPanel',
    'persistToIndexedDb',
    'persistToLocalStorage',
    'startBrowserMock',
    'type StateStorage',
  ],
  './server': [
    'type Durability',
    'type StandaloneServer',
    'type StandaloneServerOptions',
    'startStandaloneServer',
    'type StreamDropReason',
  ],
  './playwright': [
    'createMockFixture',
    'type MockFixture',
    'type PlaywrightMock',
    'type PlaywrightMockOptions',
    'routeMock',
    'type RouteTarget',
    'useMockSession',
  ],
  './jest': [
    'type JestHooks',
    'type MockServer',
    'type SetupMockServerOptions',
    'useMockServer',
    'type UseMockServerOptions',
  ],
  './vitest': [
    'type AllowRule',
    'type Difference',
    'type DifferenceKind',
    'type DriftReport',
    'expectNoDrift',
    'type ExpectNoDriftOptions',
    'useMockServer',
  ],
}

/** The barrel of each entry in src. */
const BARRELS: Readonly<Record<string, string>> = {
  '.': 'src/index.ts',
  './msw': 'src/msw/index.ts',
  './node': 'src/node/index.ts',
  './browser': 'src/browser/index.ts',
  './server': 'src/server/index.ts',
  './playwright': 'src/playwright/index.ts',
  './jest': 'src/jest/index.ts',
  './vitest': 'src/vitest/index.ts',
}

const byName = (left: string, right: string) => left.replace('type ', '').localeCompare(right.replace('type ', ''))

/** The names a barrel exports, `type Name` for a type, sorted; its explicit `export { … }` lists are all there is. */
function barrelNames(file: string): string[] {
  const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')
  const names: string[] = []
  for (const [, type, list] of text.matchAll(/export (type )?\{([^}]*)\}/g)) {
    for (const name of list!.split(',').map((part) => part.trim())) if (name) names.push(`${type ?? ''}${name}`)
  }
  return names.sort(byName)
}

describe('the public names of the package', () => {
  it('are exported by every entry as reviewed, no more and no fewer', () => {
    for (const [entry, file] of Object.entries(BARRELS)) {
      expect({ entry, names: barrelNames(file) }).toEqual({ entry, names: [...PUBLIC_NAMES[entry]!].sort(byName) })
    }
  })

  it('come from explicit lists, never a star export', () => {
    for (const file of Object.values(BARRELS)) {
      expect(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')).not.toMatch(/export \*/)
    }
  })

  it('are the values each built entry holds when it loads', async () => {
    for (const entry of Object.keys(BARRELS)) {
      const specifier = entry === '.' ? 'conversation-asset-mock' : `conversation-asset-mock/${entry.slice(2)}`
      const loaded = Object.keys((await import(specifier)) as object).sort(byName)
      const values = PUBLIC_NAMES[entry]!.filter((name) => !name.startsWith('type ')).sort(byName)
      expect({ entry, names: loaded }).toEqual({ entry, names: values })
    }
  })
})
