import { jsonLimitsFor, jsonShapeProblem } from './json-shape.js'

/** A request body read as JSON: its value (undefined for none), or what is wrong with it. */
export type JsonBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string }

/**
 * Reads a request's body as JSON, the one way every route family does: empty
 * is no body; malformed JSON, JSON nested deeper than `MAX_JSON_DEPTH`
 * (which would overflow the stack when the record holding it is serialized
 * again), and JSON with more keys than `maxBodyBytes` allows (`jsonLimitsFor`) or
 * `MAX_JSON_MEMBERS` members (which would hold the server for seconds
 * while it parses) are refused before anything runs, with a message of one
 * wording. Each route family answers a refusal in its own status: the
 * service's declared 500, the control API's 400.
 *
 * @example
 * readJsonBody('{"nope') // { ok: false, problem: 'Malformed JSON body: Unterminated string in JSON at position 6.' }
 */
export function readJsonBody(text: string, maxBodyBytes?: number): JsonBody {
  if (text.trim() === '') return { ok: true, value: undefined }
  const shape = jsonShapeProblem(text, maxBodyBytes === undefined ? undefined : jsonLimitsFor(maxBodyBytes))
  if (shape !== undefined) return malformed(shape)
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    return malformed(error instanceof Error ? error.message.replace(/\.$/, '') : 'it could not be parsed')
  }
}

/** The one wording of a refused body. */
const malformed = (why: string): JsonBody => ({ ok: false, problem: `Malformed JSON body: ${why}.` })
