import type { StubSpec } from '../../../control/stubs/stubs.js'
import { whole } from '../../whole.js'

/** A header row of the stub form, as typed. */
export interface HeaderRow {
  readonly name: string
  readonly value: string
}

/** The stub form's fields, as typed. */
export interface StubFormFields {
  readonly method: string
  readonly path: string
  /** `name=value&name=value`, a leading `?` allowed. */
  readonly query: string
  /** The headers the request must carry, one row each (a row without a name is left out). */
  readonly headers: readonly HeaderRow[]
  /** JSON the request's body must contain, or text it must be. */
  readonly body: string
  readonly status: string
  /** JSON answered as JSON; anything else answered as text. */
  readonly answer: string
  readonly times: string
}

/**
 * The stub the form's fields ask for, sent as typed: the control plane says
 * what is wrong with it (its 400), so the form says no more than the mock
 * would. Empty optional fields are left out; a body that is not JSON is text.
 *
 * @example
 * stubSpecOf({ method: 'GET', path: '/asset/:asset', query: '', headers: [], body: '', status: '404', answer: '', times: '1' })
 * // { method: 'GET', path: '/asset/:asset', times: 1, answer: { status: 404 } }
 */
export function stubSpecOf(fields: StubFormFields): StubSpec {
  const query = fields.query.trim().replace(/^\?/, '')
  const headers = fields.headers.filter((row) => row.name.trim() !== '')
  const status = whole(fields.status)
  const times = whole(fields.times)
  return {
    method: fields.method.trim(),
    path: fields.path.trim(),
    ...(query !== '' && { query: Object.fromEntries(new URLSearchParams(query)) }),
    ...(headers.length > 0 && {
      headers: Object.fromEntries(headers.map((row) => [row.name.trim(), row.value.trim()])),
    }),
    ...(fields.body.trim() !== '' && { body: jsonOrText(fields.body) }),
    ...(times !== undefined && { times }),
    answer: {
      ...(status !== undefined && { status }),
      ...(fields.answer.trim() !== '' && { body: jsonOrText(fields.answer) }),
    },
  }
}

/** The text's JSON value, or the text itself when it is not JSON. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
