import type { InstallerProduct } from '../../domain/machine/installers/installer-state.js'
import {
  defineOperation,
  type Operation,
  type OperationContext,
  type OperationResult,
} from '../define/define-operation.js'

/** What an installer operation does (the run modules' verbs). */
type InstallerVerb = 'install' | 'update' | 'uninstall' | 'cancel' | 'snapshot' | 'installs' | 'updates' | 'status'

/** Runs an installer verb from the module loaded on first call. */
const runVerb =
  (product: InstallerProduct, verb: InstallerVerb) =>
  async (context: OperationContext): Promise<OperationResult> =>
    (await import('./lazy-runs.js')).runInstaller(context, product, verb)

/** The literal paths of one runtime's installer operations. */
interface InstallerPaths {
  readonly install: string
  readonly installCancel: string
  readonly installSnapshot: string
  readonly installs: string
  readonly status: string
  readonly uninstall: string
  readonly update: string
  readonly updateCancel: string
  readonly updateSnapshot: string
  readonly updates: string
}

function installerOperations(product: InstallerProduct, paths: InstallerPaths): Operation[] {
  const post = (id: string, path: string, verb: InstallerVerb, body: 'none', identifier = false) =>
    defineOperation({
      id,
      method: 'POST',
      paths: [path],
      params: identifier ? { identifier: 'machinePart' } : {},
      body,
      run: runVerb(product, verb),
    })
  const get = (id: string, path: string, verb: InstallerVerb, identifier = false) =>
    defineOperation({
      id,
      method: 'GET',
      paths: [path],
      params: identifier ? { identifier: 'machinePart' } : {},
      live: true,
      run: runVerb(product, verb),
    })
  return [
    post(`${product}Install`, paths.install, 'install', 'none'),
    post(`${product}InstallCancel`, paths.installCancel, 'cancel', 'none', true),
    get(`${product}InstallSnapshot`, paths.installSnapshot, 'snapshot', true),
    get(`${product}InstallsSnapshot`, paths.installs, 'installs'),
    get(`${product}StatusCheck`, paths.status, 'status'),
    post(`${product}Uninstall`, paths.uninstall, 'uninstall', 'none'),
    post(`${product}Update`, paths.update, 'update', 'none'),
    post(`${product}UpdateCancel`, paths.updateCancel, 'cancel', 'none', true),
    get(`${product}UpdateSnapshot`, paths.updateSnapshot, 'snapshot', true),
    get(`${product}UpdatesSnapshot`, paths.updates, 'updates'),
  ]
}

/**
 * Ollama's installer (OllamaApi): install, update and uninstall with their
 * progress (paced like model downloads), each deployment read and cancelled
 * by its identifier, the installs and updates listed, and the status
 * (its stream is `/ollama/status/stream`).
 *
 * @example
 * routeTable() // holds these
 */
export const ollamaOperations: readonly Operation[] = installerOperations('ollama', {
  install: '/ollama/install',
  installCancel: '/ollama/install/:identifier/cancel',
  installSnapshot: '/ollama/install/:identifier',
  installs: '/ollama/installs',
  status: '/ollama/status',
  uninstall: '/ollama/uninstall',
  update: '/ollama/update',
  updateCancel: '/ollama/update/:identifier/cancel',
  updateSnapshot: '/ollama/update/:identifier',
  updates: '/ollama/updates',
})

/**
 * Foundry's installer (FoundryApi): the same state machine as Ollama's, in
 * its own part (`/foundry/status/stream` streams its status).
 *
 * @example
 * routeTable() // holds these
 */
export const foundryOperations: readonly Operation[] = installerOperations('foundry', {
  install: '/foundry/install',
  installCancel: '/foundry/install/:identifier/cancel',
  installSnapshot: '/foundry/install/:identifier',
  installs: '/foundry/installs',
  status: '/foundry/status',
  uninstall: '/foundry/uninstall',
  update: '/foundry/update',
  updateCancel: '/foundry/update/:identifier/cancel',
  updateSnapshot: '/foundry/update/:identifier',
  updates: '/foundry/updates',
})
