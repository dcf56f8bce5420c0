import { textAnswer } from '../../execution/answer.js'
import type { Stubs } from '../stubs/stubs.js'
import { jsonAnswer, NO_CONTENT, type ControlRoute } from './control-route.js'

/**
 * Stubs over HTTP: `POST /__mock/stubs` adds one (the same JSON as
 * `stubs.add()`; 201 with its id), `GET` lists them, `DELETE
 * /__mock/stubs/{id}` removes one and `DELETE /__mock/stubs` all.
 *
 * @example
 * await fetch(`${url}/__mock/stubs`, { method: 'POST', body: JSON.stringify({ operation: 'assetSnapshot', answer: { status: 404 } }) })
 */
export function stubRoutes(stubs: Stubs): readonly ControlRoute[] {
  return [
    { method: 'POST', path: '/__mock/stubs', run: ({ body }) => jsonAnswer(201, { id: stubs.add(body as never).id }) },
    { method: 'GET', path: '/__mock/stubs', run: () => jsonAnswer(200, { stubs: stubs.list() }) },
    {
      method: 'DELETE',
      path: '/__mock/stubs/:id',
      run({ params }) {
        if (stubs.remove(params.id ?? '')) return NO_CONTENT
        return textAnswer(404, `No stub "${params.id}" is waiting. GET /__mock/stubs lists them.`)
      },
    },
    {
      method: 'DELETE',
      path: '/__mock/stubs',
      run() {
        stubs.clear()
        return NO_CONTENT
      },
    },
  ]
}
