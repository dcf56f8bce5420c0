import { MockServiceError } from '../../errors.js'
import { shareCode } from '../../wire/records/asset-details.js'
import { defineOperation, type Operation } from '../define/define-operation.js'

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!)

/**
 * `GET /?p={code}` (PieceApi `htmlShare`): the public page of a share, found
 * by its short code: its name and the names of the assets it shares, as HTML.
 * An unknown code answers 410 as a deleted share does.
 *
 * @example
 * routeTable() // holds it
 */
export const sharePageOperations: readonly Operation[] = [
  defineOperation({
    id: 'htmlShare',
    method: 'GET',
    paths: ['/'],
    params: {},
    run(context) {
      const code = context.request.query.get('p')
      if (code === null || code === '') {
        throw new MockServiceError('INVALID_REQUEST', 'Missing query parameter "p": the short code of a share.')
      }
      let found
      for (const share of context.store.all('share')) if (shareCode(share.id) === code) found = share
      if (!found) throw new MockServiceError('GONE', `Share not found: no share has the code "${code.slice(0, 100)}".`)
      const names = found.assets.map((id) => context.store.get('asset', id)?.name ?? id)
      const title = escapeHtml(found.name ?? names[0] ?? 'Shared piece')
      const items = names.map((name) => `<li>${escapeHtml(name)}</li>`).join('')
      const text = `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><ul>${items}</ul></body></html>`
      return { status: 200, handedOn: { contentType: 'text/html; charset=utf-8', text } }
    },
  }),
]
