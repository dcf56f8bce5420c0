import type { Store } from '../../store/create-store.js'
import type { ApplicationRecord, UserRecord } from '../../store/schemas/schemas.js'
import type { Transaction } from '../../store/transaction/transaction.js'
import type { SeededConnectorConnectionInput } from '../inputs/service-seeds.js'

/**
 * Registers the application a `POST /connect` names, or finds it: an
 * application of the same name, version and platform that connected before
 * is the same record (the real service hands a connector its id back).
 *
 * @example
 * const application = await store.write((tx) => connectApplication(tx, { application: { name: 'VS_CODE', version: '2.4.0', platform: 'MACOS' } }))
 */
export function connectApplication(tx: Transaction, seed: SeededConnectorConnectionInput): ApplicationRecord {
  const { name, version, platform } = seed.application
  for (const application of tx.all('application')) {
    if (application.name === name && application.version === version && application.platform === platform) {
      return application
    }
  }
  const now = tx.timestamp()
  return tx.insertBuilt('application', {
    id: tx.id(),
    name,
    version,
    platform,
    onboarded: false,
    privacy: seed.application.privacy ?? 'OPEN',
    ...(seed.application.capabilities && { capabilities: seed.application.capabilities }),
    ...(seed.application.automaticUnload !== undefined && { automaticUnload: seed.application.automaticUnload }),
    created: now,
    updated: now,
  })
}

/**
 * The user signed in to the service: the first user the store holds that
 * has not signed out, or undefined for a signed-out service.
 *
 * @example
 * const user = signedInUser(store) // GET /user answers { user } or {}
 */
export function signedInUser(store: Pick<Store, 'all'>): UserRecord | undefined {
  for (const user of store.all('user')) if (user.signedIn) return user
  return undefined
}
