import { explainRelated, rankRelatedPersons } from '../../domain/copilot/related-persons.js'
import { seedTexts, type SentSeed } from '../../domain/copilot/relevance-ranking.js'
import { qgptPersonsRelatedInput } from '../../domain/inputs/copilot-inputs.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { parseBody, wireContext } from '../define/request-input.js'

/**
 * `POST /qgpt/persons/related` (who can help): the persons linked to the
 * assets a seed or a conversation is about, best first, each with why
 * (`rankRelatedPersons`). Derived from the store, nothing written; an empty
 * body asks about nothing and finds no one.
 *
 * @example
 * routeTable() // holds it
 */
export const personsRelatedOperation: Operation = defineOperation({
  id: 'personsRelated',
  method: 'POST',
  paths: ['/qgpt/persons/related'],
  params: {},
  run(context) {
    const input = parseBody(
      qgptPersonsRelatedInput,
      context.request.body === undefined ? {} : context.request.body,
      'QGPTPersonsRelatedInput',
    )
    const seed = input.seed
    const texts = [
      ...(seed ? seedTexts(seed as SentSeed) : []),
      ...(input.conversation?.iterable.map((message) => message.text) ?? []),
    ]
    const namedAssets = new Set(
      [seed?.person?.asset, seed?.anchor?.asset, seed?.website?.asset].filter((id) => id !== undefined),
    )
    const related = rankRelatedPersons(
      { text: texts.filter((text) => text !== undefined).join('\n'), namedAssets },
      context.store.all('person'),
      (id) => {
        const asset = context.store.get('asset', id)
        if (!asset) return undefined
        const name = asset.name ?? id
        return { name, texts: [asset.name, context.store.get('format', asset.original)?.fragment?.string?.raw] }
      },
    )
    const wire = wireContext(context)
    return json({
      persons: {
        iterable: related.map(({ person }) => wire.render('person', person)),
        indices: Object.fromEntries(related.map(({ person }, position) => [person.id, position])),
      },
      explanations: Object.fromEntries(related.map((found) => [found.person.id, explainRelated(found)])),
    })
  },
})
