import type { BackupEntry, BackupProgress, BackupsState } from './backup-state.js'

/**
 * A backup as the client's Backup.
 *
 * @example
 * backupWire(entry).device_name // 'conversation-asset-mock'
 */
export function backupWire(entry: BackupEntry) {
  return {
    id: entry.id,
    version: '1',
    timestamp: entry.created,
    bytes: entry.bytes,
    created: { value: entry.created },
    device_name: 'conversation-asset-mock',
    platform: 'LINUX',
  }
}

/**
 * A creation's or restoration's progress as the client's BackupStatus.
 *
 * @example
 * backupStatusWire(entry, entry.creation).value // 'COMPLETED'
 */
export function backupStatusWire(entry: BackupEntry, progress: BackupProgress) {
  return { value: progress.status, percentage: progress.percentage, backup: backupWire(entry) }
}

/**
 * A creation's or restoration's progress as the client's BackupStreamedProgress.
 *
 * @example
 * backupProgressWire(entry, entry.restoration).status // 'UNKNOWN'
 */
export function backupProgressWire(entry: BackupEntry, progress: BackupProgress) {
  return { status: progress.status, percentage: progress.percentage, backup: backupWire(entry) }
}

/**
 * Every creation and every restoration started, as the client's BackupsStreamedProgress.
 *
 * @example
 * backupsProgressWire(state).backups.length // 1
 */
export function backupsProgressWire(state: BackupsState) {
  return {
    backups: state.backups.map((entry) => backupProgressWire(entry, entry.creation)),
    restorations: state.backups
      .filter((entry) => entry.restoration.status !== 'UNKNOWN')
      .map((entry) => backupProgressWire(entry, entry.restoration)),
  }
}
