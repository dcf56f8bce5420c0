import type { PartState } from '../machine-part-state.js'

/** The two local runtimes the service installs, each its own part: `ollama` and `foundry`. */
export type InstallerProduct = 'ollama' | 'foundry'

/** What a deployment does. */
export type DeploymentKind = 'install' | 'update' | 'uninstall'

/** Where a deployment is (the client's OllamaDeploymentStatusEnum and FoundryDeploymentStatusEnum). */
type DeploymentStatus = 'INITIALIZED' | 'IN-PROGRESS' | 'COMPLETED' | 'FAILED' | 'CANCELED'

/** One install, update or uninstall, as the installer part keeps it. */
export interface Deployment {
  readonly id: string
  readonly kind: DeploymentKind
  readonly status: DeploymentStatus
  readonly percentage: number
  /** The version it installs (install, update) or removes (uninstall). */
  readonly version: string
  readonly updated: string
}

/** An installer part's state. */
export interface InstallerState extends PartState {
  /** The version installed, or null when the runtime is not installed. */
  readonly installed: string | null
  /** The version an install or an update installs. */
  readonly latest: string
  /** Set from the control plane: the next install, update or uninstall fails at 100 % with this reason. */
  readonly failNext: string | null
  /** Why the last deployment failed, when it did. */
  readonly lastFailure: string | null
  /** The deployments, oldest first, at most {@link MAX_DEPLOYMENTS}. */
  readonly deployments: readonly Deployment[]
  /** The number of the last deployment made (ids are `deployment-<n>`). */
  readonly seq: number
}

/**
 * The most deployments an installer keeps (older ones are forgotten, never one under way).
 *
 * @example
 * state.deployments.length <= MAX_DEPLOYMENTS
 */
export const MAX_DEPLOYMENTS = 16

/**
 * The id of the install each runtime starts with (a completed install of an older version than the latest).
 *
 * @example
 * await new OllamaApi(configuration).ollamaInstallSnapshot({ identifier: FIRST_DEPLOYMENT_ID })
 */
export const FIRST_DEPLOYMENT_ID = 'deployment-1'

const STARTED_AT = '2024-04-02T08:00:00.000Z'

function initialOf(installed: string, latest: string): InstallerState {
  return {
    installed,
    latest,
    failNext: null,
    lastFailure: null,
    deployments: [
      {
        id: FIRST_DEPLOYMENT_ID,
        kind: 'install',
        status: 'COMPLETED',
        percentage: 100,
        version: installed,
        updated: STARTED_AT,
      },
    ],
    seq: 1,
  }
}

/**
 * Each installer's state after a reset: installed at an older version than
 * the latest, so an update is offered.
 *
 * @example
 * readPart(store, 'ollama', INITIAL_INSTALLERS.ollama).installed // '0.6.0'
 */
export const INITIAL_INSTALLERS: Readonly<Record<InstallerProduct, InstallerState>> = {
  ollama: initialOf('0.6.0', '0.6.5'),
  foundry: initialOf('0.3.0', '0.4.0'),
}

/**
 * The deployment under way, if any.
 *
 * @example
 * underWay(state)?.percentage // 40
 */
export function underWay(state: InstallerState): Deployment | undefined {
  return state.deployments.find(
    (deployment) => deployment.status === 'INITIALIZED' || deployment.status === 'IN-PROGRESS',
  )
}

/** The product's name in messages. */
export const PRODUCT_NAMES: Readonly<Record<InstallerProduct, string>> = { ollama: 'Ollama', foundry: 'Foundry' }
