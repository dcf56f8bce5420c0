import {
  AnalysesApi,
  AnalysesToJSON,
  ClassificationApi,
  CodeAnalysesApi,
  CodeAnalysesToJSON,
  Configuration,
  FormatApi,
  FormatsMetricsToJSON,
  ImageAnalysesApi,
  ImageAnalysesToJSON,
  MachineLearningApi,
  MetricsApi,
  OCRAnalysesApi,
  OCRAnalysesToJSON,
  OnboardedPersonaDetailsToJSON,
  OrderedMetricsToJSON,
  QGPTApi,
  QGPTRepromptOutputToJSON,
  SearchApi,
  SearchedAssetsToJSON,
  SeededFormatToJSON,
  SegmentedTechnicalLanguageToJSON,
} from '@pieces.app/pieces-os-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * Analyses are attached to formats (each listed the same as the format's own
 * analysis reads); the text operations answer from the text asked, the same
 * text giving the same answer; the metrics count the formats.
 */

describe.each(runtimes)('analyses, text operations and metrics through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  let configuration: Configuration

  beforeAll(async () => {
    mock = await start()
    configuration = new Configuration({ basePath: mock.baseUrl })
  })
  afterAll(() => mock.close())

  it("lists every format's analysis as the format reads it back", async () => {
    const { value } = await callAndCheck(
      new AnalysesApi(configuration).analysesSnapshotRaw({}),
      'Analyses',
      AnalysesToJSON,
    )
    const formats = [...mock.store.all('format')]
    expect(value.iterable.map((analysis) => analysis.format)).toEqual(formats.map((format) => format.id))
    const first = value.iterable[0]!
    const own = await new FormatApi(configuration).formatAnalysisRaw({ format: first.format })
    expect(await own.raw.json()).toEqual(AnalysesToJSON(value).iterable[0])
    const code = await callAndCheck(
      new CodeAnalysesApi(configuration).codeAnalysesSnapshotRaw({}),
      'CodeAnalyses',
      CodeAnalysesToJSON,
    )
    expect(code.value.iterable.map((analysis) => analysis.id)).toContain(first.id)
  })

  it('lists the image and OCR analyses of image formats only', async () => {
    const images = [...mock.store.all('format')].filter((format) => format.classification.generic === 'IMAGE')
    const image = await callAndCheck(
      new ImageAnalysesApi(configuration).imageAnalysesSnapshotRaw({}),
      'ImageAnalyses',
      ImageAnalysesToJSON,
    )
    expect(image.value.iterable).toHaveLength(images.length)
    const ocr = await callAndCheck(
      new OCRAnalysesApi(configuration).ocrAnalysesSnapshotRaw({}),
      'OCRAnalyses',
      OCRAnalysesToJSON,
    )
    expect(ocr.value.iterable.map((analysis) => analysis.image)).toEqual(images.map((format) => format.id))
  })

  it('segments technical language at its code fences, classifying when asked, the same each time', async () => {
    const value = 'Sort a list:\n```python\nprint(sorted([3, 1, 2]))\n```\nThat is all.'
    const segment = () =>
      callAndCheck(
        new MachineLearningApi(configuration).segmentTechnicalLanguageRaw({
          classify: true,
          unsegmentedTechnicalLanguage: { value },
        }),
        'SegmentedTechnicalLanguage',
        SegmentedTechnicalLanguageToJSON,
      )
    const { json } = await segment()
    expect(json).toEqual({
      iterable: [
        { generic: 'TEXT', specific: 'text', fragment: { string: { raw: 'Sort a list:' } } },
        { generic: 'CODE', specific: 'py', fragment: { string: { raw: 'print(sorted([3, 1, 2]))' } } },
        { generic: 'TEXT', specific: 'text', fragment: { string: { raw: 'That is all.' } } },
      ],
    })
    expect((await segment()).json).toEqual(json)
  })

  it('generates one seed per language and persona asked', async () => {
    const { value } = await callAndCheck(
      new MachineLearningApi(configuration).personificationTechnicalLanguageGenerationRaw({
        preonboardedPersonaDetails: { languages: ['py', 'ts'], personas: ['data scientist'] },
      }),
      'OnboardedPersonaDetails',
      OnboardedPersonaDetailsToJSON,
    )
    expect(value.seeds.iterable.map((seed) => seed.asset?.format.classification?.specific)).toEqual(['py', 'ts'])
  })

  it('classifies a seeded format from its content', async () => {
    const { value } = await callAndCheck(
      new ClassificationApi(configuration).convertGenericClassificationRaw({
        seededFormat: { fragment: { string: { raw: 'def greet():\n    print("hi")' } } },
      }),
      'SeededFormat',
      SeededFormatToJSON,
    )
    expect(value.classification).toMatchObject({ generic: 'CODE', specific: 'py' })
  })

  it('reprompts a follow-up with the question it follows', async () => {
    const { value } = await callAndCheck(
      new QGPTApi(configuration).repromptRaw({
        qGPTRepromptInput: {
          query: 'And in Rust?',
          conversation: {
            iterable: [{ text: 'How do I sort a list?', role: 'USER', timestamp: { value: new Date(0) } }],
          },
        },
      }),
      'QGPTRepromptOutput',
      QGPTRepromptOutputToJSON,
    )
    expect(value.query).toBe('And in Rust? (following up on: How do I sort a list?)')
  })

  it('finds assets by their tags, and counts the formats by language', async () => {
    const asset = [...mock.store.all('asset')].find((candidate) => candidate.tags.length > 0)!
    const tag = mock.store.get('tag', asset.tags[0]!)!
    const { value } = await callAndCheck(
      new SearchApi(configuration).tagBasedSearchRaw({ seededAssetTags: { iterable: [{ text: tag.text }] } }),
      'SearchedAssets',
      SearchedAssetsToJSON,
    )
    expect(value.iterable.map((found) => found.identifier)).toContain(asset.id)
    const metrics = new MetricsApi(configuration)
    const formats = await callAndCheck(metrics.getMetricsFormatsRaw(), 'FormatsMetrics', FormatsMetricsToJSON)
    const counted = formats.value.iterable.reduce((sum, metric) => sum + metric.identifiers.length, 0)
    expect(counted).toBe(mock.store.count('format'))
    const ordered = await callAndCheck(metrics.metricsFormatsOrderedRaw(), 'OrderedMetrics', OrderedMetricsToJSON)
    expect(new Set(ordered.value.ordered)).toEqual(new Set(formats.value.iterable.map((metric) => metric.specific)))
  })
})
