import { useEffect, useRef, useState } from 'preact/hooks'
import type { VerifyOutcome } from '../../control/inspection/inspection.js'
import type { CallExpectation } from '../../control/verify/verify-calls.js'
import type { OperationName } from '../../routes/operation-names.js'
import type { ViewProps } from '../view-props.js'
import { ActionError, inScope } from '../action-error.js'

/** A JSON field of the form: empty for none. */
function parsed(text: string, field: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(`The ${field} field is not JSON: write it as {"name": "value"}, or leave it empty.`)
  }
}

/**
 * Checks the journal as `verify()` does: the number of calls that matched,
 * or the same table of matches and near misses.
 *
 * @example
 * <VerifyForm {...props} preset={{ operation: 'conversationsSnapshot' }} />
 */
export function VerifyForm({ connection, live, act: run, preset }: ViewProps & { preset?: CallExpectation }) {
  const act = inScope(run, 'verify')
  const [fields, setFields] = useState(() => ({
    operation: preset?.operation ?? '',
    params: preset?.params ? JSON.stringify(preset.params) : '',
    query: preset?.query ? JSON.stringify(preset.query) : '',
    body: '',
    times: '',
  }))
  const [outcome, setOutcome] = useState<VerifyOutcome>()
  const submitButton = useRef<HTMLButtonElement>(null)
  // Filled from a journal entry: focus goes to the form, ready to verify.
  useEffect(() => {
    if (preset) submitButton.current?.focus()
  }, [])
  const field = (name: keyof typeof fields) => ({
    value: fields[name],
    onInput: (event: { currentTarget: HTMLInputElement }) =>
      setFields({ ...fields, [name]: event.currentTarget.value }),
  })
  const submit = (event: Event) => {
    event.preventDefault()
    act(async () => {
      const params = parsed(fields.params, 'params')
      const query = parsed(fields.query, 'query')
      const body = parsed(fields.body, 'body')
      const expectation: CallExpectation = {
        // Any text: the mock checks the name and answers a message naming the closest ones.
        operation: fields.operation.trim() as OperationName,
        ...(params !== undefined && { params: params as Record<string, string> }),
        ...(query !== undefined && { query: query as Record<string, string> }),
        ...(body !== undefined && { body }),
        ...(fields.times.trim() !== '' && { times: Number(fields.times) }),
      }
      setOutcome(await connection.verify(expectation))
    })
  }
  return (
    <section aria-label="verify">
      <h2>Verify</h2>
      <form class="cam-form" onSubmit={submit}>
        <input
          placeholder="operation"
          aria-label="verify operation"
          list="cam-operations"
          required
          {...field('operation')}
        />
        <datalist id="cam-operations">
          {live.overview?.operations.map((name) => (
            <option value={name} key={name} />
          ))}
        </datalist>
        <input placeholder='params {"conversation": "…"}' aria-label="verify params" {...field('params')} />
        <input placeholder="query {}" aria-label="verify query" {...field('query')} />
        <input placeholder="body contains {}" aria-label="verify body" {...field('body')} />
        <input type="number" min="0" placeholder="times" aria-label="verify times" {...field('times')} />
        <button type="submit" ref={submitButton}>
          Verify
        </button>
      </form>
      <ActionError scope="verify" />
      {outcome?.ok && (
        <p class="cam-ok" role="status">
          Verified: {outcome.matched} matching call{outcome.matched === 1 ? '' : 's'}.
        </p>
      )}
      {outcome && !outcome.ok && (
        <pre class="cam-table" aria-label="verify result">
          {outcome.message}
        </pre>
      )}
    </section>
  )
}
