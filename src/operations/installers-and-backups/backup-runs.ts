import { findBackup, readBackups } from '../../domain/machine/backups/backup-reads.js'
import { backupProgressWire, backupStatusWire, backupWire } from '../../domain/machine/backups/backup-wire.js'
import {
  cancelCreation,
  cancelRestoration,
  deleteBackup,
  startCreation,
  startRestoration,
} from '../../domain/machine/backups/backup-writes.js'
import { json, noContent, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { pathId } from '../define/request-input.js'
import { machineOf } from '../machine/machine-context.js'
import type { BackupVerb } from './backup-verb.js'

/**
 * Runs one backup operation (loaded on its first call).
 *
 * @example
 * await runBackup(context, 'create')
 */
export async function runBackup(context: OperationContext, verb: BackupVerb): Promise<OperationResult> {
  const { store } = context
  const jobs = () => machineOf(context).jobs
  const id = () => pathId(context, 'backup')
  switch (verb) {
    case 'create':
      return json(backupWire(await startCreation(store, jobs())))
    case 'createQuietly':
      await startCreation(store, jobs())
      return noContent()
    case 'createStreamed': {
      const entry = await startCreation(store, jobs())
      return json(backupProgressWire(entry, entry.creation))
    }
    case 'list':
      return json({ iterable: readBackups(store).backups.map(backupWire) })
    case 'snapshot':
      return json(backupWire(findBackup(store, id())))
    case 'creationStatus': {
      const entry = findBackup(store, id())
      return json(backupStatusWire(entry, entry.creation))
    }
    case 'creationCancel':
      await cancelCreation(store, jobs(), id())
      return noContent()
    case 'restore':
      return json(backupWire(await startRestoration(store, jobs(), id())))
    case 'restoreStreamed': {
      const entry = await startRestoration(store, jobs(), id())
      return json(backupProgressWire(entry, entry.restoration))
    }
    case 'restorationProgress': {
      const entry = findBackup(store, id())
      return json(backupProgressWire(entry, entry.restoration))
    }
    case 'restorationStatus': {
      const entry = findBackup(store, id())
      return json(backupStatusWire(entry, entry.restoration))
    }
    case 'restorationCancel':
      await cancelRestoration(store, jobs(), id())
      return noContent()
    case 'delete':
      await deleteBackup(store, jobs(), id())
      return noContent()
  }
}
