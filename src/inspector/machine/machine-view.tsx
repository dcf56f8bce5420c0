import { inScope } from '../action-error.js'
import { useLoad } from '../live/use-load.js'
import type { ViewProps } from '../view-props.js'
import { ApplicationsSection, SharingSection, SignInSection } from './accounts-sections.js'
import { BackupsSection } from './backups-section.js'
import { InstallerSection } from './installer-section.js'
import { DeviceSection, FilesSection, OpensSection, PatternEngineSection, SettingsSection } from './os-sections.js'
import { OsStateSection } from './os-state-section.js'
import type { SetterProps } from './setter-props.js'

/**
 * The machine the mock plays: one section per part (settings, device, file
 * system, opens, pattern engine, the OS state (permissions, update, pickers,
 * applets, long-term memory), installers, backups, sign-in, applications,
 * distributions and keys), each readable at a glance with its raw JSON
 * behind a disclosure, set where the control plane has a setter, and read
 * again whenever a part changes.
 *
 * @example
 * <MachineView {...props} />
 */
export function MachineView({ connection, live, act }: ViewProps) {
  const machine = useLoad(() => connection.machine(), [connection, live.machineVersion])
  if (!machine) return <div class="cam-col cam-wide cam-note">Loading…</div>
  // A section's setter runs in the section's scope: its error shows in that section.
  const setterIn = (scope: string): SetterProps => ({ connection, act: inScope(act, scope) })
  const { os, accounts, installers, backups } = machine
  return (
    <div class="cam-col cam-wide cam-steer cam-machine">
      <SettingsSection settings={os.settings} setter={setterIn('settings')} />
      <InstallerSection product="ollama" state={installers.ollama} setter={setterIn('ollama')} />
      <InstallerSection product="foundry" state={installers.foundry} setter={setterIn('foundry')} />
      <BackupsSection backups={backups} setter={setterIn('backups')} />
      <SignInSection accounts={accounts} setter={setterIn('sign-in')} />
      <ApplicationsSection accounts={accounts} setter={setterIn('applications')} />
      <FilesSection files={os.files} setter={setterIn('file system')} />
      <OpensSection opens={os.opens} setter={setterIn('opens')} />
      <DeviceSection device={os.device} />
      <PatternEngineSection os={os} />
      <OsStateSection os={os} />
      <SharingSection accounts={accounts} />
    </div>
  )
}
