import { useState } from 'preact/hooks'
import type { Deployment, InstallerProduct, InstallerState } from '../../control/api/machine/machine-views.js'
import { formatInstant } from '../format.js'
import { FailNextForm } from './fail-next-form.js'
import { PartList, PartSection } from './part-section.js'
import type { SetterProps } from './setter-props.js'

const NAMES: Readonly<Record<InstallerProduct, string>> = { ollama: 'Ollama', foundry: 'Foundry' }

/**
 * An installer (Ollama or Foundry): what is installed, the latest version,
 * the deployment under way or the last one with its progress, the
 * deployments kept; its setters set the versions and script a failure.
 *
 * @example
 * <InstallerSection product="ollama" state={installers.ollama} setter={setterIn('ollama')} />
 */
export function InstallerSection({
  product,
  state,
  setter,
}: {
  product: InstallerProduct
  state: InstallerState
  setter: SetterProps
}) {
  const name = NAMES[product]
  const last = state.deployments.at(-1)
  return (
    <PartSection
      name={product}
      title={name}
      raw={state}
      setter={
        <>
          <VersionsForm {...setter} product={product} />
          <FailNextForm
            {...setter}
            setter={`installers/${product}`}
            what={`${name} deployment`}
            failNext={state.failNext}
          />
        </>
      }
    >
      <p aria-label={`${product} status`}>
        {state.installed === null ? 'Not installed' : `Installed ${state.installed}`} · latest {state.latest}
        {state.installed !== null && state.installed !== state.latest && ' · update available'}
      </p>
      {last && <DeploymentProgress product={product} deployment={last} />}
      {state.lastFailure !== null && <p class="cam-bad">Last failure: {state.lastFailure}</p>}
      <PartList
        label={`${product} deployments`}
        empty="No deployment."
        items={[...state.deployments].reverse()}
        render={(deployment) => (
          <>
            {deploymentLine(deployment)}
            <span class="cam-note"> · {formatInstant(deployment.updated)}</span>
          </>
        )}
      />
    </PartSection>
  )
}

/** The last deployment with a progress bar. */
function DeploymentProgress({ product, deployment }: { product: InstallerProduct; deployment: Deployment }) {
  return (
    <p class="cam-progress">
      <span>{deploymentLine(deployment)}</span>
      <progress max={100} value={deployment.percentage} aria-label={`${product} ${deployment.kind} progress`} />
    </p>
  )
}

/** "update to 0.6.5: IN-PROGRESS, 40 %". */
function deploymentLine(deployment: Deployment): string {
  const to = deployment.kind === 'uninstall' ? `of ${deployment.version}` : `to ${deployment.version}`
  return `${deployment.kind} ${to}: ${deployment.status}, ${deployment.percentage} %`
}

/**
 * The installer's versions setter: the version installed (`none` for not
 * installed) and the latest one; a field left empty stays as it is.
 */
function VersionsForm({ connection, act, product }: SetterProps & { product: InstallerProduct }) {
  const [installed, setInstalled] = useState('')
  const [latest, setLatest] = useState('')
  return (
    <form
      class="cam-form"
      onSubmit={(event) => {
        event.preventDefault()
        const body = {
          ...(installed.trim() !== '' && { installed: installed.trim() === 'none' ? null : installed.trim() }),
          ...(latest.trim() !== '' && { latest: latest.trim() }),
        }
        act(async () => {
          await connection.setMachine(`installers/${product}`, body)
          setInstalled('')
          setLatest('')
        })
      }}
    >
      <input
        aria-label={`${product} installed version`}
        placeholder="installed (none)"
        maxLength={64}
        value={installed}
        onInput={(event) => setInstalled(event.currentTarget.value)}
      />
      <input
        aria-label={`${product} latest version`}
        placeholder="latest"
        maxLength={64}
        value={latest}
        onInput={(event) => setLatest(event.currentTarget.value)}
      />
      <button type="submit" aria-label={`set versions of ${product}`}>
        Set versions
      </button>
    </form>
  )
}
