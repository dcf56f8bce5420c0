import { backupProgressWire, backupsProgressWire } from '../domain/machine/backups/backup-wire.js'
import { readBackups } from '../domain/machine/backups/backup-reads.js'
import { installerStatusWire } from '../domain/machine/installers/installer-wire.js'
import { readInstaller } from '../domain/machine/installers/installer-reads.js'
import type { StatusSources } from '../events/status-streams.js'
import type { Store } from '../store/create-store.js'

/**
 * Where the status streams of the machine's parts read their frames: the
 * installers' status and the backups' progress, from their parts in the store.
 *
 * @example
 * machinePartSources(store).ollamaStatus() // '{"installation":{…},"updateRequired":{…},…}'
 */
export function machinePartSources(
  store: Store,
): Pick<StatusSources, 'ollamaStatus' | 'foundryStatus' | 'backupsProgress' | 'backupCreation'> {
  return {
    ollamaStatus: () => JSON.stringify(installerStatusWire(readInstaller(store, 'ollama'))),
    foundryStatus: () => JSON.stringify(installerStatusWire(readInstaller(store, 'foundry'))),
    backupsProgress: () => JSON.stringify(backupsProgressWire(readBackups(store))),
    backupCreation() {
      const latest = readBackups(store).backups.at(-1)
      return latest && JSON.stringify(backupProgressWire(latest, latest.creation))
    },
  }
}
