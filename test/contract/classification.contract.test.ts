import {
  AssetApi,
  AssetsApi,
  AssetToJSON,
  Configuration,
  FormatApi,
  FormatToJSON,
  type Asset,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

const APPLICATION = {
  id: 'app',
  name: 'PIECES_FOR_DEVELOPERS_CLI',
  version: '1.16.0',
  platform: 'LINUX',
  onboarded: true,
  privacy: 'OPEN',
} as const

const PYTHON = 'def greet(name):\n    print(f"Hello, {name}")\n\ngreet("world")\n'
const PROSE = 'Call the plumber on Monday about the kitchen tap, and ask whether Tuesday morning works instead.'

/** The classification of every place a client reads an asset's language from. */
function languages(asset: Asset) {
  return {
    original: asset.original.reference?.classification,
    preview: asset.preview.base.reference?.classification,
    formats: asset.formats.iterable.map((format) => format.classification),
    ext: asset.original.reference?.fragment?.metadata?.ext,
  }
}

describe.each(runtimes)('classification through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  let asset: AssetApi
  let assets: AssetsApi
  let formats: FormatApi

  beforeAll(async () => {
    mock = await start()
    const configuration = new Configuration({ basePath: mock.baseUrl })
    asset = new AssetApi(configuration)
    assets = new AssetsApi(configuration)
    formats = new FormatApi(configuration)
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  const save = async (raw: string) =>
    (
      await callAndCheck(
        assets.assetsCreateNewAssetRaw({
          seed: {
            type: 'SEEDED_ASSET',
            asset: { application: APPLICATION, format: { fragment: { string: { raw } } } },
          },
        }),
        'Asset',
        AssetToJSON,
      )
    ).value
  const snapshot = async (id: string) =>
    (await callAndCheck(asset.assetSnapshotRaw({ asset: id }), 'Asset', AssetToJSON)).value

  it('detects the language of code saved without one, on its format, original and preview', async () => {
    const saved = await save(PYTHON)
    const code = { generic: 'CODE', specific: 'py' }
    expect(languages(await snapshot(saved.id))).toEqual({ original: code, preview: code, formats: [code], ext: 'py' })
  })

  it('saves prose saved without a language as TEXT', async () => {
    const saved = await save(PROSE)
    expect(languages(await snapshot(saved.id)).original).toEqual({ generic: 'TEXT', specific: 'text' })
  })

  it('keeps the language a seed names over the one its text reads as', async () => {
    const { value } = await callAndCheck(
      assets.assetsCreateNewAssetRaw({
        seed: {
          type: 'SEEDED_ASSET',
          asset: {
            application: APPLICATION,
            format: { fragment: { string: { raw: PYTHON }, metadata: { ext: 'txt' } } },
          },
        },
      }),
      'Asset',
      AssetToJSON,
    )
    expect(languages(value).original).toEqual({ generic: 'TEXT', specific: 'txt' })
  })

  it('reclassifies a TEXT asset to py: its format and the asset read back as py code', async () => {
    const saved = await save(PROSE)
    const { value } = await callAndCheck(
      asset.assetReclassifyRaw({ assetReclassification: { ext: 'py', asset: saved } }),
      'Asset',
      AssetToJSON,
    )
    const code = { generic: 'CODE', specific: 'py' }
    expect(languages(value)).toEqual({ original: code, preview: code, formats: [code], ext: 'py' })
    expect(languages(await snapshot(saved.id))).toEqual(languages(value))
    const { value: format } = await callAndCheck(
      formats.formatSnapshotRaw({ format: saved.original.id, transferable: true }),
      'Format',
      FormatToJSON,
    )
    expect(format.classification).toEqual(code)
  })

  it('reclassifies a format of text to code and back to text, TEXT for the text extensions', async () => {
    const saved = await save(PROSE)
    const format = await formats.formatSnapshot({ format: saved.original.id, transferable: false })
    const reclassify = (ext: 'ts' | 'md') =>
      callAndCheck(formats.formatReclassifyRaw({ formatReclassification: { ext, format } }), 'Format', FormatToJSON)
    expect((await reclassify('ts')).value.classification).toEqual({ generic: 'CODE', specific: 'ts' })
    expect((await reclassify('md')).value.classification).toEqual({ generic: 'TEXT', specific: 'md' })
    expect(languages(await snapshot(saved.id)).original).toEqual({ generic: 'TEXT', specific: 'md' })
  })

  it('refuses a format reclassification to an unknown language, changing nothing', async () => {
    const saved = await save(PYTHON)
    const before = mock.store.get('format', saved.original.id)
    const response = await fetch(`${mock.baseUrl}/format/reclassify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ext: 'cobol85', format: { id: saved.original.id } }),
    })
    expect(response.status).toBe(500)
    expect(await response.text()).toContain('ext')
    expect(mock.store.get('format', saved.original.id)).toBe(before)
  })
})
