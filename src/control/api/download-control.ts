import { textAnswer } from '../../execution/answer.js'
import { MAX_DOWNLOAD_PACE_MS as MAX_PACE_MS, type ModelDownloads } from '../../domain/machine/model-downloads.js'
import { jsonAnswer, type ControlRoute } from './control-route.js'

/**
 * The control routes of model downloads: `GET /__mock/downloads` answers
 * `{ paceMs }`, and `POST /__mock/downloads/pace` with `{ paceMs }` (a whole
 * number of milliseconds from 0 to 60000) sets the time between two 10 %
 * steps of every download from then on (400 unless the mock was given
 * `downloadPaceMs` or `--download-pace`: a 4 s download).
 *
 * @example
 * await fetch(`${baseUrl}/__mock/downloads/pace`, { method: 'POST', body: JSON.stringify({ paceMs: 20 }) })
 */
export function downloadControlRoutes(downloads: ModelDownloads): readonly ControlRoute[] {
  return [
    {
      method: 'GET',
      path: '/__mock/downloads',
      run: () => jsonAnswer(200, { paceMs: downloads.paceMs }),
    },
    {
      method: 'POST',
      path: '/__mock/downloads/pace',
      run({ body }) {
        const paceMs = typeof body === 'object' && body !== null ? (body as { paceMs?: unknown }).paceMs : undefined
        if (typeof paceMs !== 'number' || !Number.isInteger(paceMs) || paceMs < 0 || paceMs > MAX_PACE_MS) {
          return textAnswer(
            400,
            `Failed to set the download pace: paceMs is ${JSON.stringify(paceMs) ?? 'missing'}. Send { "paceMs": <a whole number of milliseconds from 0 to ${MAX_PACE_MS}> }.`,
          )
        }
        downloads.paceMs = paceMs
        return jsonAnswer(200, { paceMs })
      },
    },
  ]
}
