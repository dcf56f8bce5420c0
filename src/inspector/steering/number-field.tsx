/** What a {@link NumberField} shows and where its text goes. */
interface NumberFieldProps {
  /** The words before the input. */
  readonly label: string
  readonly value: string
  readonly onValue: (text: string) => void
  readonly min?: string
  readonly max?: string
  readonly ariaLabel?: string
  readonly placeholder?: string
  readonly required?: boolean
}

/**
 * A labelled number input of a form, handing its text on each keystroke.
 *
 * @example
 * <NumberField label="times" min="1" placeholder="always" value={times} onValue={setTimes} />
 */
export function NumberField({ label, value, onValue, min, max, ariaLabel, placeholder, required }: NumberFieldProps) {
  return (
    <label>
      {label}
      <input
        type="number"
        min={min}
        max={max}
        aria-label={ariaLabel}
        placeholder={placeholder}
        required={required}
        value={value}
        onInput={(event) => onValue(event.currentTarget.value)}
      />
    </label>
  )
}
