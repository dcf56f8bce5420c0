import type { AppletType } from '../../domain/machine/os-parts/applets-part.js'
import type { OsState } from '../../domain/machine/os-state.js'
import { machineOf } from './machine-context.js'
import { defineOperation, json, noContent, type Operation, type OperationContext } from '../define/define-operation.js'
import {
  filePickerInput,
  inactiveAppletInput,
  osPermissionsInput,
  uncheckedUpdateInput,
} from '../../domain/inputs/os-inputs.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody } from '../define/request-input.js'

/**
 * The OS state of the service that runs an operation.
 *
 * @example
 * osOf(context).permissions()
 */
export function osOf(context: OperationContext): OsState {
  return machineOf(context).os
}

/** The applet a launch or restart names, answered as the ActiveOSServerApplet on the port it answers on. */
async function launchApplet(context: OperationContext) {
  requireBody(context.request.body, 'InactiveOSServerApplet')
  const { type } = parseBody(inactiveAppletInput, context.request.body, 'InactiveOSServerApplet')
  const port = await osOf(context).launchApplet(type as AppletType)
  return json({ port, type, handler: { type: 'LOCAL_SERVER', isFolder: false, isAsset: true } })
}

/** The OSPermissions answer: what the machine grants. */
function permissionsAnswer(os: OsState) {
  const { vision, accessibility } = os.permissions()
  return json({ processing: { vision, accessibility } })
}

/** Paths a picker answers, filtered as the dialog would: by extension, and one unless several are allowed. */
function picked(paths: readonly string[], allowedExtensions?: readonly string[], allowMultiple = true): string[] {
  const wanted = allowedExtensions?.length
    ? new Set(allowedExtensions.map((ext) => ext.replace(/^\./, '').toLowerCase()))
    : undefined
  const kept = wanted
    ? paths.filter((path) => wanted.has(path.slice(path.lastIndexOf('.') + 1).toLowerCase()))
    : [...paths]
  return allowMultiple ? kept : kept.slice(0, 1)
}

/**
 * The OS's own routes (OSApi): launching applets on their ports, the
 * machine's permissions, the update check, the file pickers a test scripts,
 * and restarting or terminating the service (every WebSocket client is
 * closed with 1012 and may connect again at once; HTTP and every record stay).
 *
 * @example
 * routeTable() // holds these
 */
export const osOperations: readonly Operation[] = [
  defineOperation({
    id: 'osAppletLaunch',
    method: 'POST',
    paths: ['/os/applet/launch'],
    params: {},
    run: launchApplet,
  }),
  defineOperation({
    id: 'osAppletRestart',
    method: 'POST',
    paths: ['/os/applet/restart'],
    params: {},
    run: launchApplet,
  }),
  defineOperation({
    id: 'osPermissions',
    method: 'GET',
    paths: ['/os/permissions'],
    params: {},
    live: true,
    run: (context) => permissionsAnswer(osOf(context)),
  }),
  defineOperation({
    id: 'osPermissionsRequest',
    method: 'POST',
    paths: ['/os/permissions/request'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'OSPermissions')
      const { processing } = parseBody(osPermissionsInput, context.request.body, 'OSPermissions')
      const os = osOf(context)
      // The user grants what is asked for; a permission asked as false is left as it is.
      await os.setPermissions({
        ...(processing?.vision && { vision: true }),
        ...(processing?.accessibility && { accessibility: true }),
      })
      return permissionsAnswer(os)
    },
  }),
  defineOperation({
    id: 'osUpdateCheck',
    method: 'POST',
    paths: ['/os/update/check'],
    params: {},
    run(context) {
      parseBody(uncheckedUpdateInput, context.request.body, 'UncheckedOSServerUpdate')
      const { status, percentage } = osOf(context).update()
      return json({ status, ...(percentage !== undefined && { percentage }) })
    },
  }),
  defineOperation({
    id: 'osFilesystemPickFiles',
    method: 'POST',
    paths: ['/os/filesystem/files/pick'],
    params: {},
    async run(context) {
      const input = parseBody(filePickerInput, context.request.body, 'FilePickerInput')
      return json(picked(await osOf(context).pick('files'), input?.allowedExtensions, input?.allowMultiple))
    },
  }),
  defineOperation({
    id: 'osFilesystemPickFolders',
    method: 'POST',
    paths: ['/os/filesystem/folders/pick'],
    params: {},
    body: 'none',
    run: async (context) => json(await osOf(context).pick('folders')),
  }),
  defineOperation({
    id: 'osRestart',
    method: 'GET',
    paths: ['/os/restart'],
    params: {},
    live: true,
    async run(context) {
      await osOf(context).restart('restart')
      return noContent()
    },
  }),
  defineOperation({
    id: 'osTerminate',
    method: 'POST',
    paths: ['/os/terminate'],
    params: {},
    body: 'none',
    async run(context) {
      await osOf(context).restart('terminate')
      return noContent()
    },
  }),
]
