import type { Person, PersonType } from '@pieces.app/pieces-os-client'
import { cloneRecord } from '../../store/schemas/parse-record.js'
import type { PersonRecord } from '../../store/schemas/schemas.js'
import { toScore } from './conversation.js'
import { linkedListAs, linkedLists } from '../flattened.js'
import { sourcesOf } from './source-records.js'
import type { Wire, WireContext } from '../wire-types.js'

/** The link lists of a person that travel under their own names. */
const PERSON_LINKS = [
  'assets',
  'tags',
  'websites',
  'annotations',
  'summaries',
  'anchors',
  'messages',
  'persons',
] as const

/**
 * A stored person as the wire Person: its type as it was given, its links as
 * references with `indices` (`workstreamEvents` as `workstream_events`).
 *
 * @example
 * wire.render('person', store.get('person', id)!)
 */
export function buildPerson(record: PersonRecord, context: WireContext): Wire<Person> {
  const person: Wire<Person> = {
    id: record.id,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    type: cloneRecord(record.type) as Wire<PersonType>,
    score: toScore(record.score),
    ...linkedLists(context, 'person', record, PERSON_LINKS),
    ...linkedListAs(context, 'person', record, 'workstreamEvents', 'workstream_events'),
    ...sourcesOf(context, 'person', record),
  }
  if (record.interactions !== undefined) person.interactions = record.interactions
  return person
}
