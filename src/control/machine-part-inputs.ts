import type { DeviceInput } from '../domain/machine/os-parts/device-part.js'
import type { OpensInput } from '../domain/machine/os-parts/opens-part.js'
import type { PatternEngineInput } from '../domain/machine/os-parts/pattern-engine-part.js'
import type { SignInInput } from '../domain/machine/accounts/sign-in-setter.js'

/** What an installer's control route is sent: the fields to replace. */
interface InstallerInput {
  readonly installed?: string | null
  readonly latest?: string
  readonly failNext?: string | null
}

/**
 * The body each settable part of the machine takes on
 * `POST /__mock/machine/<part>` (docs/machine.md says what each sets).
 *
 * @example
 * const body: MachinePartInputs['device'] = { linkedProviders: ['github'] }
 */
export interface MachinePartInputs {
  readonly settings: { readonly autoboot: boolean }
  readonly files: { readonly files?: Readonly<Record<string, string>>; readonly directories?: readonly string[] }
  readonly 'pattern-engine': PatternEngineInput
  readonly opens: OpensInput
  readonly device: DeviceInput
  readonly 'sign-in': SignInInput
  readonly 'installers/ollama': InstallerInput
  readonly 'installers/foundry': InstallerInput
  readonly backups: { readonly failNext: string | null }
  readonly 'accounts/external-applications': ReadonlyArray<{ readonly name: string; readonly version?: string }>
}

/**
 * The parts of the machine `GET /__mock/machine/<part>` answers.
 *
 * @example
 * const part: MachinePartName = 'sign-in'
 */
export type MachinePartName =
  'os' | 'accounts' | 'installers' | 'backups' | 'pattern-engine' | 'opens' | 'device' | 'sign-in'
