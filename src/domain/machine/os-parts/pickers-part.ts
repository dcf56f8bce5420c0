import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The machine part that holds what the file and folder pickers answer next. */
const PICKERS_PART = 'pickers'

/** Which file picker an answer is for. */
export type PickerKind = 'files' | 'folders'

/** At most this many scripted picker answers wait at once, per picker… */
export const MAX_PICKER_ANSWERS = 100
/** …each of at most this many paths. */
export const MAX_PICKED_PATHS = 1000

/** The answers each picker gives next, oldest first: each answer is the paths picked. */
export interface PickerAnswers {
  readonly [key: string]: unknown
  readonly files: ReadonlyArray<readonly string[]>
  readonly folders: ReadonlyArray<readonly string[]>
}

/** No answer scripted: each picker answers nothing picked (the dialog dismissed). */
const INITIAL: PickerAnswers = Object.freeze({ files: [], folders: [] })

/**
 * The scripted answers waiting, per picker.
 *
 * @example
 * readPickers(store).files.length // 0
 */
export function readPickers(store: Store | Transaction): PickerAnswers {
  return readPart(store, PICKERS_PART, INITIAL)
}

/**
 * Stages answers queued after those waiting for a picker, in order; answers
 * how many wait then. Past {@link MAX_PICKER_ANSWERS} it throws and nothing
 * is queued.
 *
 * @example
 * await store.write((tx) => scriptPicker(tx, 'files', [['/Users/ada/notes.md']])) // 1
 */
export function scriptPicker(tx: Transaction, kind: PickerKind, answers: ReadonlyArray<readonly string[]>): number {
  const current = readPickers(tx)
  const waiting = current[kind].length + answers.length
  if (waiting > MAX_PICKER_ANSWERS) {
    throw new Error(
      `Failed to script the ${kind} picker: ${waiting} answers would wait, past the ${MAX_PICKER_ANSWERS} it keeps. Script fewer, or clear them with a reset.`,
    )
  }
  writePart(tx, PICKERS_PART, { ...current, [kind]: [...current[kind], ...answers.map((paths) => [...paths])] })
  return waiting
}

/**
 * Stages the next scripted answer of a picker taken in a write, and answers
 * it: nothing picked (the dialog dismissed) when none waits.
 *
 * @example
 * const paths = await store.write((tx) => takePick(tx, 'folders'))
 */
export function takePick(tx: Transaction, kind: PickerKind): readonly string[] {
  const current = readPickers(tx)
  const [picked, ...rest] = current[kind]
  if (!picked) return []
  writePart(tx, PICKERS_PART, { ...current, [kind]: rest })
  return picked
}
