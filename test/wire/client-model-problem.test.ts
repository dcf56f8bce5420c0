import { readFileSync } from 'node:fs'
import * as client from '@pieces.app/pieces-os-client'
import { describe, expect, it } from 'vitest'
import { clientModelProblem } from '../../src/wire/client-models/client-model-problem.js'
import {
  clientEnumTable,
  clientModelTable,
  clientModelsVersion,
} from '../../src/wire/client-models/client-model-requirements.generated.js'

interface FieldSpec {
  readonly kind: 'prim' | 'model' | 'array' | 'map' | 'date'
  readonly type: string
}
interface ClientModels {
  readonly models: Record<string, { required: string[]; fields: Record<string, FieldSpec> }>
}
const contractModels = JSON.parse(
  readFileSync(new URL('../contract/client-models.json', import.meta.url), 'utf8'),
) as ClientModels

const APPLICATION = { id: 'app', name: 'VS_CODE', version: '1', platform: 'LINUX', onboarded: true, privacy: 'OPEN' }

describe('the table of what the official client requires', () => {
  it('is generated from the installed client', () => {
    const installed = JSON.parse(
      readFileSync(new URL('../../node_modules/@pieces.app/pieces-os-client/package.json', import.meta.url), 'utf8'),
    ) as { version: string }
    expect(clientModelsVersion).toBe(installed.version)
  })

  it('holds every model the contract checks with the same required keys and nested models', () => {
    for (const [name, model] of Object.entries(contractModels.models)) {
      const entry = clientModelTable[name]
      expect(entry, name).toBeDefined()
      const [required = '', nested = ''] = entry!.split('|')
      // client-models.json lists a required key under its TypeScript property name when that differs (deviceName).
      const requiredKeys = model.required.map((key) =>
        key in model.fields ? key : key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      )
      expect(required === '' ? [] : required.split(','), name).toEqual(requiredKeys)
      const expected = Object.entries(model.fields)
        .filter(([, field]) => field.kind === 'model' || field.kind === 'array' || field.kind === 'map')
        .filter(([, field]) => field.kind === 'model' || /^[A-Z]/.test(field.type))
        .map(([key, field]) => `${key}:${{ model: '', array: '[', map: '{' }[field.kind as string]}${field.type}`)
      expect(nested === '' ? [] : nested.split(','), name).toEqual(expected)
    }
  })

  it('holds every enum of the client with its values', () => {
    for (const [name, values] of Object.entries(clientEnumTable)) {
      const runtime = (client as unknown as Record<string, Record<string, string>>)[name]
      expect(values.split(' '), name).toEqual(Object.values(runtime!))
    }
  })
})

describe('checking a body against the client model it is sent as', () => {
  it('names the path of a nested model that lacks its own required key', () => {
    expect(clientModelProblem({ event: { asset: {} }, application: APPLICATION }, 'SeededActivity')).toBe(
      'event.asset.asset is required by SeededTrackedAssetEvent',
    )
  })

  it('names a missing top-level key, and takes null for missing', () => {
    expect(clientModelProblem({ event: {} }, 'SeededActivity')).toBe('application is required by SeededActivity')
    expect(clientModelProblem({ event: {}, application: null }, 'SeededActivity')).toBe(
      'application is required by SeededActivity',
    )
  })

  it('names the index of a list item at fault, and the key of a map entry', () => {
    expect(
      clientModelProblem(
        { type: 'COPILOT', messages: [{ role: 'USER', fragment: {} }, { role: 'USER' }] },
        'SeededConversation',
      ),
    ).toBe('messages[1].fragment is required by SeededConversationMessage')
    expect(clientModelProblem({ messages: { iterable: 'no' } }, 'ConversationSummarizeInput')).toMatch(
      /^messages\.iterable must be a list of /,
    )
  })

  it('refuses a wrong shape and an enum value the client does not know', () => {
    expect(clientModelProblem({ event: 'x', application: APPLICATION }, 'SeededActivity')).toBe(
      'event must be a SeededConnectorTracking object',
    )
    expect(
      clientModelProblem({ event: {}, application: { ...APPLICATION, privacy: 'NOPE' } }, 'SeededActivity'),
    ).toMatch(/^application\.privacy must be one of the PrivacyEnum values \(/)
  })

  it('lets keys the client does not know through, as a newer service may send them', () => {
    expect(
      clientModelProblem({ event: { future: { x: 1 } }, application: APPLICATION, later: 1 }, 'SeededActivity'),
    ).toBe(undefined)
  })

  it('requires only an id of a key that points at a stored record', () => {
    expect(clientModelProblem({ ext: 'py', asset: { id: 'a' } }, 'AssetReclassification', ['asset'])).toBe(undefined)
    expect(clientModelProblem({ ext: 'py', asset: {} }, 'AssetReclassification', ['asset'])).toBe(
      'asset.id is required of the record it names',
    )
    expect(clientModelProblem({ ext: 'py', asset: { id: 'a' } }, 'AssetReclassification')).toBe(
      'asset.creator is required by Asset',
    )
  })

  it('walks a body far deeper than any stack would allow, and a wide one, without recursion', () => {
    let deep: Record<string, unknown> = { related: {} }
    for (let depth = 0; depth < 20_000; depth += 1) deep = { current: deep }
    expect(clientModelProblem(deep, 'WorkstreamSuggestion')).toBe(
      `${'current.'.repeat(20_000)}related.iterable is required by WorkstreamSuggestions`,
    )
    const wide = { iterable: Array.from({ length: 100_000 }, (_, index) => ({ id: `tag-${index}` })) }
    expect(clientModelProblem(wide, 'FlattenedTags')).toBe(undefined)
    // A deep body that holds everything is let through.
    let whole: Record<string, unknown> = { related: { iterable: [] } }
    for (let depth = 0; depth < 20_000; depth += 1) whole = { current: whole }
    expect(clientModelProblem(whole, 'WorkstreamSuggestion')).toBe(undefined)
  })

  it('refuses a wrong shape under every nested key of every model, however often it is asked', () => {
    for (const [model, entry] of Object.entries(clientModelTable)) {
      const [, nested = ''] = entry.split('|')
      for (const field of nested === '' ? [] : nested.split(',')) {
        const key = field.slice(0, field.indexOf(':'))
        const body = { [key]: 7 }
        const first = clientModelProblem(body, model)
        expect(first, `${model}.${key}`).toBeDefined()
        expect(clientModelProblem(body, model)).toBe(first)
      }
      // A required key holding a model, an enum, a list or a map is refused as a number too.
      if (entry.split('|')[0] !== '') expect(clientModelProblem({}, model), model).toBeDefined()
    }
  })
})
