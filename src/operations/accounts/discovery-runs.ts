import { codeBlocksOf, findSensitives, nameOfCode, relatedTags } from '../../domain/machine/accounts/discovery.js'
import {
  discoverAssetsInput,
  discoverHtmlInput,
  discoverSensitivesInput,
  discoverTagsInput,
} from '../../domain/inputs/accounts/discovery-inputs.js'
import { json, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody } from '../define/request-input.js'

/*
 * The run bodies of the discovery operations (discovery.ts), loaded on
 * their first call. They read the request alone and write nothing.
 */

/** POST /discovery/discover/assets: each file or fragment with text, named after its first line. */
export function discoverAssets(context: OperationContext): OperationResult {
  requireBody(context.request.body, 'SeededDiscoverableAssets')
  const input = parseBody(discoverAssetsInput, context.request.body, 'SeededDiscoverableAssets')
  const iterable = input.iterable.flatMap((item): Array<Record<string, unknown>> => {
    const raw = item.fragment?.string?.raw ?? item.file?.string?.raw
    if (raw === undefined || raw.trim() === '')
      return item.directory !== undefined ? [{ directory: item.directory }] : []
    const seeded = item.fragment ? { fragment: item.fragment } : { file: item.file }
    return [{ ...seeded, metadata: { name: nameOfCode(raw), mechanism: 'AUTOMATIC' } }]
  })
  return json({ application: input.application, iterable })
}

/** POST /discovery/discover/assets/html: the code blocks of each page. */
export function discoverAssetsHtml(context: OperationContext): OperationResult {
  requireBody(context.request.body, 'SeededDiscoverableHtmlWebpages')
  const input = parseBody(discoverHtmlInput, context.request.body, 'SeededDiscoverableHtmlWebpages')
  const iterable = input.iterable.map((page) => ({
    url: page.url,
    assets: {
      application: input.application,
      iterable: codeBlocksOf(page.page).map((raw) => ({
        fragment: { string: { raw } },
        metadata: { name: nameOfCode(raw), mechanism: 'AUTOMATIC' },
      })),
    },
  }))
  return json({ application: input.application, iterable })
}

/** POST /discovery/discover/sensitives: the secrets each text seems to hold. */
export function discoverSensitives(context: OperationContext): OperationResult {
  requireBody(context.request.body, 'SeededDiscoverableSensitives')
  const input = parseBody(discoverSensitivesInput, context.request.body, 'SeededDiscoverableSensitives')
  const iterable = input.iterable.flatMap((item) =>
    findSensitives(item.text).map((finding) => ({
      seed: { asset: item.asset, mechanism: 'AUTOMATIC', ...finding },
      text: item.text,
    })),
  )
  return json({ application: input.application, iterable })
}

/** POST /discovery/discover/tags/related: the tags related to each tag sent. */
export function discoverTagsRelated(context: OperationContext): OperationResult {
  requireBody(context.request.body, 'SeededDiscoverableRelatedTags')
  const input = parseBody(discoverTagsInput, context.request.body, 'SeededDiscoverableRelatedTags')
  const iterable = input.iterable.flatMap((item) =>
    relatedTags(item.text).map((text) => ({ seed: { text, asset: item.asset, mechanism: 'AUTOMATIC' } })),
  )
  return json({ application: input.application, iterable })
}
