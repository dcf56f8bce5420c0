import { MockServiceError } from '../../../errors.js'
import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart } from '../machine-part-state.js'
import {
  INITIAL_INSTALLERS,
  PRODUCT_NAMES,
  type Deployment,
  type InstallerProduct,
  type InstallerState,
} from './installer-state.js'

/**
 * An installer's state as stored (its initial state since the last reset).
 *
 * @example
 * readInstaller(store, 'foundry').installed // '0.3.0'
 */
export function readInstaller(reader: Store | Transaction, product: InstallerProduct): InstallerState {
  return readPart(reader, product, INITIAL_INSTALLERS[product])
}

/**
 * One deployment by its id, or NOT_FOUND naming the ids there are.
 *
 * @example
 * findDeployment(store, 'ollama', 'deployment-1').status // 'COMPLETED'
 */
export function findDeployment(reader: Store | Transaction, product: InstallerProduct, id: string): Deployment {
  const state = readInstaller(reader, product)
  const found = state.deployments.find((deployment) => deployment.id === id)
  if (found) return found
  throw new MockServiceError(
    'NOT_FOUND',
    `${PRODUCT_NAMES[product]} has no deployment ${JSON.stringify(id)}. Its deployments are ${state.deployments.map((deployment) => deployment.id).join(', ')} (GET /${product}/installs, /${product}/updates).`,
  )
}
