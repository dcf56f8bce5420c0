import type { z } from 'zod'
import type { RecordKind, RecordOf } from '../../store/schemas/schemas.js'
import type { Transaction } from '../../store/transaction/transaction.js'
import type { SerializerName } from '../../wire/wire-types.js'
import { defineOperation, json, type Operation, type OperationContext } from './define-operation.js'
import { requireBody } from './record-routes.js'
import { parseBody, wireContext } from './request-input.js'

/*
 * The create and update routes every record kind has the same way: a body
 * checked against the client's model, one store write, the record answered in
 * the client's model. Each call writes the operation's id and path literally.
 */

/** What a record kind's create or update route is made of. */
interface WriteSpec<K extends RecordKind & SerializerName, S extends z.ZodType> {
  /** The operation id, as the spec or the official client names it. */
  readonly id: string
  /** The route's path, written out. */
  readonly path: string
  readonly kind: K
  /** The client's model of the body (`SeededTag`, `Tag`). */
  readonly model: string
  /** The mock's own schema of the body, from `src/domain/inputs/`. */
  readonly input: S
}

/**
 * `POST /{kinds}/create`: the seeded body becomes a record in one write, answered in full.
 *
 * @example
 * createOperation({ id: 'personsCreateNewPerson', path: '/persons/create', kind: 'person', model: 'SeededPerson', input: seededPersonInput, create: createPerson })
 */
export function createOperation<K extends RecordKind & SerializerName, S extends z.ZodType>(
  spec: WriteSpec<K, S> & { readonly create: (tx: Transaction, input: z.output<S>) => RecordOf<K> },
): Operation {
  return defineOperation({
    id: spec.id,
    method: 'POST',
    paths: [spec.path],
    params: {},
    async run(context) {
      const input = bodyOf(context, spec)
      // The query is read before the write: a bad `transferables` is refused with nothing written.
      const wire = wireContext(context)
      const record = await context.store.write((tx) => spec.create(tx, input))
      return json(wire.render(spec.kind, record as never))
    },
  })
}

/**
 * `POST /{kind}/update`: the record the body names takes the body's fields
 * (`apply`) and its score when the body carries one, in one write; answered in full.
 *
 * @example
 * updateOperation({ id: 'updatePerson', path: '/person/update', kind: 'person', model: 'Person', input: personUpdateInput, apply: (draft, input) => void (draft.type = input.type) })
 */
export function updateOperation<
  K extends RecordKind & SerializerName,
  S extends z.ZodType<{ readonly id: string; readonly score?: unknown }>,
>(spec: WriteSpec<K, S> & { readonly apply: (draft: RecordOf<K>, input: z.output<S>) => void }): Operation {
  return defineOperation({
    id: spec.id,
    method: 'POST',
    paths: [spec.path],
    params: {},
    async run(context) {
      const input = bodyOf(context, spec)
      const wire = wireContext(context)
      const record = await context.store.write((tx) =>
        tx.update(spec.kind, input.id, (draft) => {
          spec.apply(draft, input)
          if (input.score) (draft as { score?: unknown }).score = input.score
        }),
      )
      return json(wire.render(spec.kind, record as never))
    },
  })
}

/** A write route's body, required, checked against the client's model and then read by the mock's own schema. */
function bodyOf<S extends z.ZodType>(
  context: OperationContext,
  spec: { readonly model: string; readonly input: S },
): z.output<S> {
  requireBody(context.request.body, spec.model)
  return parseBody(spec.input, context.request.body, spec.model)
}

/**
 * Sets an optional field of a draft as an update body asks: `null` takes it
 * away, a value sets it, a field left out of the body leaves it as it is.
 *
 * @example
 * assignOptional(draft, 'favorited', input.favorited)
 */
export function assignOptional<T extends object, F extends keyof T>(
  draft: T,
  field: F,
  value: T[F] | null | undefined,
): void {
  if (value === null) delete draft[field]
  else if (value !== undefined) draft[field] = value
}
