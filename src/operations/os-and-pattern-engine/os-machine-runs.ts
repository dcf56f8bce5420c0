import { z } from 'zod'
import { signedInUser } from '../../domain/machine/connection-writes.js'
import {
  DEVICE_INFORMATION,
  INSTALLATION_PATH,
  linkExternalProvider,
  optimizeMemory,
  prepareNanoModels,
} from '../../domain/machine/os-parts/device-part.js'
import { readSettings, updateSettings } from '../../domain/machine/os-parts/settings-part.js'
import type { AppletType } from '../../domain/machine/os-parts/applets-part.js'
import { MockServiceError } from '../../errors.js'
import { buildVisionStatus } from '../../wire/records/vision-status.js'
import { json, noContent, text, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'
import { machineOf } from '../machine/machine-context.js'

const settingsInput = z.object({ autoboot: z.boolean().optional() }).loose()
const nanoModelsInput = z
  .object({ tasks: z.object({ conversation: z.boolean().optional() }).optional() })
  .loose()
  .optional()
const terminatingAppletInput = z.object({ type: z.string().max(64) }).loose()
const providerInput = z.object({ type: z.string().min(1).max(64) }).loose()

/** `GET /os/settings`: the settings (OSServerSettings). */
export function settingsSnapshot(context: OperationContext): OperationResult {
  return json(readSettings(context.store))
}

/** `POST /os/settings/update`: the fields sent replace theirs; answers the settings as they are now. */
export async function settingsUpdate(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'OSServerSettings')
  const change = parseBody(settingsInput, context.request.body, 'OSServerSettings')
  return json(await context.store.write((tx) => updateSettings(tx, change)))
}

/** `GET /os/device/information`: the device, the same every time (OSDeviceInformationReturnable). */
export function deviceInformation(): OperationResult {
  return json(DEVICE_INFORMATION)
}

/** How many live records of a kind the store holds. */
function countOf(context: OperationContext, kind: Parameters<OperationContext['store']['all']>[0]): number {
  let count = 0
  for (const _ of context.store.all(kind)) count++
  return count
}

/** `GET /os/metadata`: totals counted from the store (OSServerMetadata), with long-term memory's status. */
export function osMetadata(context: OperationContext): OperationResult {
  const count = (kind: Parameters<OperationContext['store']['all']>[0]) => countOf(context, kind)
  const totals = {
    ...{ assets: count('asset'), tags: count('tag'), websites: count('website'), persons: count('person') },
    ...{ sensitives: count('sensitive'), shares: count('share'), copilot_sends: 0, copilot_receives: 0 },
    ...{ copilot_sessions: 0, copilot_conversations: count('conversation'), productivity_score: 0, searches: 0 },
    ...{ references: 0, reuses: 0, anchor_files: 0, anchor_folders: 0, isr_reports: 0 },
    workstream_events: count('workstreamEvent'),
    workstream_summaries: count('workstreamSummary'),
    workstream_pattern_engine_sources: count('source'),
    workstream_pattern_engine_status: buildVisionStatus(machineOf(context).vision.state(), wireContext(context)),
  }
  return json({ totals })
}

/** `POST /os/memory/optimize`: counted in the `device` part; 204. */
export async function memoryOptimize(context: OperationContext): Promise<OperationResult> {
  await context.store.write((tx) => optimizeMemory(tx))
  return noContent()
}

/** `POST /os/nano_models/prepare`: the tasks asked for are prepared (the `device` part); 204. */
export async function nanoModelsPrepare(context: OperationContext): Promise<OperationResult> {
  const input = parseBody(nanoModelsInput, context.request.body, 'NanoModelsPreparationInput')
  await context.store.write((tx) => prepareNanoModels(tx, input?.tasks ?? {}))
  return noContent()
}

/** `POST /os/applet/terminate`: the applet stops running, its port closed (terminating one not running changes nothing); 204. */
export async function appletTerminate(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'TerminatingOSServerApplet')
  const { type } = parseBody(terminatingAppletInput, context.request.body, 'TerminatingOSServerApplet')
  await machineOf(context).os.terminateApplet(type as AppletType)
  return noContent()
}

/** `POST /os/link_provider`: links the provider to the signed-in user (ReturnedUserProfile); refused when no one is signed in. */
export async function linkProvider(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'SeededExternalProvider')
  const { type } = parseBody(providerInput, context.request.body, 'SeededExternalProvider')
  const user = signedInUser(context.store)
  if (!user) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      'Failed to link an external provider: no user is signed in. Sign in first (POST /os/sign_in).',
    )
  }
  const wire = wireContext(context)
  await context.store.write((tx) => linkExternalProvider(tx, type))
  return json({ user: wire.render('user', user) })
}

/** `GET /.well-known/installation/path`: where the service is installed, as text. */
export function installationPath(): OperationResult {
  return text(INSTALLATION_PATH)
}
