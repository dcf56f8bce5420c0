import { matchText } from '../../domain/search.js'
import { defineOperation, json, text, type Operation, type OperationContext } from '../define/define-operation.js'
import { osOf } from './os.js'
import { seededConnectorAssetInput, seededConnectorCreationInput } from '../../domain/inputs/os-inputs.js'
import { readRecord, requireBody } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'
import { z } from 'zod'

/** The text of a SeededConnectorAsset's format. */
function seededText(asset: z.output<typeof seededConnectorAssetInput> | undefined): string {
  return asset?.format.fragment?.string?.raw ?? asset?.format.file?.string?.raw ?? ''
}

/** The stored assets whose code holds the copied text (or equals it), best first. */
function reusable(context: OperationContext, copied: string) {
  if (copied.trim() === '') return []
  const found = []
  for (const asset of context.store.all('asset')) {
    const texts = asset.formats.map((id) => {
      const format = context.store.get('format', id)
      return format?.fragment?.string?.raw ?? format?.file?.string?.raw
    })
    const match = matchText(texts, { queries: [copied.trim()] })
    if (match) found.push({ asset, match })
  }
  return found.sort((a, b) => Number(b.match.exact) - Number(a.match.exact) || b.match.similarity - a.match.similarity)
}

/**
 * What an integration tells the service about itself and what its user does
 * (ConnectorApi): onboarding done (`onboarded` on the application), text the
 * user means to save (`intention`), and text the user copied (`suggest`:
 * reuse the stored assets that hold it, or save it when none does), what the
 * user did with a suggestion (`react`) and events it tracks (`track`; both
 * counted in the `connector` machine part, loaded on first use).
 *
 * @example
 * routeTable() // holds these
 */
export const connectorOperations: readonly Operation[] = [
  defineOperation({
    id: 'onboarded',
    method: 'POST',
    paths: ['/:application/onboarded'],
    params: { application: 'application' },
    async run(context) {
      requireBody(context.request.body, 'boolean')
      const onboarded = parseBody(z.boolean(), context.request.body, 'boolean')
      const { id } = readRecord(context, 'application', 'application')
      await context.store.write((tx) => tx.update('application', id, (draft) => void (draft.onboarded = onboarded)))
      return text(String(onboarded))
    },
  }),
  defineOperation({
    id: 'intention',
    method: 'POST',
    paths: ['/:application/intention'],
    params: { application: 'application' },
    run(context) {
      requireBody(context.request.body, 'SeededConnectorAsset')
      const asset = parseBody(seededConnectorAssetInput, context.request.body, 'SeededConnectorAsset')
      readRecord(context, 'application', 'application')
      return text(osOf(context).intend(seededText(asset)))
    },
  }),
  defineOperation({
    id: 'suggest',
    method: 'POST',
    paths: ['/:application/suggestion'],
    params: { application: 'application' },
    run(context) {
      requireBody(context.request.body, 'SeededConnectorCreation')
      const seed = parseBody(seededConnectorCreationInput, context.request.body, 'SeededConnectorCreation')
      readRecord(context, 'application', 'application')
      const copied = seededText(seed.asset)
      const wire = wireContext(context)
      const found = reusable(context, copied)
      const assets = { iterable: found.map(({ asset }) => wire.render('asset', asset)) }
      const reuse = found.length > 0
      const save = !reuse && copied.trim() !== ''
      return json({
        reuse: { suggested: reuse, assets },
        save: { suggested: save || osOf(context).intended(copied) },
        target: { seed: context.request.body, vector: found[0]?.match.similarity ?? 0 },
        assets,
      })
    },
  }),
  defineOperation({
    id: 'react',
    method: 'POST',
    paths: ['/:application/reaction'],
    params: { application: 'application' },
    run: async (context) => (await import('../os-and-pattern-engine/machine-runs.js')).react(context),
  }),
  defineOperation({
    id: 'track',
    method: 'POST',
    paths: ['/:application/track'],
    params: { application: 'application' },
    run: async (context) => (await import('../os-and-pattern-engine/machine-runs.js')).track(context),
  }),
]
