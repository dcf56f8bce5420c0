import type { BackupVerb } from './backup-verb.js'
import {
  defineOperation,
  type Operation,
  type OperationContext,
  type OperationResult,
} from '../define/define-operation.js'

/** Runs a backup verb from the module loaded on first call. */
const runVerb =
  (verb: BackupVerb) =>
  async (context: OperationContext): Promise<OperationResult> =>
    (await import('./lazy-runs.js')).runBackup(context, verb)

const post = (id: string, path: string, verb: BackupVerb) =>
  defineOperation({
    id,
    method: 'POST',
    paths: [path],
    params: path.includes(':backup') ? { backup: 'machinePart' } : {},
    // The client sends the backup (or the assets) beside the path; the mock acts on the path alone.
    body: 'none',
    run: runVerb(verb),
  })

const get = (id: string, path: string, verb: BackupVerb) =>
  defineOperation({
    id,
    method: 'GET',
    paths: [path],
    params: path.includes(':backup') ? { backup: 'machinePart' } : {},
    live: true,
    run: runVerb(verb),
  })

/**
 * Backups (BackupApi, BackupsApi): a backup is a snapshot of the store,
 * created with progress (paced like model downloads), listed, read, restored
 * (its records replace the store's at 100 %), each step cancelled, and
 * deleted (410 after). The progress streams are `/backups/streamed/progress`
 * and `/backups/create/streamed/websocket`.
 *
 * @example
 * routeTable() // holds these
 */
export const backupOperations: readonly Operation[] = [
  post('backup', '/backup', 'createQuietly'),
  post('backupAsset', '/backup/asset', 'createQuietly'),
  post('backupRestoreSpecificBackup', '/backup/:backup/restore', 'restore'),
  post('backupRestoreSpecificBackupStreamed', '/backup/:backup/restore/streamed', 'restoreStreamed'),
  get(
    'backupRestoreSpecificBackupStreamedWebsocket',
    '/backup/:backup/restore/streamed/websocket',
    'restorationProgress',
  ),
  get('backupSpecificBackupSnapshot', '/backup/:backup', 'snapshot'),
  post('backupSpecificCreationCancel', '/backup/:backup/creation/cancel', 'creationCancel'),
  get('backupSpecificCreationStatus', '/backup/:backup/creation/status', 'creationStatus'),
  post('backupSpecificRestorationCancel', '/backup/:backup/restoration/cancel', 'restorationCancel'),
  get('backupSpecificRestorationStatus', '/backup/:backup/restoration/status', 'restorationStatus'),
  post('backupsCreateNewBackup', '/backups/create', 'create'),
  post('backupsCreateNewBackupStreamed', '/backups/create/streamed', 'createStreamed'),
  post('backupsDeleteSpecificBackup', '/backups/:backup/delete', 'delete'),
  get('backupsSnapshot', '/backups', 'list'),
]
