import { createPerson } from '../../domain/person-writes.js'
import { seededPersonInput } from '../../domain/inputs/record-seeds.js'
import { personUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'
import { searchOperation } from '../search/search-operation.js'

/**
 * The person's own routes (PersonApi and PersonsApi): its snapshot, create,
 * update, delete, score increment and search. `GET /persons` is in the
 * linked-record lists, its links in person-links.ts.
 *
 * @example
 * routeTable() // holds these
 */
export const personsOperations: readonly Operation[] = [
  snapshotOperation({
    id: 'personSnapshot',
    paths: ['/person/:person'],
    param: 'person',
    kind: 'person',
    gone: 'Person not found.',
  }),
  defineOperation({
    id: 'personsCreateNewPerson',
    method: 'POST',
    paths: ['/persons/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededPerson')
      const seed = parseBody(seededPersonInput, context.request.body, 'SeededPerson')
      const wire = wireContext(context)
      const person = await context.store.write((tx) => createPerson(tx, seed))
      return json(wire.render('person', person))
    },
  }),
  defineOperation({
    id: 'updatePerson',
    method: 'POST',
    paths: ['/person/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Person')
      const input = parseBody(personUpdateInput, context.request.body, 'Person')
      const wire = wireContext(context)
      const person = await context.store.write((tx) =>
        tx.update('person', input.id, (draft) => {
          draft.type = input.type
          if (input.interactions === null) delete draft.interactions
          else if (input.interactions !== undefined) draft.interactions = input.interactions
          if (input.score) draft.score = input.score
        }),
      )
      return json(wire.render('person', person))
    },
  }),
  deleteOperation({ id: 'personsDeletePerson', paths: ['/persons/:person/delete'], param: 'person', kind: 'person' }),
  scoresIncrementOperation({
    id: 'personScoresIncrement',
    paths: ['/person/:person/scores/increment'],
    param: 'person',
    kind: 'person',
    keys: ['person', 'persons'],
  }),
  searchOperation({
    id: 'searchPersons',
    paths: ['/persons/search'],
    kind: 'person',
    key: 'person',
    texts: (person) => [
      person.type.basic?.name,
      person.type.basic?.username,
      person.type.basic?.email,
      typeof person.type.platform?.['name'] === 'string' ? person.type.platform['name'] : undefined,
      typeof person.type.platform?.['email'] === 'string' ? person.type.platform['email'] : undefined,
    ],
  }),
]
