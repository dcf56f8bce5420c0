import { goneOnRefusal, MockServiceError } from '../../errors.js'
import { incrementScore } from '../../domain/score.js'
import { describeKind } from '../../store/schemas/describe-kind.js'
import type { RecordKind, RecordOf, ScoreRecord } from '../../store/schemas/schemas.js'
import type { SerializerName } from '../../wire/wire-types.js'
import { seededScoreIncrementInput } from '../../domain/inputs/conversation-inputs.js'
import { mostRecentFirstInTurns } from '../../store/most-recent-first.js'
import { streamedRecords } from '../../wire/json/streamed-collection.js'
import { defineOperation, json, noContent, type Operation, type OperationContext } from './define-operation.js'
import { parseBody, pathId, wireContext } from './request-input.js'

/*
 * The operations every linked-record kind has the same way: its snapshot by
 * id, its deletion and its score increment. Each call writes the operation's
 * id and path literally.
 */

/** The kinds whose records carry a score of their own. */
type ScoredKind =
  | 'tag'
  | 'website'
  | 'anchor'
  | 'range'
  | 'workstreamSummary'
  | 'annotation'
  | 'message'
  | 'person'
  | 'workstreamEvent'
  | 'source'
  | 'sourceWindow'
  | 'hint'
  | 'sensitive'
  | 'share'
  | 'anchorPoint'
  | 'model'

/**
 * The record a path parameter names. A deleted one answers 410 (with `gone`
 * when given); an unknown one answers `gone` with 410 when given (the
 * snapshot reads), else 500 naming the id.
 *
 * @example
 * const tag = readRecord(context, 'tag', 'tag', 'Tag was not found.')
 */
export function readRecord<K extends RecordKind>(
  context: OperationContext,
  kind: K,
  param: string,
  gone?: string,
): RecordOf<K> {
  const id = pathId(context, param)
  const record = context.store.get(kind, id)
  if (record) return record
  const name = describeKind(kind)
  if (context.store.isGone(kind, id)) throw new MockServiceError('GONE', gone ?? `The ${name} "${id}" was deleted.`)
  if (gone !== undefined) throw new MockServiceError('GONE', gone)
  throw new MockServiceError('NOT_FOUND', `No ${name} with id "${id}" exists.`)
}

/**
 * The records of `ids` that are stored, in order (a link to a record the
 * store no longer holds is left out, as the lists leave it out).
 *
 * @example
 * const messages = presentRecords(context, 'message', conversation.messages)
 */
export function presentRecords<K extends RecordKind>(
  context: OperationContext,
  kind: K,
  ids: readonly string[],
): Array<RecordOf<K>> {
  const records: Array<RecordOf<K>> = []
  for (const id of ids) {
    const record = context.store.get(kind, id)
    if (record) records.push(record)
  }
  return records
}

/**
 * Refuses a write whose body is missing.
 *
 * @example
 * requireBody(context.request.body, 'Tag')
 */
export function requireBody(body: unknown, model: string): void {
  if (body === undefined) throw new MockServiceError('INVALID_REQUEST', `Invalid ${model} body: a body is required.`)
}

/**
 * `GET /{kind}/{id}`: one record; a missing one answers 410 with the
 * client's text for it, as does any other refusal (the read declares no other failure).
 *
 * @example
 * snapshotOperation({ id: 'tagsSpecificTagSnapshot', paths: ['/tag/:tag'], param: 'tag', kind: 'tag', gone: 'Tag was not found.' })
 */
export function snapshotOperation<K extends RecordKind & SerializerName>(spec: {
  readonly id: string
  readonly paths: readonly string[]
  readonly param: string
  readonly kind: K
  readonly gone: string
}): Operation {
  return defineOperation({
    id: spec.id,
    method: 'GET',
    paths: spec.paths,
    params: { [spec.param]: spec.kind },
    run(context) {
      return goneOnRefusal(() => {
        const wire = wireContext(context)
        const record = readRecord(context, spec.kind, spec.param, spec.gone)
        return json(wire.render(spec.kind, record as never))
      })
    },
  })
}

/**
 * `POST /{kinds}/{id}/delete`: removes a record and every link to it, on
 * both sides (the other records' `indices` keep it as `-1`); 204.
 *
 * @example
 * deleteOperation({ id: 'tagsDeleteSpecificTag', paths: ['/tags/:tag/delete'], param: 'tag', kind: 'tag' })
 */
export function deleteOperation(spec: {
  readonly id: string
  readonly paths: readonly string[]
  readonly param: string
  readonly kind: RecordKind
}): Operation {
  return defineOperation({
    id: spec.id,
    method: 'POST',
    paths: spec.paths,
    params: { [spec.param]: spec.kind },
    body: 'none',
    async run(context) {
      const id = pathId(context, spec.param)
      await context.store.write((tx) => tx.remove(spec.kind, id))
      return noContent()
    },
  })
}

/**
 * `POST /{kind}/{id}/scores/increment`: raises the counters a
 * SeededScoreIncrement sets under the kind's two keys (one record, many); 204.
 *
 * @example
 * scoresIncrementOperation({ id: 'tagScoresIncrement', paths: ['/tag/:tag/scores/increment'], param: 'tag', kind: 'tag', keys: ['tag', 'tags'] })
 */
export function scoresIncrementOperation(spec: {
  readonly id: string
  readonly paths: readonly string[]
  readonly param: string
  readonly kind: ScoredKind
  readonly keys: readonly [string, string]
}): Operation {
  return defineOperation({
    id: spec.id,
    method: 'POST',
    paths: spec.paths,
    params: { [spec.param]: spec.kind },
    async run(context) {
      const id = pathId(context, spec.param)
      const input = parseBody(seededScoreIncrementInput, context.request.body, 'SeededScoreIncrement')
      const [one, many] = spec.keys
      await context.store.write((tx) =>
        tx.update(spec.kind, id, (draft) => {
          // A model has no score until it is first scored.
          const scored = draft as { score?: ScoreRecord }
          const score = scored.score ?? { manual: 0, automatic: 0 }
          scored.score = incrementScore(incrementScore(score, input?.[one]), input?.[many])
        }),
      )
      return noContent()
    },
  })
}

/**
 * `GET /{kinds}`: every record of a kind, most recently updated first, as the
 * client's collection model (`{ iterable, indices }`).
 *
 * @example
 * listOperation('tagsSnapshot', '/tags', 'tag')
 */
export function listOperation(id: string, path: string, kind: RecordKind & SerializerName): Operation {
  return defineOperation({
    id,
    method: 'GET',
    paths: [path],
    params: {},
    async run(context) {
      const wire = wireContext(context)
      // Written record by record, sorted a few thousand at a time: a list of the whole budget holds no one answer graph.
      return json(
        streamedRecords(await mostRecentFirstInTurns(context.store.all(kind)), (record) =>
          wire.render(kind, record as never),
        ),
      )
    },
  })
}
