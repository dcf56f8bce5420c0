import {
  BackupApi,
  BackupsApi,
  BackupStatusToJSON,
  BackupStreamedProgressToJSON,
  BackupsToJSON,
  BackupToJSON,
  Configuration,
  TagsApi,
  type Backup,
  type BackupsStreamedProgress,
  type BackupStatus,
  type BackupStreamedProgress,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_BACKUP_ID, MAX_BACKUPS } from '../../src/domain/machine/backups/backup-state.js'
import { streamRuntimes, type StreamRuntime, type TestSocket } from '../events/stream-runtimes.js'
import { checkModel } from './check-model.js'
import { callAndCheck, failure } from './client-call.js'

/*
 * A backup is a snapshot of the store: created with progress, listed, read,
 * restored (its records come back), each step cancelled mid-way or failed as
 * the control plane scripts it, deleted (410 after). Both runtimes, through
 * the official client, the progress over the WebSocket streams.
 */

describe.each(streamRuntimes)('backups through the official client, $name', ({ start }) => {
  let mock: StreamRuntime
  const sockets: TestSocket[] = []
  const configuration = () => new Configuration({ basePath: mock.baseUrl })
  const backup = () => new BackupApi(configuration())
  const backups = () => new BackupsApi(configuration())
  const tags = () => new TagsApi(configuration())
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${mock.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, text: await response.text() }
  }
  const setPace = (paceMs: number) => post('/__mock/downloads/pace', { paceMs })
  const open = async <F>(path: string) => {
    const client = mock.open<F>(`${mock.baseUrl.replace(/^http/, 'ws')}${path}`)
    sockets.push(client.socket)
    await client.opened
    return client.frames
  }
  const create = async () =>
    (await callAndCheck(backups().backupsCreateNewBackupRaw({ seededBackup: {} }), 'Backup', BackupToJSON)).value
  const creationStatus = async (id: string) =>
    (await callAndCheck(backup().backupSpecificCreationStatusRaw({ backup: id }), 'BackupStatus', BackupStatusToJSON))
      .value
  const restorationStatus = async (id: string): Promise<BackupStatus> =>
    (
      await callAndCheck(
        backup().backupSpecificRestorationStatusRaw({ backup: id }),
        'BackupStatus',
        BackupStatusToJSON,
      )
    ).value
  const progressOf = (frame: BackupsStreamedProgress, id: string, list: 'backups' | 'restorations') =>
    frame[list]?.find((progress) => progress.backup?.id === id)

  beforeAll(async () => {
    mock = await start({ downloadPaceMs: 0 })
  })
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close()
    await setPace(0)
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('lists the backup the service starts with', async () => {
    const { value } = await callAndCheck(backups().backupsSnapshotRaw(), 'Backups', BackupsToJSON)
    expect(value.iterable.map((entry) => entry.id)).toEqual([FIRST_BACKUP_ID])
    expect((await creationStatus(FIRST_BACKUP_ID)).value).toBe('COMPLETED')
  })

  it('creates a backup in 10 % steps on the progress stream, and restoring it brings a deleted tag back', async () => {
    const frames = await open<BackupsStreamedProgress>('/backups/streamed/progress')
    expect(checkModel(await frames.next(), 'BackupsStreamedProgress')).toEqual([])
    const created = await create()
    expect(created.bytes).toBeGreaterThan(0)
    const done = await frames.next((frame) => progressOf(frame, created.id, 'backups')?.status === 'COMPLETED')
    expect(checkModel(done, 'BackupsStreamedProgress')).toEqual([])
    const steps = frames.frames.flatMap((frame) => progressOf(frame, created.id, 'backups')?.percentage ?? [])
    expect(steps).toContain(50)

    const [tag] = (await tags().tagsSnapshot({})).iterable
    await tags().tagsDeleteSpecificTag({ tag: tag!.id })
    expect(mock.service.store.get('tag', tag!.id)).toBeUndefined()

    const restoring = await callAndCheck(
      backup().backupRestoreSpecificBackupStreamedRaw({ backup: created.id, backup2: created }),
      'BackupStreamedProgress',
      BackupStreamedProgressToJSON,
    )
    expect(restoring.value.status).toBe('INITIALIZED')
    await frames.next((frame) => progressOf(frame, created.id, 'restorations')?.status === 'COMPLETED')
    expect((await tags().tagsSnapshot({})).iterable.map((found) => found.id)).toContain(tag!.id)
    expect((await restorationStatus(created.id)).value).toBe('COMPLETED')
    // The backups outlive the restore.
    const { value } = await callAndCheck(backups().backupsSnapshotRaw(), 'Backups', BackupsToJSON)
    expect(value.iterable.map((entry) => entry.id)).toEqual([FIRST_BACKUP_ID, created.id])
  })

  it('streams the latest creation on /backups/create/streamed/websocket', async () => {
    const frames = await open<BackupStreamedProgress>('/backups/create/streamed/websocket')
    expect((await frames.next()).backup?.id).toBe(FIRST_BACKUP_ID)
    const { value } = await callAndCheck(
      backups().backupsCreateNewBackupStreamedRaw({ seededBackup: {} }),
      'BackupStreamedProgress',
      BackupStreamedProgressToJSON,
    )
    const last = await frames.next((frame) => frame.backup?.id === value.backup?.id && frame.status === 'COMPLETED')
    expect(checkModel(last, 'BackupStreamedProgress')).toEqual([])
  })

  it('cancels a creation mid-way: CANCELED, and the backup cannot be restored', async () => {
    await setPace(60_000)
    const created = await create()
    await backup().backupSpecificCreationCancel({ backup: created.id })
    expect((await creationStatus(created.id)).value).toBe('CANCELED')
    const refused = await failure(backup().backupRestoreSpecificBackup({ backup: created.id }))
    expect(refused.text).toContain('CANCELED')
  })

  it('cancels a restoration mid-way: the store keeps its records', async () => {
    await setPace(60_000)
    const before = mock.service.store.count('tag')
    const restoring = await callAndCheck(
      backup().backupRestoreSpecificBackupRaw({ backup: FIRST_BACKUP_ID }),
      'Backup',
      BackupToJSON,
    )
    expect(restoring.value.id).toBe(FIRST_BACKUP_ID)
    const progress = await backup().backupRestoreSpecificBackupStreamedWebsocket({ backup: FIRST_BACKUP_ID })
    expect(progress.status).toBe('INITIALIZED')
    await backup().backupSpecificRestorationCancel({ backup: FIRST_BACKUP_ID })
    expect((await restorationStatus(FIRST_BACKUP_ID)).value).toBe('CANCELED')
    expect(mock.service.store.count('tag')).toBe(before)
  })

  it('fails the next creation as the control plane scripts it', async () => {
    const frames = await open<BackupsStreamedProgress>('/backups/streamed/progress')
    await frames.next()
    expect((await post('/__mock/machine/backups', { failNext: 'disk full' })).status).toBe(200)
    const created = await create()
    await frames.next((frame) => progressOf(frame, created.id, 'backups')?.status === 'FAILED')
    const state = await fetch(`${mock.baseUrl}/__mock/machine/backups`).then((response) => response.json())
    expect(state).toMatchObject({ failNext: null, lastFailure: 'disk full' })
  })

  it('deletes a backup: it answers 410 after, and its snapshot is let go', async () => {
    const created = await create()
    await backups().backupsDeleteSpecificBackup({ backup: created.id })
    const gone = await failure(backup().backupSpecificBackupSnapshot({ backup: created.id }))
    expect(gone.status).toBe(410)
    expect(mock.service.store.get('machinePart', `backup:${created.id}`)).toBeUndefined()
  })

  it(`keeps at most ${MAX_BACKUPS} backups, refusing one more and changing nothing`, async () => {
    const frames = await open<BackupsStreamedProgress>('/backups/streamed/progress')
    await frames.next()
    let last: Backup | undefined
    for (let count = 1; count < MAX_BACKUPS; count++) last = await create()
    await frames.next((frame) => progressOf(frame, last!.id, 'backups')?.status === 'COMPLETED')
    const refused = await failure(backups().backupsCreateNewBackup({ seededBackup: {} }))
    expect(refused.text).toContain(`at most ${MAX_BACKUPS}`)
    expect((await backups().backupsSnapshot()).iterable).toHaveLength(MAX_BACKUPS)
  })

  it('backs up from POST /backup and /backup/asset too', async () => {
    await backup().backup({ assets: { iterable: [] } })
    await backup().backupAsset({})
    expect((await backups().backupsSnapshot()).iterable).toHaveLength(3)
  })
})
