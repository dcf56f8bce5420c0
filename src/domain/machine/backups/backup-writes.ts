import { MockServiceError } from '../../../errors.js'
import { parseState, serializeState } from '../../../persistence/persisted-state.js'
import type { Store, StoreSnapshot } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import type { PacedJobs } from '../installers/paced-jobs.js'
import { writePart } from '../machine-part-state.js'
import { findBackup, readBackups } from './backup-reads.js'
import {
  BACKUPS_PART,
  isBackupPart,
  MAX_BACKUPS,
  MAX_GONE_BACKUPS,
  snapshotPartOf,
  type BackupEntry,
  type BackupProgress,
  type BackupsState,
} from './backup-state.js'

const STEP = 10
const underWay = (progress: BackupProgress) => progress.status === 'INITIALIZED' || progress.status === 'IN-PROGRESS'

/** The store's state without the backups' own parts: what a backup holds. */
function backedUp(snapshot: StoreSnapshot): StoreSnapshot {
  const parts = snapshot.records.machinePart ?? []
  const gone = snapshot.gone.machinePart ?? []
  return {
    records: { ...snapshot.records, machinePart: parts.filter((part) => !isBackupPart(part.id)) },
    gone: { ...snapshot.gone, machinePart: gone.filter((id) => !isBackupPart(id)) },
  }
}

/** Stages the backups part with one backup changed. */
function withEntry(tx: Transaction, state: BackupsState, id: string, change: (entry: BackupEntry) => BackupEntry) {
  writePart(tx, BACKUPS_PART, {
    ...state,
    backups: state.backups.map((entry) => (entry.id === id ? change(entry) : entry)),
  })
}

/**
 * Creates a backup: the store's records are taken at once (as a `--persist`
 * state file, without the backups themselves), and the creation steps from
 * 0 to 100 % at the download pace. Refused past {@link MAX_BACKUPS}.
 *
 * @example
 * const entry = await startCreation(store, jobs)
 */
export async function startCreation(store: Store, jobs: PacedJobs): Promise<BackupEntry> {
  const text = serializeState(backedUp(store.snapshot()))
  const entry = await store.write((tx) => {
    const state = readBackups(tx)
    if (state.backups.length >= MAX_BACKUPS) {
      throw new MockServiceError(
        'INVALID_REQUEST',
        `The mock keeps at most ${MAX_BACKUPS} backups. Delete one first (POST /backups/{backup}/delete).`,
      )
    }
    const created: BackupEntry = {
      id: `backup-${state.seq + 1}`,
      created: tx.timestamp(),
      bytes: new TextEncoder().encode(text).length,
      creation: { status: 'INITIALIZED', percentage: 0 },
      restoration: { status: 'UNKNOWN', percentage: 0 },
    }
    writePart(tx, snapshotPartOf(created.id), { text })
    writePart(tx, BACKUPS_PART, { ...state, seq: state.seq + 1, backups: [...state.backups, created] })
    return created
  })
  jobs.start(`create:${entry.id}`, () => stepCreation(store, entry.id))
  return entry
}

/** Advances a creation by 10 %; at 100 % it completes, or fails (its snapshot let go) when a failure was scripted. */
function stepCreation(store: Store, id: string): Promise<boolean> {
  return store.write((tx) => {
    const state = readBackups(tx)
    const entry = state.backups.find((candidate) => candidate.id === id)
    if (!entry || !underWay(entry.creation)) return true
    const percentage = Math.min(100, entry.creation.percentage + STEP)
    const failed = percentage === 100 && state.failNext !== null
    if (failed) tx.remove('machinePart', snapshotPartOf(id))
    const status = percentage < 100 ? 'IN-PROGRESS' : failed ? 'FAILED' : 'COMPLETED'
    const next = failed ? { ...state, failNext: null, lastFailure: state.failNext } : state
    withEntry(tx, next, id, (found) => ({ ...found, creation: { status, percentage } }))
    return percentage === 100
  })
}

/**
 * Cancels a creation under way: it ends CANCELED and its snapshot is let go.
 * A creation already over is left as it is.
 *
 * @example
 * await cancelCreation(store, jobs, 'backup-2')
 */
export async function cancelCreation(store: Store, jobs: PacedJobs, id: string): Promise<BackupEntry> {
  const entry = await store.write((tx) => {
    const state = readBackups(tx)
    const found = findBackup(tx, id)
    if (!underWay(found.creation)) return found
    tx.remove('machinePart', snapshotPartOf(id))
    const next = { ...found, creation: { ...found.creation, status: 'CANCELED' as const } }
    withEntry(tx, state, id, () => next)
    return next
  })
  jobs.cancel(`create:${id}`)
  return entry
}

/**
 * Starts restoring a complete backup; at 100 % its records replace the
 * store's (the backups stay as they are). One restoration at a time.
 *
 * @example
 * await startRestoration(store, jobs, 'backup-2')
 */
