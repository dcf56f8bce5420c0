import type { BackupEntry, BackupsState } from '../../../domain/machine/backups/backup-state.js'
import type {
  Deployment,
  InstallerProduct,
  InstallerState,
} from '../../../domain/machine/installers/installer-state.js'
import type { ConnectorState } from '../../../domain/machine/os-parts/connector-part.js'
import type { Applets } from '../../../domain/machine/os-parts/applets-part.js'
import type { VisionState } from '../../../domain/machine/os-parts/long-term-memory-part.js'
import type { Permissions } from '../../../domain/machine/os-parts/permissions-part.js'
import type { PickerAnswers } from '../../../domain/machine/os-parts/pickers-part.js'
import type { UpdateState } from '../../../domain/machine/os-parts/update-part.js'
import type { DeviceState } from '../../../domain/machine/os-parts/device-part.js'
import type { FileTree } from '../../../domain/machine/os-parts/file-system-part.js'
import type { Opens } from '../../../domain/machine/os-parts/opens-part.js'
import type { PatternEngineState } from '../../../domain/machine/os-parts/pattern-engine-part.js'
import type { Settings } from '../../../domain/machine/os-parts/settings-part.js'
import type { SuggestionsState } from '../../../domain/machine/os-parts/suggestions-part.js'
import type { ExternalApplication, StoredSession } from '../../../domain/machine/accounts/applications-part.js'
import type { StoredDistribution } from '../../../domain/machine/accounts/distributions-part.js'
import type { RedactedKey } from '../../../domain/machine/accounts/provider-keys.js'
import type { IssuedToken } from '../../../domain/machine/accounts/sign-in-part.js'

/*
 * What the machine's control routes answer and which setters they have, as types: what the
 * inspector reads of the machine (it reads the control plane's types, never the store's).
 */

export type { BackupEntry, BackupsState, Deployment, ExternalApplication, InstallerProduct, InstallerState }

/** What `GET /__mock/machine/os` answers: the OS's parts. */
export interface OsParts {
  readonly settings: Settings
  readonly device: DeviceState
  readonly files: FileTree
  readonly opens: Opens
  readonly patternEngine: PatternEngineState
  readonly suggestions: SuggestionsState
  readonly connector: ConnectorState
  /** The OS state set with the `/__mock/os` routes; absent from a mock that predates it. */
  readonly permissions?: Permissions
  readonly update?: UpdateState
  readonly pickers?: PickerAnswers
  readonly applets?: Applets
  readonly longTermMemory?: VisionState
}

/** A user the service knows, as `GET /__mock/machine/accounts` lists it. */
interface UserShown {
  readonly id: string
  readonly name?: string
  readonly email?: string
  readonly signedIn: boolean
  readonly allocation?: string
}

/** What `GET /__mock/machine/accounts` answers: sign-in, applications, distributions, keys, betas, users. */
export interface AccountParts {
  readonly signIn: {
    readonly challenge?: { readonly state: string; readonly method: string }
    readonly result?: { readonly code: string; readonly state: string }
    readonly tokens: readonly IssuedToken[]
    readonly usedCodes: number
    readonly logout?: { readonly returnTo?: string; readonly clientId?: string; readonly at: string }
  }
  readonly applications: {
    readonly sessions: readonly StoredSession[]
    readonly external: readonly ExternalApplication[]
  }
  readonly distributions: readonly StoredDistribution[]
  readonly providerKeys: readonly RedactedKey[]
  readonly beta: readonly { readonly user: string }[]
  /** Absent from a mock that predates it. */
  readonly users?: readonly UserShown[]
}

/**
 * The whole machine as the control plane shows it (`GET /__mock/machine/os`,
 * `/accounts`, `/installers` and `/backups`), read at once.
 */
export interface MachineState {
  readonly os: OsParts
  readonly accounts: AccountParts
  readonly installers: { readonly ollama: InstallerState; readonly foundry: InstallerState }
  readonly backups: BackupsState
}

/**
 * A setter of the control plane, as the path under `/__mock/machine/` it is
 * posted to: each section's setter posts its body to one of them.
 */
export type MachineSetter =
  | 'settings'
  | 'files'
  | 'installers/ollama'
  | 'installers/foundry'
  | 'backups'
  | 'accounts/external-applications'
  | 'sign-in'
  | 'opens'
