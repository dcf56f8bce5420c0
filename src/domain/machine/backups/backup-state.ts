import type { PartState } from '../machine-part-state.js'

/** Where a backup's creation or restoration is (the client's BackupStatusEnum). */
type BackupStep = 'UNKNOWN' | 'INITIALIZED' | 'IN-PROGRESS' | 'COMPLETED' | 'FAILED' | 'CANCELED'

/** One creation or restoration's progress. */
export interface BackupProgress {
  readonly status: BackupStep
  readonly percentage: number
}

/** One backup as the backups part keeps it (its snapshot is the part `backup:<id>`). */
export interface BackupEntry {
  readonly id: string
  readonly created: string
  /** The bytes of its snapshot (the store's state file text). */
  readonly bytes: number
  readonly creation: BackupProgress
  readonly restoration: BackupProgress
}

/** The backups part's state. */
export interface BackupsState extends PartState {
  /** The backups, oldest first, at most {@link MAX_BACKUPS}. */
  readonly backups: readonly BackupEntry[]
  /** The ids of deleted backups (answered 410), the latest {@link MAX_GONE_BACKUPS}. */
  readonly gone: readonly string[]
  /** Set from the control plane: the next creation or restoration fails at 100 % with this reason. */
  readonly failNext: string | null
  readonly lastFailure: string | null
  /** The number of the last backup made (ids are `backup-<n>`). */
  readonly seq: number
}

/**
 * The most backups kept at once: a creation past it is refused until one is deleted.
 *
 * @example
 * state.backups.length <= MAX_BACKUPS
 */
export const MAX_BACKUPS = 8

/** How many deleted backup ids are remembered (to answer 410 rather than an unknown id). */
export const MAX_GONE_BACKUPS = 64

/**
 * The backup the service starts with: taken before anything was saved, so
 * restoring it empties the store (its snapshot is the empty store's).
 *
 * @example
 * await new BackupApi(configuration).backupSpecificBackupSnapshot({ backup: FIRST_BACKUP_ID })
 */
export const FIRST_BACKUP_ID = 'backup-1'

/** The part that holds the backups' list and progress. */
export const BACKUPS_PART = 'backups'

/**
 * The part that holds one backup's snapshot.
 *
 * @example
 * snapshotPartOf('backup-2') // 'backup:backup-2'
 */
export const snapshotPartOf = (id: string): string => `backup:${id}`

/**
 * Whether a machine part belongs to the backups (their list or a snapshot): a backup never holds backups.
 *
 * @example
 * isBackupPart('backup:backup-2') // true
 */
export const isBackupPart = (id: string): boolean => id === BACKUPS_PART || id.startsWith('backup:')

/**
 * The backups part after a reset: the first backup, complete, never restored.
 *
 * @example
 * readPart(store, BACKUPS_PART, INITIAL_BACKUPS).backups.length // 1
 */
export const INITIAL_BACKUPS: BackupsState = {
  backups: [
    {
      id: FIRST_BACKUP_ID,
      created: '2024-04-02T08:00:00.000Z',
      bytes: 0,
      creation: { status: 'COMPLETED', percentage: 100 },
      restoration: { status: 'UNKNOWN', percentage: 0 },
    },
  ],
  gone: [],
  failNext: null,
  lastFailure: null,
  seq: 1,
}