export async function startRestoration(store: Store, jobs: PacedJobs, id: string): Promise<BackupEntry> {
  const entry = await store.write((tx) => {
    const state = readBackups(tx)
    const found = findBackup(tx, id)
    if (underWay(found.restoration)) return found
    if (found.creation.status !== 'COMPLETED') {
      throw new MockServiceError(
        'INVALID_REQUEST',
        `Backup ${id} cannot be restored: its creation is ${found.creation.status}. Restore a complete backup (GET /backups lists them; GET /backup/${id}/creation/status says where this one is).`,
      )
    }
    const other = state.backups.find((candidate) => underWay(candidate.restoration))
    if (other) {
      throw new MockServiceError(
        'INVALID_REQUEST',
        `Backup ${other.id} is being restored. Wait for it or cancel it (POST /backup/${other.id}/restoration/cancel).`,
      )
    }
    const next = { ...found, restoration: { status: 'INITIALIZED' as const, percentage: 0 } }
    withEntry(tx, state, id, () => next)
    return next
  })
  jobs.start(`restore:${id}`, () => stepRestoration(store, id))
  return entry
}

/** Advances a restoration by 10 %; at 100 % the backup's records replace the store's, or it fails as scripted. */
async function stepRestoration(store: Store, id: string): Promise<boolean> {
  const { done, restore } = await store.write((tx) => {
    const state = readBackups(tx)
    const entry = state.backups.find((candidate) => candidate.id === id)
    if (!entry || !underWay(entry.restoration)) return { done: true, restore: false }
    const percentage = Math.min(100, entry.restoration.percentage + STEP)
    if (percentage < 100 || state.failNext !== null) {
      const failed = percentage === 100
      const next = failed ? { ...state, failNext: null, lastFailure: state.failNext } : state
      const status = failed ? 'FAILED' : 'IN-PROGRESS'
      withEntry(tx, next, id, (found) => ({ ...found, restoration: { status, percentage } }))
      return { done: failed, restore: false }
    }
    return { done: true, restore: true }
  })
  if (restore) await restoreRecords(store, id)
  return done
}

/** Replaces the store's records with a backup's, keeping the backups (this one's restoration complete). */
async function restoreRecords(store: Store, id: string): Promise<void> {
  const current = store.snapshot()
  const snapshotPart = store.get('machinePart', snapshotPartOf(id))
  const text = snapshotPart?.state.text
  const restored = typeof text === 'string' ? parseState(text, `backup ${id}`) : { records: {}, gone: {} }
  const state = readBackups(store)
  const backups: BackupsState = {
    ...state,
    backups: state.backups.map((entry) =>
      entry.id === id ? { ...entry, restoration: { status: 'COMPLETED', percentage: 100 } } : entry,
    ),
  }
  const now = store.clock.now().toISOString()
  const kept = (current.records.machinePart ?? [])
    .filter((part) => isBackupPart(part.id) && part.id !== BACKUPS_PART)
    .concat([{ id: BACKUPS_PART, created: now, updated: now, state: backups as Record<string, unknown> }])
  await store.replaceAll(
    { ...restored.records, machinePart: [...(restored.records.machinePart ?? []), ...kept] },
    restored.gone,
  )
}

/**
 * Cancels a restoration under way: the store keeps its records. One already over is left as it is.
 *
 * @example
 * await cancelRestoration(store, jobs, 'backup-2')
 */
export async function cancelRestoration(store: Store, jobs: PacedJobs, id: string): Promise<BackupEntry> {
  const entry = await store.write((tx) => {
    const state = readBackups(tx)
    const found = findBackup(tx, id)
    if (!underWay(found.restoration)) return found
    const next = { ...found, restoration: { ...found.restoration, status: 'CANCELED' as const } }
    withEntry(tx, state, id, () => next)
    return next
  })
  jobs.cancel(`restore:${id}`)
  return entry
}

/**
 * Deletes a backup and its snapshot (a creation or restoration under way stops): it answers 410 from then on.
 *
 * @example
 * await deleteBackup(store, jobs, 'backup-2')
 */
export async function deleteBackup(store: Store, jobs: PacedJobs, id: string): Promise<void> {
  await store.write((tx) => {
    const state = readBackups(tx)
    findBackup(tx, id)
    if (tx.get('machinePart', snapshotPartOf(id))) tx.remove('machinePart', snapshotPartOf(id))
    writePart(tx, BACKUPS_PART, {
      ...state,
      backups: state.backups.filter((entry) => entry.id !== id),
      gone: [...state.gone, id].slice(-MAX_GONE_BACKUPS),
    })
  })
  jobs.cancel(`create:${id}`)
  jobs.cancel(`restore:${id}`)
}
