import { connectApplication, signedInUser } from '../../domain/machine/connection-writes.js'
import { applicationUpdateInput, seededConnectorConnectionInput } from '../../domain/inputs/service-seeds.js'
import { toConnectionContext } from '../../wire/records/connection-context.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { readRecord, requireBody } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'

/**
 * How a client connects (ConnectorApi `connect`) and the applications that
 * did (ApplicationsApi, ApplicationApi): `POST /connect` registers the
 * application, or finds the one of the same name, version and platform, and
 * answers the Context every later call is made in.
 *
 * @example
 * routeTable() // holds these
 */
export const connectionOperations: readonly Operation[] = [
  defineOperation({
    id: 'connect',
    method: 'POST',
    paths: ['/connect'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededConnectorConnection')
      const seed = parseBody(seededConnectorConnectionInput, context.request.body, 'SeededConnectorConnection')
      const wire = wireContext(context)
      const application = await context.store.write((tx) => connectApplication(tx, seed))
      const user = signedInUser(context.store)
      return json(
        toConnectionContext(
          context.service,
          wire.render('application', application),
          user && wire.render('user', user),
        ),
      )
    },
  }),
  defineOperation({
    id: 'applicationsSnapshot',
    method: 'GET',
    paths: ['/applications'],
    params: {},
    run(context) {
      const wire = wireContext(context)
      return json({
        iterable: Array.from(context.store.all('application'), (record) => wire.render('application', record)),
      })
    },
  }),
  defineOperation({
    id: 'applicationsSpecificApplicationSnapshot',
    method: 'GET',
    paths: ['/applications/:application'],
    params: { application: 'application' },
    run(context) {
      const wire = wireContext(context)
      return json(wire.render('application', readRecord(context, 'application', 'application')))
    },
  }),
  defineOperation({
    id: 'applicationUpdate',
    method: 'POST',
    paths: ['/application/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Application')
      const input = parseBody(applicationUpdateInput, context.request.body, 'Application')
      const wire = wireContext(context)
      const application = await context.store.write((tx) =>
        tx.update('application', input.id, (draft) => {
          draft.name = input.name
          draft.version = input.version
          draft.platform = input.platform
          draft.onboarded = input.onboarded
          draft.privacy = input.privacy
          if (input.capabilities !== undefined) draft.capabilities = input.capabilities
          if (input.mechanism !== undefined) draft.mechanism = input.mechanism
          if (input.automaticUnload !== undefined) draft.automaticUnload = input.automaticUnload
        }),
      )
      return json(wire.render('application', application))
    },
  }),
]
