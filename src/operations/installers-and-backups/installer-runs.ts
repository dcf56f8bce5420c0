import type { InstallerProduct } from '../../domain/machine/installers/installer-state.js'
import { deploymentWire, installerStatusWire } from '../../domain/machine/installers/installer-wire.js'
import { findDeployment, readInstaller } from '../../domain/machine/installers/installer-reads.js'
import { cancelDeployment, startDeployment } from '../../domain/machine/installers/installer-writes.js'
import { json, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { pathId } from '../define/request-input.js'
import { machineOf } from '../machine/machine-context.js'

/**
 * Runs one installer operation of Ollama or Foundry (loaded on its first call).
 *
 * @example
 * await runInstaller(context, 'ollama', 'install')
 */
export async function runInstaller(
  context: OperationContext,
  product: InstallerProduct,
  verb: 'install' | 'update' | 'uninstall' | 'cancel' | 'snapshot' | 'installs' | 'updates' | 'status',
): Promise<OperationResult> {
  const { store } = context
  switch (verb) {
    case 'install':
    case 'update':
    case 'uninstall': {
      return json(deploymentWire(await startDeployment(store, machineOf(context).jobs, product, verb)))
    }
    case 'cancel':
      return json(
        deploymentWire(await cancelDeployment(store, machineOf(context).jobs, product, pathId(context, 'identifier'))),
      )
    case 'snapshot':
      return json(deploymentWire(findDeployment(store, product, pathId(context, 'identifier'))))
    case 'installs':
    case 'updates': {
      const kinds = verb === 'installs' ? ['install', 'uninstall'] : ['update']
      const { deployments } = readInstaller(store, product)
      return json({
        iterable: deployments.filter((deployment) => kinds.includes(deployment.kind)).map(deploymentWire),
      })
    }
    case 'status':
      return json(installerStatusWire(readInstaller(store, product)))
  }
}
