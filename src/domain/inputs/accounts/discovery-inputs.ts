import { z } from 'zod'
import { lazySchema } from '../../../store/schemas/lazy-schema.js'

/** The most items one discovery request may send. */
const MAX_ITEMS = 100

const text = () => z.string().max(100_000)
const transferable = () => z.object({ raw: text().optional() }).loose()
const seededText = () => z.object({ string: transferable().optional() }).loose()

/**
 * SeededDiscoverableAssets: the code to discover assets in.
 *
 * @example
 * discoverAssetsInput.parse({ application: id, iterable: [{ fragment: { string: { raw: 'x = 1' } } }] })
 */
export const discoverAssetsInput = lazySchema(() =>
  z
    .object({
      application: z.string().max(200),
      iterable: z
        .array(
          z
            .object({
              file: seededText().optional(),
              fragment: seededText().optional(),
              directory: z.string().max(4096).optional(),
            })
            .loose(),
        )
        .max(MAX_ITEMS),
    })
    .loose(),
)

/**
 * SeededDiscoverableHtmlWebpages: pages to find code in.
 *
 * @example
 * discoverHtmlInput.parse({ application: id, iterable: [{ url: 'https://example.com', page: '<pre>x</pre>' }] })
 */
export const discoverHtmlInput = lazySchema(() =>
  z
    .object({
      application: z.string().max(200),
      iterable: z.array(z.object({ url: z.string().max(2048), page: text() }).loose()).max(MAX_ITEMS),
    })
    .loose(),
)

/**
 * SeededDiscoverableSensitives: texts to find secrets in.
 *
 * @example
 * discoverSensitivesInput.parse({ application: id, iterable: [{ asset: id, text: 'AKIA…' }] })
 */
export const discoverSensitivesInput = lazySchema(() =>
  z
    .object({
      application: z.string().max(200),
      iterable: z.array(z.object({ asset: z.string().max(200), text: text() }).loose()).max(MAX_ITEMS),
    })
    .loose(),
)

/**
 * SeededDiscoverableRelatedTags: tags to find related tags for.
 *
 * @example
 * discoverTagsInput.parse({ application: id, iterable: [{ text: 'typescript', asset: id }] })
 */
export const discoverTagsInput = lazySchema(() =>
  z
    .object({
      application: z.string().max(200),
      iterable: z.array(z.object({ text: z.string().max(200), asset: z.string().max(200) }).loose()).max(MAX_ITEMS),
    })
    .loose(),
)
