import type { OsParts } from '../../control/api/machine/machine-views.js'
import { PartList, PartSection } from './part-section.js'

/**
 * The OS state a test scripts with the `/__mock/os` routes: the permissions granted, the
 * update status, the picker answers waiting, the applets launched and running
 * (with their ports) and whether long-term memory is on.
 *
 * @example
 * <OsStateSection os={os} />
 */
export function OsStateSection({
  os,
}: {
  os: Pick<OsParts, 'permissions' | 'update' | 'pickers' | 'applets' | 'longTermMemory'>
}) {
  const { permissions, update, pickers, applets, longTermMemory } = os
  const granted = (on: boolean | undefined) => (on ? 'granted' : 'withheld')
  const running = Object.entries(applets?.running ?? {})
  return (
    <PartSection name="os state" title="Permissions, update, pickers, applets" raw={os}>
      {permissions && (
        <p>
          Vision {granted(permissions.vision)}, accessibility {granted(permissions.accessibility)}.
        </p>
      )}
      {update && (
        <p>
          Update: {update.status.toLowerCase().replaceAll('_', ' ')}
          {update.percentage !== undefined && ` (${update.percentage} %)`}.
        </p>
      )}
      {longTermMemory && <p>Long-term memory is {longTermMemory.activation ? 'on' : 'off'}.</p>}
      <h3>Picker answers waiting</h3>
      <PartList
        label="picker answers"
        empty="No picker answer scripted: a picker answers nothing picked."
        items={[
          ...(pickers?.files ?? []).map((paths) => `files: ${paths.join(', ') || 'nothing picked'}`),
          ...(pickers?.folders ?? []).map((paths) => `folders: ${paths.join(', ') || 'nothing picked'}`),
        ]}
        render={(answer) => answer}
      />
      <h3>Applets</h3>
      <PartList
        label="running applets"
        empty={
          applets?.launched.length ? `None running; launched: ${applets.launched.join(', ')}.` : 'No applet launched.'
        }
        items={running}
        render={([type, port]) => `${type} on port ${port}`}
      />
    </PartSection>
  )
}
