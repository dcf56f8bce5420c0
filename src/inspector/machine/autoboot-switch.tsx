import type { SetterProps } from './setter-props.js'

/**
 * The settings' setter: autoboot as a switch (`POST /__mock/machine/settings`).
 * It keeps the focus as it turns; what it shows is the part as last read.
 *
 * @example
 * <AutobootSwitch connection={connection} act={act} autoboot={settings.autoboot} />
 */
export function AutobootSwitch({ connection, act, autoboot }: SetterProps & { autoboot: boolean }) {
  return (
    <div class="cam-form">
      <button
        class="cam-switch"
        role="switch"
        aria-checked={autoboot}
        onClick={() => act(() => connection.setMachine('settings', { autoboot: !autoboot }))}
      >
        <span class="cam-knob" aria-hidden="true" />
        autoboot
      </button>
      <span class="cam-note" aria-hidden="true">
        {autoboot ? 'on' : 'off'}
      </span>
    </div>
  )
}
