import type { OsParts } from '../../control/api/machine/machine-views.js'
import { formatInstant } from '../format.js'
import { PartList, PartSection } from './part-section.js'
import type { SetterProps } from './setter-props.js'
import { AutobootSwitch } from './autoboot-switch.js'
import { AddFileForm } from './add-file-form.js'
import { ClearOpensButton } from './clear-opens-button.js'

/**
 * The OS's settings: autoboot as a switch the control plane sets.
 *
 * @example
 * <SettingsSection settings={os.settings} setter={setterIn('settings')} />
 */
export function SettingsSection({ settings, setter }: { settings: OsParts['settings']; setter: SetterProps }) {
  return (
    <PartSection
      name="settings"
      title="Settings"
      raw={settings}
      setter={<AutobootSwitch {...setter} autoboot={settings.autoboot} />}
    >
      <p class="cam-note">Start Pieces OS when the machine starts:</p>
    </PartSection>
  )
}

/**
 * The device: memory optimizations run, nano models on or off, linked providers.
 *
 * @example
 * <DeviceSection device={os.device} />
 */
export function DeviceSection({ device }: { device: OsParts['device'] }) {
  const models = Object.entries(device.nanoModels)
  return (
    <PartSection name="device" title="Device" raw={device}>
      <p>Memory optimized {device.memoryOptimizations === 1 ? 'once' : `${device.memoryOptimizations} times`}.</p>
      <PartList
        label="nano models"
        empty="No nano model set."
        items={models}
        render={([name, on]) => `${name}: ${on ? 'on' : 'off'}`}
      />
      <PartList
        label="linked providers"
        empty="No provider linked."
        items={device.linkedProviders}
        render={(provider) => provider}
      />
    </PartSection>
  )
}

/**
 * The virtual file tree the OS routes read, as a list of paths; a file is added from the form.
 *
 * @example
 * <FilesSection files={os.files} setter={setterIn('files')} />
 */
export function FilesSection({ files, setter }: { files: OsParts['files']; setter: SetterProps }) {
  const paths = [
    ...files.directories.map((path) => ({ path: `${path.replace(/\/$/, '')}/`, size: undefined })),
    ...Object.entries(files.files).map(([path, text]) => ({ path, size: text.length })),
  ].sort((a, b) => a.path.localeCompare(b.path))
  return (
    <PartSection name="file system" title="File system" raw={files} setter={<AddFileForm {...setter} tree={files} />}>
      <PartList
        label="paths"
        empty="The file tree is empty."
        items={paths}
        render={({ path, size }) => (
          <>
            <span class="cam-id">{path}</span>
            {size !== undefined && <span class="cam-note"> {size.toLocaleString('en-US')} chars</span>}
          </>
        )}
      />
    </PartSection>
  )
}

/**
 * What apps asked the OS to open or show: recorded, never performed.
 *
 * @example
 * <OpensSection opens={os.opens} />
 */
export function OpensSection({ opens, setter }: { opens: OsParts['opens']; setter: SetterProps }) {
  return (
    <PartSection name="opens" title="Opens and notifications" raw={opens} setter={<ClearOpensButton {...setter} />}>
      <h3>URLs</h3>
      <PartList
        label="opened URLs"
        empty="No URL opened."
        items={opens.urls}
        render={(open) => (
          <>
            <span class="cam-id">{open.url}</span>
            <span class="cam-note">
              {open.valid ? '' : ' (refused: not a valid URL)'} at {formatInstant(open.at)}
            </span>
          </>
        )}
      />
      <h3>Files</h3>
      <PartList
        label="opened files"
        empty="No file opened."
        items={opens.files}
        render={(open) => (
          <>
            <span class="cam-id">{open.path}</span>
            <span class="cam-note">
              {' '}
              ({open.found === 'none' ? 'not found' : open.found}) at {formatInstant(open.at)}
            </span>
          </>
        )}
      />
      <h3>Notifications</h3>
      <PartList
        label="notifications shown"
        empty="No notification shown."
        items={opens.notifications}
        render={(shown) => (
          <>
            <strong>{shown.title ?? '(no title)'}</strong> {shown.message ?? ''}
            <span class="cam-note"> at {formatInstant(shown.at)}</span>
          </>
        )}
      />
    </PartSection>
  )
}

/**
 * The pattern engine (vision calibrations), suggestions and the connector's reports.
 *
 * @example
 * <PatternEngineSection os={os} />
 */
export function PatternEngineSection({ os }: { os: Pick<OsParts, 'patternEngine' | 'suggestions' | 'connector'> }) {
  const { patternEngine, suggestions, connector } = os
  const counts = (record: Readonly<Record<string, number>>) => Object.entries(record)
  return (
    <PartSection name="pattern engine" title="Pattern engine and suggestions" raw={os}>
      <h3>Vision calibrations</h3>
      <PartList
        label="calibrations"
        empty="No calibration captured."
        items={patternEngine.calibrations}
        render={(calibration) => `${calibration.foreground} at ${formatInstant(calibration.captured)}`}
      />
      <h3>Suggestions</h3>
      <p>
        Refreshed {suggestions.refreshes === 1 ? 'once' : `${suggestions.refreshes} times`}
        {suggestions.query !== undefined && `, last for “${suggestions.query}”`}.
      </p>
      <h3>Connector</h3>
      <PartList
        label="tracked events"
        empty="No event tracked."
        items={[
          ...counts(connector.tracked),
          ...counts(connector.reactions).map(([name, n]) => [`reaction ${name}`, n] as const),
        ]}
        render={([name, count]) => `${name}: ${count}`}
      />
    </PartSection>
  )
}
