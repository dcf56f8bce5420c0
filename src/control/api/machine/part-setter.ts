import type { z } from 'zod'
import { MockServiceError } from '../../../errors.js'
import { errorAnswer, textAnswer, type Answer } from '../../../execution/answer.js'
import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { jsonAnswer } from '../control-route.js'

/** How a machine part is set from the control plane: what it is called, its body, what to send, and its write. */
export interface PartSetter<S extends z.ZodType> {
  /** What the part is called in a message ("the device"). */
  readonly label: string
  readonly input: S
  /** The body to send, as the 400's hint shows it. */
  readonly example: string
  /** What is wrong with a body its schema takes but the store refuses (`"user: no user has id …"`), or undefined. */
  check?(store: Store, input: z.infer<S>): string | undefined
  write(tx: Transaction, input: z.infer<S>): unknown
}

/**
 * Sets a machine part from a control request's body: a body its schema
 * refuses answers 400 naming the field and what to send, with nothing
 * changed; else the part is written inside one store write (so streams, the
 * journal, reset, snapshots and persistence see it) and its new state answered
 * (507 past the store's budget, 500 for a domain refusal, nothing changed).
 *
 * @example
 * return setPart(store, body, { label: 'the device', input: deviceInput, example: '{ "memoryOptimizations": 0 }', write: setDevice })
 */
export async function setPart<S extends z.ZodType>(
  store: Store,
  body: unknown,
  setter: PartSetter<S>,
): Promise<Answer> {
  const result = setter.input.safeParse(body)
  const problem = result.success ? setter.check?.(store, result.data) : problemOf(result.error)
  if (problem !== undefined || !result.success) {
    return textAnswer(400, `Failed to set ${setter.label}: ${problem ?? 'bad body'}. Send ${setter.example}.`)
  }
  return writtenAnswer(() => store.write((tx) => setter.write(tx, result.data)))
}

/**
 * The answer of a control write: 200 with what it wrote, or the status of the
 * domain error that refused it (507 past the store's budget), nothing changed.
 *
 * @example
 * return writtenAnswer(() => store.write((tx) => updateSettings(tx, { autoboot })))
 */
export async function writtenAnswer(run: () => Promise<unknown>): Promise<Answer> {
  try {
    return jsonAnswer(200, await run())
  } catch (error) {
    if (error instanceof MockServiceError) return errorAnswer(error)
    throw error
  }
}

function problemOf(error: z.ZodError): string {
  const issue = error.issues[0]
  const at = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  return `${at}${issue?.message ?? 'bad body'}`
}
