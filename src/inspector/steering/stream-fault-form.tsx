import { useState } from 'preact/hooks'
import type { StreamName } from '../../events/stream-paths.js'
import type { Connection } from '../live/connection.js'
import { NumberField } from './number-field.js'
import { TimesField } from './times-field.js'
import { whole } from '../whole.js'

/** The stream fault form's fields, as typed. */
interface StreamFaultFields {
  readonly stream: string
  readonly effect: string
  readonly code: string
  readonly delayMs: string
  readonly times: string
}

/**
 * The form that adds a fault on a stream: close its sockets, drop or delay
 * its frames, and how many times.
 *
 * @example
 * <StreamFaultForm streams={Object.keys(overview.streams)} connection={connection} act={act} />
 */
export function StreamFaultForm({
  streams,
  connection,
  act,
}: {
  streams: readonly StreamName[]
  connection: Connection
  act: (call: () => Promise<unknown>) => void
}) {
  const [fields, setFields] = useState<StreamFaultFields>({
    stream: 'conversations',
    effect: 'close',
    code: '4000',
    delayMs: '500',
    times: '1',
  })
  const field = (key: keyof StreamFaultFields) => (text: string) => setFields({ ...fields, [key]: text })

  const addStreamFault = (event: Event) => {
    event.preventDefault()
    const times = whole(fields.times)
    const effect =
      fields.effect === 'close'
        ? { close: { code: Number(fields.code) } }
        : fields.effect === 'drop'
          ? { drop: true }
          : { delayMs: Number(fields.delayMs) }
    act(() =>
      connection.addFault({
        stream: fields.stream as StreamName,
        ...effect,
        ...(times !== undefined && { times }),
      }),
    )
  }

  return (
    <form class="cam-form" onSubmit={addStreamFault} aria-label="add stream fault">
      <select
        aria-label="fault stream"
        value={fields.stream}
        onChange={(event) => field('stream')(event.currentTarget.value)}
      >
        {streams.map((stream) => (
          <option value={stream} key={stream}>
            {stream}
          </option>
        ))}
      </select>
      <select
        aria-label="stream fault effect"
        value={fields.effect}
        onChange={(event) => field('effect')(event.currentTarget.value)}
      >
        <option value="close">close the sockets</option>
        <option value="drop">drop the frame</option>
        <option value="delay">delay the frame</option>
      </select>
      {fields.effect === 'close' && (
        <NumberField label="code" min="1000" max="4999" value={fields.code} onValue={field('code')} />
      )}
      {fields.effect === 'delay' && (
        <NumberField label="ms" min="1" value={fields.delayMs} onValue={field('delayMs')} />
      )}
      <TimesField value={fields.times} onValue={field('times')} />
      <button type="submit">Add stream fault</button>
    </form>
  )
}
