import type { RecordKind, RecordOf } from '../../store/schemas/schemas.js'

const LABEL_LENGTH = 80

const clip = (text: string) => (text.length > LABEL_LENGTH ? `${text.slice(0, LABEL_LENGTH - 1)}…` : text)

/**
 * What a record is read by in the inspector: its name, text, URL or path.
 *
 * @example
 * recordLabel('tag', store.get('tag', id)!) // 'react'
 */
export function recordLabel(kind: RecordKind, record: RecordOf<RecordKind>): string {
  const r = record as Record<string, any>
  switch (kind) {
    case 'conversation':
      return clip(r.name || '(untitled conversation)')
    case 'message':
      // Clipped before it is joined: a label of a 1 MiB message copies no more of it than it shows.
      return clip(`${String(r.role).toLowerCase()}: ${clip(r.fragment?.string?.raw ?? '')}`)
    case 'annotation':
    case 'tag':
      return clip(r.text)
    case 'asset':
      return clip(r.name || '(unnamed asset)')
    case 'format':
      return `${r.classification.specific} ${String(r.role).toLowerCase()}`
    case 'activity':
      return clip(`${Object.keys(r.event)[0] ?? 'activity'} (${String(r.mechanism).toLowerCase()})`)
    case 'website':
      return clip(r.name || r.url)
    case 'anchor':
      return clip(r.name || r.fullpath)
    case 'workstreamSummary':
      return clip(r.name)
    case 'range':
      return `${r.from ?? '…'} – ${r.to ?? '…'}`
    case 'application':
      return `${r.name} ${r.version} (${String(r.platform).toLowerCase()})`
    case 'model':
      return clip(`${r.name} (${r.cloud ? 'cloud' : r.downloaded ? 'local' : 'local, not downloaded'})`)
    case 'user':
      return clip(r.name || r.email || r.username || r.id)
  }
}
