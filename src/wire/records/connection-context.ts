import type { Application, Context, Health, UserProfile } from '@pieces.app/pieces-os-client'
import type { ServiceInfo } from '../../domain/machine/service-info.js'
import type { Wire } from '../wire-types.js'

/** The service's Health: its instance id and version. */
function toHealth(service: ServiceInfo): Wire<Health> {
  return { os: { id: service.os, version: service.version } }
}

/**
 * The Context `POST /connect` answers: the connected application, the
 * service's id and health, and the signed-in user when there is one.
 *
 * @example
 * json(toConnectionContext(context.service, wire.render('application', application), user && wire.render('user', user)))
 */
export function toConnectionContext(
  service: ServiceInfo,
  application: Wire<Application>,
  user: Wire<UserProfile> | undefined,
): Wire<Context> {
  const context: Wire<Context> = { os: service.os, application, health: toHealth(service) }
  if (user) context.user = user
  return context
}
