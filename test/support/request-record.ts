import type { RequestRecord } from '../../src/execution/execute-operation.js'

/**
 * A request as the executor reports it to the journal: a `GET /conversations`
 * answered 200 at a fixed time, with `fields` in place of any of its own.
 *
 * @example
 * journal.record(requestRecord({ path: '/conversations/1' }))
 */
export function requestRecord(fields: Partial<RequestRecord> = {}): RequestRecord {
  return {
    operation: 'conversationsSnapshot',
    method: 'GET',
    path: '/conversations',
    query: {},
    params: {},
    bodyText: '',
    status: 200,
    durationMs: 1,
    at: '2024-05-01T12:00:00.000Z',
    ...fields,
  }
}
