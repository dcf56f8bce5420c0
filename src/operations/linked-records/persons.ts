import { assignOptional, createOperation, updateOperation } from '../define/write-operations.js'
import { createPerson } from '../../domain/person-writes.js'
import { seededPersonInput } from '../../domain/inputs/record-seeds.js'
import { personUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import type { Operation } from '../define/define-operation.js'
import { deleteOperation, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
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
  createOperation({
    id: 'personsCreateNewPerson',
    path: '/persons/create',
    kind: 'person',
    model: 'SeededPerson',
    input: seededPersonInput,
    create: createPerson,
  }),
  updateOperation({
    id: 'updatePerson',
    path: '/person/update',
    kind: 'person',
    model: 'Person',
    input: personUpdateInput,
    apply(draft, input) {
      draft.type = input.type
      assignOptional(draft, 'interactions', input.interactions)
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
