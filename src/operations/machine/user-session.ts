import { connectCloud, disconnectCloud, signIn, signOut } from '../../domain/machine/user-session.js'
import { buildAllocationCloud } from '../../wire/records/allocation-cloud.js'
import { defineOperation, json, text, type Operation } from '../define/define-operation.js'
import { allocationInput, profileInput } from '../../domain/inputs/user-session-inputs.js'
import { parseBody, wireContext } from '../define/request-input.js'

/**
 * Signing in and out of the service (OSApi) and the signed-in user's cloud
 * (AllocationsApi). Each change rewrites the user record, so `/user/stream`
 * sends it (or, on sign-out, the frame that says no one is signed in).
 *
 * @example
 * routeTable() // holds these
 */
export const userSessionOperations: readonly Operation[] = [
  defineOperation({
    id: 'signIntoOS',
    method: 'POST',
    paths: ['/os/sign_in'],
    params: {},
    body: 'none',
    async run(context) {
      const wire = wireContext(context)
      const user = await context.store.write((tx) => signIn(tx))
      return json(wire.render('user', user))
    },
  }),
  defineOperation({
    id: 'signOutOfOS',
    method: 'POST',
    paths: ['/os/sign_out'],
    params: {},
    body: 'none',
    async run(context) {
      await context.store.write((tx) => signOut(tx))
      // The users still signed in: none.
      return json({ iterable: [] })
    },
  }),
  defineOperation({
    id: 'allocationsConnectNewCloud',
    method: 'POST',
    paths: ['/allocations/connect'],
    params: {},
    async run(context) {
      const profile = parseBody(profileInput, context.request.body, 'UserProfile')
      const wire = wireContext(context)
      const user = await context.store.write((tx) => connectCloud(tx, profile?.id))
      return json(buildAllocationCloud(user, user.allocation!, wire))
    },
  }),
  defineOperation({
    id: 'allocationsDisconnectCloud',
    method: 'POST',
    paths: ['/allocations/disconnect'],
    params: {},
    async run(context) {
      const allocation = parseBody(allocationInput, context.request.body, 'AllocationCloud')
      const user = await context.store.write((tx) => disconnectCloud(tx, allocation?.id))
      return text(user.allocation!.id)
    },
  }),
]
