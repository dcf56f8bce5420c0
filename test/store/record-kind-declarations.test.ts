import { access } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { recordLabel } from '../../src/control/inspection/record-label.js'
import { STREAM_TABLE } from '../../src/events/stream-table.js'
import { INSPECTED_KINDS } from '../../src/inspector/steering/inspected-kinds.js'
import { MODEL_KINDS, NESTED_KINDS } from '../../src/replay/har/client-model-kinds.js'
import { defaultFixtureSet } from '../../src/seeding/default-fixtures.generated.js'
import { FIXTURE_FILES } from '../../src/seeding/fixture-files.js'
import { generateFixtures } from '../../src/seeding/generate-fixtures.js'
import { generateRecords } from '../../src/seeding/generate-records.js'
import { RECORD_KIND_DECLARATIONS } from '../../src/store/kinds/record-kinds.js'
import { RELATIONS } from '../../src/store/relations.js'
import { describeKind } from '../../src/store/schemas/describe-kind.js'
import { recordDefaults } from '../../src/store/schemas/record-defaults.js'
import { RECORD_KINDS, recordSchemas } from '../../src/store/schemas/schemas.js'
import { SERIALIZERS } from '../../src/wire/serializers.js'

const DECLARED = Object.entries(RECORD_KIND_DECLARATIONS).map(([kind, declaration]) => ({
  kind: kind as keyof typeof RECORD_KIND_DECLARATIONS,
  declaration,
}))
const KINDS = DECLARED.map(({ kind }) => kind)

describe('a record kind declared once in src/store/kinds is every list of kinds', () => {
  it('lists the same kinds in the store, the fixture files, the inspector and the generator', () => {
    const sorted = [...KINDS].sort()
    expect(RECORD_KINDS).toEqual(KINDS)
    expect(Object.keys(recordSchemas)).toEqual(KINDS)
    expect(Object.keys(FIXTURE_FILES).sort()).toEqual(sorted)
    expect([...INSPECTED_KINDS].sort()).toEqual(sorted)
    expect(Object.keys(generateRecords({ seed: 1, assets: 1, conversations: 1 })).sort()).toEqual(sorted)
  })

  it.each(DECLARED)('stores, names and defaults a $kind as its declaration says', ({ kind, declaration }) => {
    expect(Object.keys(recordSchemas[kind].shape)).toEqual(Object.keys(declaration.schema().shape))
    expect(recordDefaults(kind)).toEqual(declaration.defaults)
    expect(describeKind(kind)).toBe(declaration.name)
    for (const [field, link] of Object.entries(declaration.links)) {
      expect(RELATIONS, `${kind}.${field}`).toContainEqual({ from: kind, field, ...link })
      expect(KINDS, `${kind}.${field}`).toContain(link.to)
    }
  })

  it.each(DECLARED)(
    'keeps a $kind in its declared fixture file, listed in the default dataset',
    async ({ kind, declaration }) => {
      expect(FIXTURE_FILES[kind]).toBe(declaration.fixtureFile)
      await expect(access(`fixtures/default/${declaration.fixtureFile}`)).resolves.toBeUndefined()
      expect(defaultFixtureSet()[kind], kind).toBeDefined()
    },
  )

  it.each(DECLARED)('generates a $kind as its declaration says', ({ kind, declaration }) => {
    const generated = generateFixtures({ seed: 7, assets: 3, conversations: 3 })[kind]
    if (declaration.generated === 'none') expect(generated).toEqual([])
    else if (declaration.generated === 'default-dataset')
      expect(generated.map((record) => record.id)).toEqual(defaultFixtureSet()[kind]!.map((record) => record.id))
    else expect(generated.length).toBeGreaterThan(0)
  })

  it.each(DECLARED)('shows a $kind in the inspector, each record by its declared label', ({ kind, declaration }) => {
    expect(INSPECTED_KINDS).toContain(kind)
    const record = recordSchemas[kind].parse(defaultFixtureSet()[kind]![0]) as never
    expect(recordLabel(kind, record)).toBe(declaration.label(record))
    expect(recordLabel(kind, record)).not.toBe('')
  })

  it.each(DECLARED.filter(({ kind }) => kind !== 'machinePart'))(
    'reads a $kind back from the client models of a recording',
    ({ kind, declaration }) => {
      expect(declaration.clientModels.length).toBeGreaterThan(0)
      for (const { model, ...where } of declaration.clientModels)
        expect(MODEL_KINDS.get(model)).toEqual({ kind, ...where })
      if (declaration.nestedAs) expect(NESTED_KINDS.get(declaration.nestedAs)).toBe(kind)
    },
  )

  it('reads no machine part from a recording: no client model answers with a part whole', () => {
    expect(RECORD_KIND_DECLARATIONS.machinePart.clientModels).toEqual([])
    expect([...MODEL_KINDS.values()].map(({ kind }) => kind)).not.toContain('machinePart')
  })

  it.each(DECLARED)('serializes a $kind with its declared serializer', ({ declaration }) => {
    expect(SERIALIZERS).toHaveProperty(declaration.serializer)
    expect(SERIALIZERS[declaration.serializer as keyof typeof SERIALIZERS]).toBeTypeOf('function')
  })

  it('streams identifiers only of declared kinds', () => {
    const streamed = Object.values(STREAM_TABLE).flatMap((row) => (row.kind === 'identifier' ? [row.record] : []))
    expect(streamed).toContain('asset')
    expect(streamed.filter((kind) => !KINDS.includes(kind))).toEqual([])
  })
})
