import { rankMatches } from '../../domain/search.js'
import type { RecordKind, RecordOf } from '../../store/schemas/schemas.js'
import type { SerializerName } from '../../wire/wire-types.js'
import { defineOperation, json, type Operation, type OperationContext } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'
import { searchInput, textSearchOf } from '../../domain/inputs/search-inputs.js'

/**
 * `POST /{kinds}/search`: the records of a kind whose texts match the
 * SearchInput's queries, best first, each with its wire form under `key`
 * (`{ iterable: [{ tag, exact, similarity, identifier }] }`).
 *
 * @example
 * searchOperation({ id: 'searchTags', paths: ['/tags/search'], kind: 'tag', key: 'tag', texts: (tag) => [tag.text] })
 */
export function searchOperation<K extends RecordKind & SerializerName>(spec: {
  readonly id: string
  readonly paths: readonly string[]
  readonly kind: K
  readonly key: string
  readonly texts: (record: RecordOf<K>, context: OperationContext) => ReadonlyArray<string | undefined>
}): Operation {
  return defineOperation({
    id: spec.id,
    method: 'POST',
    paths: spec.paths,
    params: {},
    run(context) {
      requireBody(context.request.body, 'SearchInput')
      const search = textSearchOf(parseBody(searchInput, context.request.body, 'SearchInput'))
      const wire = wireContext(context)
      const ranked = rankMatches(context.store.all(spec.kind), (record) => spec.texts(record, context), search)
      return json({
        iterable: ranked.map(({ record, match }) => ({
          [spec.key]: wire.render(spec.kind, record as never),
          exact: match.exact,
          similarity: match.similarity,
          identifier: record.id,
        })),
      })
    },
  })
}
