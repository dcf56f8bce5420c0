import {
  closeSession,
  openSession,
  readApplicationsPart,
  relatedApplications,
  type ExternalApplication,
  type StoredSession,
} from '../../domain/machine/accounts/applications-part.js'
import { connectApplication } from '../../domain/machine/connection-writes.js'
import { capabilitiesInput, sessionIdInput } from '../../domain/inputs/accounts/account-inputs.js'
import { applicationUpdateInput } from '../../domain/inputs/service-seeds.js'
import type { WireContext } from '../../wire/wire-types.js'
import { json, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'

/*
 * The run bodies of the application operations (applications.ts), loaded on their first call.
 */

/** POST /applications/register: the application registered, or the one already registered answered. */
export async function applicationsRegister(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'Application')
  const input = parseBody(applicationUpdateInput, context.request.body, 'Application')
  const application = await context.store.write((tx) => {
    const known = tx.get('application', input.id)
    if (known) return known
    return connectApplication(tx, {
      application: {
        name: input.name,
        version: input.version,
        platform: input.platform,
        privacy: input.privacy,
        ...(input.capabilities !== undefined && { capabilities: input.capabilities }),
        ...(input.automaticUnload !== undefined && { automaticUnload: input.automaticUnload }),
      },
    })
  })
  return json(wireContext(context).render('application', application))
}

/** POST /applications/session/open: a new open session. */
export async function applicationsSessionOpen(context: OperationContext): Promise<OperationResult> {
  const session = await context.store.write((tx) => openSession(tx))
  return json(sessionOf(session, wireContext(context)))
}

/** POST /applications/session/close: an open session closed. */
export async function applicationsSessionClose(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'string')
  const id = parseBody(sessionIdInput, context.request.body, 'string')
  const session = await context.store.write((tx) => closeSession(tx, id))
  return json(sessionOf(session, wireContext(context)))
}

/** POST /applications/update/capabilities: every application given the capabilities. */
export async function applicationsBulkUpdateCapabilities(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'ApplicationsBulkUpdateCapabilitiesInput')
  const { capabilities } = parseBody(capabilitiesInput, context.request.body, 'ApplicationsBulkUpdateCapabilitiesInput')
  const applications = await context.store.write((tx) =>
    [...tx.all('application')].map((application) =>
      application.capabilities === capabilities
        ? application
        : tx.update('application', application.id, (draft) => {
            draft.capabilities = capabilities
          }),
    ),
  )
  const wire = wireContext(context)
  return json({ iterable: applications.map((application) => wire.render('application', application)) })
}

/** GET /applications/external: the applications detected on the machine. */
export function applicationsExternalSnapshot(context: OperationContext): OperationResult {
  return json(detected(readApplicationsPart(context.store).external))
}

/** GET /applications/external/related: the detected applications Pieces integrates with. */
export function applicationsExternalRelated(context: OperationContext): OperationResult {
  return json(detected(relatedApplications(readApplicationsPart(context.store).external)))
}

function detected(applications: readonly ExternalApplication[]) {
  return { iterable: applications.map((application) => ({ ...application })) }
}

function sessionOf(session: StoredSession, wire: WireContext) {
  return {
    id: session.id,
    opened: wire.timestamp(session.opened),
    ...(session.closed !== undefined && { closed: wire.timestamp(session.closed) }),
  }
}
