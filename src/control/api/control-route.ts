import { jsonAnswer as executionJsonAnswer, type Answer } from '../../execution/answer.js'

/** What a control request carries once routed. */
interface ControlRequest {
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The parsed JSON body, or undefined. */
  readonly body: unknown
}

/** One route of the control API. */
export interface ControlRoute {
  readonly method: 'GET' | 'POST' | 'DELETE'
  readonly path: string
  /**
   * Set on the routes a transport serves itself (the inspector's page and
   * script, the live feed): `run` then answers what a transport that cannot
   * serve it says.
   */
  readonly served?: 'inspector-page' | 'inspector-script' | 'inspector-events'
  run(request: ControlRequest): Answer | Promise<Answer>
}

/**
 * A JSON answer of the control API, in pieces past 1 MiB like the service's (see `jsonAnswer` of the executor).
 *
 * @example
 * jsonAnswer(201, { id })
 */
export const jsonAnswer = (status: number, value: unknown): Answer => executionJsonAnswer(status, value)

/**
 * The control API's empty answer, for a change done.
 *
 * @example
 * journal.clear()
 * return NO_CONTENT
 */
export const NO_CONTENT: Answer = { status: 204 }
