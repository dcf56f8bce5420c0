import { useState } from 'preact/hooks'
import type { Connection } from '../../live/connection.js'
import { NumberField } from '../number-field.js'
import { TimesField } from '../times-field.js'
import { HeaderRows, type KeyedHeaderRow } from './header-rows.js'
import { stubSpecOf, type StubFormFields } from './stub-form-spec.js'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

const EMPTY: Omit<StubFormFields, 'headers'> & { headers: readonly KeyedHeaderRow[] } = {
  method: 'GET',
  path: '',
  query: '',
  headers: [{ key: 0, name: '', value: '' }],
  body: '',
  status: '200',
  answer: '',
  times: '',
}

/** One text field of the form: its words, the field it fills, and a hint of what it takes. */
const TEXTS: ReadonlyArray<readonly [key: 'path' | 'query' | 'body', label: string, hint: string]> = [
  ['path', 'path', '/asset/:asset'],
  ['query', 'query', 'name=value&…'],
  ['body', 'request body', '{"name": "…"}'],
]

/**
 * The form that adds a stub: the method and path it matches (`:name` for a
 * segment), optionally a query, headers (a row each) and a body it must contain, and the
 * status and body it answers (JSON, else text), how many times. What the mock
 * refuses shows as its message; a stub added says so and loads the list again.
 *
 * @example
 * <StubForm connection={connection} act={act} added={reload} />
 */
export function StubForm({
  connection,
  act,
  added,
}: {
  connection: Connection
  act: (call: () => Promise<unknown>) => void
  /** Runs with the new stub's id once it is added. */
  added: (id: string) => void
}) {
  const [fields, setFields] = useState(EMPTY)
  const field = (key: Exclude<keyof StubFormFields, 'headers'>) => (text: string) =>
    setFields({ ...fields, [key]: text })

  const addStub = (event: Event) => {
    event.preventDefault()
    const spec = stubSpecOf(fields)
    act(async () => added(await connection.addStub(spec)))
  }

  return (
    <form class="cam-form" onSubmit={addStub} aria-label="add stub">
      <label>
        method
        <input
          aria-label="stub method"
          list="cam-stub-methods"
          size={7}
          value={fields.method}
          onInput={(event) => field('method')(event.currentTarget.value)}
        />
      </label>
      <datalist id="cam-stub-methods">
        {METHODS.map((name) => (
          <option value={name} key={name} />
        ))}
      </datalist>
      {TEXTS.map(([key, label, hint]) => (
        <label key={key}>
          {label}
          <input
            aria-label={`stub ${label}`}
            placeholder={hint}
            value={fields[key]}
            onInput={(event) => field(key)(event.currentTarget.value)}
          />
        </label>
      ))}
      <HeaderRows rows={fields.headers} onRows={(headers) => setFields({ ...fields, headers })} />
      <NumberField
        label="status"
        min="200"
        max="599"
        ariaLabel="stub status"
        value={fields.status}
        onValue={field('status')}
      />
      <label>
        answer body
        <textarea
          aria-label="stub answer body"
          placeholder='{"id": "{{params.asset}}"}'
          rows={2}
          value={fields.answer}
          onInput={(event) => field('answer')(event.currentTarget.value)}
        />
      </label>
      <TimesField ariaLabel="stub times" value={fields.times} onValue={field('times')} />
      <button type="submit">Add stub</button>
    </form>
  )
}
