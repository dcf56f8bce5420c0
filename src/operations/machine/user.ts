import { signedInUser } from '../../domain/machine/connection-writes.js'
import { userProfileInput } from '../../domain/inputs/service-seeds.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { readRecord, requireBody } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'

/**
 * The signed-in user and the users the service knows (UserApi, UsersApi).
 * The first user record is the signed-in one; with none, `GET /user`
 * answers a ReturnedUserProfile without a user, as a signed-out service does.
 *
 * @example
 * routeTable() // holds these
 */
export const userOperations: readonly Operation[] = [
  defineOperation({
    id: 'userSnapshot',
    method: 'GET',
    paths: ['/user'],
    params: {},
    run(context) {
      const wire = wireContext(context)
      const user = signedInUser(context.store)
      return json(user ? { user: wire.render('user', user) } : {})
    },
  }),
  defineOperation({
    id: 'updateUser',
    method: 'POST',
    paths: ['/user/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'UserProfile')
      const input = parseBody(userProfileInput, context.request.body, 'UserProfile')
      const wire = wireContext(context)
      const user = await context.store.write((tx) =>
        tx.update('user', input.id, (draft) => {
          draft.aesthetics = {
            theme: { dark: input.aesthetics.theme.dark },
            font: { size: input.aesthetics.font.size },
          }
          for (const field of ['name', 'email', 'username', 'vanityname', 'picture'] as const) {
            if (input[field] !== undefined) draft[field] = input[field]
          }
        }),
      )
      return json(wire.render('user', user))
    },
  }),
  defineOperation({
    id: 'usersSnapshot',
    method: 'GET',
    paths: ['/users'],
    params: {},
    run(context) {
      const wire = wireContext(context)
      return json({ iterable: Array.from(context.store.all('user'), (record) => wire.render('user', record)) })
    },
  }),
  defineOperation({
    id: 'usersSpecificUserSnapshot',
    method: 'GET',
    paths: ['/users/:user'],
    params: { user: 'user' },
    run(context) {
      const wire = wireContext(context)
      return json(wire.render('user', readRecord(context, 'user', 'user')))
    },
  }),
]
