import type { Store } from '../../store/create-store.js'
import type { AppletType } from './os-parts/applets-part.js'
import type { OsState } from './os-state.js'

/** What an applet's page shows: the records it reads, the OS state, and the version the service reports. */
export interface AppletSources {
  readonly store: Pick<Store, 'all' | 'count'>
  readonly os: Pick<OsState, 'permissions' | 'update' | 'runningApplets'>
  readonly version: string
}

/** At most this many records are listed on a page. */
const MAX_ROWS = 200

const TITLES: Partial<Record<AppletType, string>> = {
  COPILOT: 'Pieces Copilot',
  SAVED_MATERIALS: 'Pieces Drive',
  PIECES_SUITE_SETTINGS_AND_INTEGRATIONS_MANAGER: 'Settings',
}

/**
 * The page a launched applet answers at `/`: plain HTML, every text escaped.
 * The copilot lists the conversations, saved materials (Drive) the assets,
 * settings the version, permissions and update status; any other applet its
 * name and the applets running.
 *
 * @example
 * appletPage('COPILOT', { store, os, version: '12.3.0' }) // '<!doctype html>…<li>Debounce a React search input…'
 */
export function appletPage(type: AppletType, sources: AppletSources): string {
  const title = TITLES[type] ?? type
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    `<body data-applet="${escapeHtml(type)}"><h1>${escapeHtml(title)}</h1>`,
    appletBody(type, sources),
    '</body></html>',
  ].join('\n')
}

function appletBody(type: AppletType, { store, os, version }: AppletSources): string {
  if (type === 'COPILOT') {
    return list(
      `${store.count('conversation')} conversations`,
      [...take(store.all('conversation'))].map(
        (c) => `${c.name ?? 'New Conversation'} (${c.messages.length} messages)`,
      ),
    )
  }
  if (type === 'SAVED_MATERIALS') {
    return list(
      `${store.count('asset')} saved materials`,
      [...take(store.all('asset'))].map((asset) => asset.name ?? 'Untitled'),
    )
  }
  if (type === 'PIECES_SUITE_SETTINGS_AND_INTEGRATIONS_MANAGER') {
    const { vision, accessibility } = os.permissions()
    return list('Settings', [
      `PiecesOS version: ${version}`,
      `Updates: ${os.update().status}`,
      `Vision permission: ${vision ? 'granted' : 'not granted'}`,
      `Accessibility permission: ${accessibility ? 'granted' : 'not granted'}`,
    ])
  }
  return list(
    'Applets running',
    os.runningApplets().map((applet) => `${applet.type} on port ${applet.port}`),
  )
}

function* take<T>(records: Iterable<T>): Iterable<T> {
  let count = 0
  for (const record of records) {
    if (count++ === MAX_ROWS) return
    yield record
  }
}

function list(heading: string, rows: readonly string[]): string {
  const items = rows.map((row) => `<li>${escapeHtml(row)}</li>`).join('\n')
  return `<h2>${escapeHtml(heading)}</h2>\n<ul>\n${items}\n</ul>`
}

/** Text made safe to put in HTML, as element content or an attribute value. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
