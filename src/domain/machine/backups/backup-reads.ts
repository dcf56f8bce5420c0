import { MockServiceError } from '../../../errors.js'
import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart } from '../machine-part-state.js'
import { BACKUPS_PART, INITIAL_BACKUPS, type BackupEntry, type BackupsState } from './backup-state.js'

/**
 * The backups part as stored (its initial state since the last reset).
 *
 * @example
 * readBackups(store).backups[0]?.id // 'backup-1'
 */
export function readBackups(reader: Store | Transaction): BackupsState {
  return readPart(reader, BACKUPS_PART, INITIAL_BACKUPS)
}

/**
 * One backup by its id: GONE once deleted, NOT_FOUND when it never was.
 *
 * @example
 * findBackup(store, 'backup-1').bytes // 0
 */
export function findBackup(reader: Store | Transaction, id: string): BackupEntry {
  const state = readBackups(reader)
  const found = state.backups.find((entry) => entry.id === id)
  if (found) return found
  if (state.gone.includes(id)) throw new MockServiceError('GONE', `Backup ${JSON.stringify(id)} was deleted.`)
  throw new MockServiceError(
    'NOT_FOUND',
    `There is no backup ${JSON.stringify(id)}. The backups are ${state.backups.map((entry) => entry.id).join(', ') || 'none'} (GET /backups).`,
  )
}
