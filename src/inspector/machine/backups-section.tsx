import type { BackupEntry, BackupsState } from '../../control/api/machine/machine-views.js'
import { formatInstant } from '../format.js'
import { FailNextForm } from './fail-next-form.js'
import { PartList, PartSection } from './part-section.js'
import type { SetterProps } from './setter-props.js'

/**
 * The backups: each with its size, creation and restoration; the deleted
 * ones counted; its setter scripts the next creation or restoration to fail.
 *
 * @example
 * <BackupsSection backups={machine.backups} setter={setterIn('backups')} />
 */
export function BackupsSection({ backups, setter }: { backups: BackupsState; setter: SetterProps }) {
  return (
    <PartSection
      name="backups"
      title="Backups"
      raw={backups}
      setter={<FailNextForm {...setter} setter="backups" what="creation or restoration" failNext={backups.failNext} />}
    >
      <PartList
        label="backups made"
        empty="No backup made."
        items={[...backups.backups].reverse()}
        render={(backup) => <BackupLine backup={backup} />}
      />
      {backups.gone.length > 0 && <p class="cam-note">{backups.gone.length} deleted (their reads answer 410).</p>}
      {backups.lastFailure !== null && <p class="cam-bad">Last failure: {backups.lastFailure}</p>}
    </PartSection>
  )
}

/** One backup: id, when, size, and where its creation and restoration are. */
function BackupLine({ backup }: { backup: BackupEntry }) {
  const restored = backup.restoration.status !== 'UNKNOWN'
  return (
    <>
      <span class="cam-id">{backup.id}</span> {formatInstant(backup.created)} · {backup.bytes.toLocaleString('en-US')}{' '}
      bytes · created: {backup.creation.status}, {backup.creation.percentage} %
      {restored && ` · restored: ${backup.restoration.status}, ${backup.restoration.percentage} %`}
    </>
  )
}
