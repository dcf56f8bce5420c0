import { NumberField } from './number-field.js'

/**
 * A fault form's "times" field: how many times the fault applies, empty
 * for always.
 *
 * @example
 * <TimesField ariaLabel="fault times" value={times} onValue={setTimes} />
 */
export function TimesField(props: { ariaLabel?: string; value: string; onValue: (text: string) => void }) {
  return <NumberField label="times" min="1" placeholder="always" {...props} />
}
