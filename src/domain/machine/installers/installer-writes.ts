import { MockServiceError } from '../../../errors.js'
import type { Store } from '../../../store/create-store.js'
import { writePart } from '../machine-part-state.js'
import { findDeployment, readInstaller } from './installer-reads.js'
import type { PacedJobs } from './paced-jobs.js'
import {
  MAX_DEPLOYMENTS,
  PRODUCT_NAMES,
  underWay,
  type Deployment,
  type DeploymentKind,
  type InstallerProduct,
  type InstallerState,
} from './installer-state.js'

const STEP = 10

/** Whether a deployment of this kind may start now; the deployment to answer instead when it need not. */
function refusal(state: InstallerState, product: InstallerProduct, kind: DeploymentKind): Deployment | undefined {
  const name = PRODUCT_NAMES[product]
  const current = underWay(state)
  if (current?.kind === kind) return current
  if (current) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `${name} is busy with an ${current.kind} (${current.id}, ${current.percentage} %). Wait for it or cancel it (POST /${product}/${current.kind === 'update' ? 'update' : 'install'}/${current.id}/cancel).`,
    )
  }
  if (kind === 'install' && state.installed !== null) {
    return [...state.deployments].reverse().find((deployment) => deployment.status === 'COMPLETED')
  }
  if (kind !== 'install' && state.installed === null) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `${name} is not installed, so there is nothing to ${kind}. Install it first (POST /${product}/install).`,
    )
  }
  return undefined
}

/**
 * Starts an install, update or uninstall: a new deployment at 0 %, stepped
 * by the paced jobs to 100 %, where it completes (or fails when the control
 * plane scripted a failure). An install of an installed runtime answers the
 * deployment that installed it; the same kind asked again answers the one
 * under way.
 *
 * @example
 * const deployment = await startDeployment(store, jobs, 'ollama', 'update')
 */
export async function startDeployment(
  store: Store,
  jobs: PacedJobs,
  product: InstallerProduct,
  kind: DeploymentKind,
): Promise<Deployment> {
  const started = await store.write((tx) => {
    const state = readInstaller(tx, product)
    const instead = refusal(state, product, kind)
    if (instead) return instead
    const deployment: Deployment = {
      id: `deployment-${state.seq + 1}`,
      kind,
      status: 'INITIALIZED',
      percentage: 0,
      version: kind === 'uninstall' ? (state.installed ?? state.latest) : state.latest,
      updated: tx.timestamp(),
    }
    const kept = state.deployments.slice(-(MAX_DEPLOYMENTS - 1))
    writePart(tx, product, { ...state, seq: state.seq + 1, deployments: [...kept, deployment] })
    return deployment
  })
  if (started.status === 'INITIALIZED' && !jobs.running(product)) {
    jobs.start(product, () => stepDeployment(store, product))
  }
  return started
}

/**
 * Advances the deployment under way by 10 %; at 100 % it completes (the
 * installed version changes) or fails with the scripted reason. Answers
 * whether nothing is under way any more.
 *
 * @example
 * while (!(await stepDeployment(store, 'ollama'))) {}
 */
function stepDeployment(store: Store, product: InstallerProduct): Promise<boolean> {
  return store.write((tx) => {
    const state = readInstaller(tx, product)
    const current = underWay(state)
    if (!current) return true
    const percentage = Math.min(100, current.percentage + STEP)
    const failed = percentage === 100 && state.failNext !== null
    const status = percentage < 100 ? 'IN-PROGRESS' : failed ? 'FAILED' : 'COMPLETED'
    const next: Deployment = { ...current, percentage, status, updated: tx.timestamp() }
    const installed = status !== 'COMPLETED' ? state.installed : current.kind === 'uninstall' ? null : current.version
    writePart(tx, product, {
      ...state,
      installed,
      failNext: failed ? null : state.failNext,
      lastFailure: failed ? state.failNext : state.lastFailure,
      deployments: state.deployments.map((deployment) => (deployment.id === current.id ? next : deployment)),
    })
    return percentage === 100
  })
}

/**
 * Cancels a deployment under way: it ends CANCELED and the installed version
 * stays as it was. A deployment already over is answered as it is.
 *
 * @example
 * await cancelDeployment(store, jobs, 'foundry', 'deployment-2')
 */
export async function cancelDeployment(
  store: Store,
  jobs: PacedJobs,
  product: InstallerProduct,
  id: string,
): Promise<Deployment> {
  const cancelled = await store.write((tx) => {
    const state = readInstaller(tx, product)
    const found = findDeployment(tx, product, id)
    if (found.status !== 'INITIALIZED' && found.status !== 'IN-PROGRESS') return found
    const next: Deployment = { ...found, status: 'CANCELED', updated: tx.timestamp() }
    writePart(tx, product, {
      ...state,
      deployments: state.deployments.map((deployment) => (deployment.id === id ? next : deployment)),
    })
    return next
  })
  if (cancelled.status === 'CANCELED') jobs.cancel(product)
  return cancelled
}
