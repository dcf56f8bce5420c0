import type { Deployment, InstallerState } from './installer-state.js'
import { underWay } from './installer-state.js'

/**
 * A deployment as the client's OllamaDeployment / FoundryDeployment.
 *
 * @example
 * deploymentWire(state.deployments[0]!) // { id: 'deployment-1', status: 'COMPLETED', percentage: 100, version: '0.6.0', … }
 */
export function deploymentWire(deployment: Deployment) {
  return {
    id: deployment.id,
    status: deployment.status,
    percentage: deployment.percentage,
    version: deployment.version,
    updated: { value: deployment.updated },
    userManaged: false,
  }
}

/**
 * The installer's status as the client's OllamaStatus / FoundryStatus: the
 * installation (or the uninstall under way), the install or update under way,
 * and the update offered while the installed version is not the latest.
 *
 * @example
 * installerStatusWire(state).updateRequired?.version // '0.6.5'
 */
export function installerStatusWire(state: InstallerState) {
  const current = underWay(state)
  const installedBy = [...state.deployments]
    .reverse()
    .find((deployment) => deployment.status === 'COMPLETED' && deployment.kind !== 'uninstall')
  const installation =
    current?.kind === 'uninstall'
      ? deploymentWire(current)
      : state.installed !== null && installedBy && deploymentWire({ ...installedBy, version: state.installed })
  return {
    ...(installation && { installation }),
    ...(current?.kind === 'install' && { installing: deploymentWire(current) }),
    ...(current?.kind === 'update' && { updating: deploymentWire(current) }),
    ...(state.installed !== null &&
      state.installed !== state.latest && {
        updateRequired: {
          id: `${state.latest}-available`,
          status: 'INITIALIZED',
          percentage: 0,
          version: state.latest,
          userManaged: false,
        },
      }),
    recommendation: { inference: state.installed !== null },
  }
}
