import { MockServiceError } from '../../../errors.js'
import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The provider keys part's name. */
const PROVIDER_KEYS_PART = 'provider-keys'

/**
 * A user's external provider key as the service keeps it: never the key,
 * only its length and last four characters, so no answer, journal, snapshot
 * or persisted file can give it back.
 */
export interface RedactedKey {
  readonly user: string
  readonly provider: 'openAI'
  readonly name?: string
  /** `…` and the key's last four characters. */
  readonly hint: string
  readonly length: number
  readonly organization?: string
  readonly updated: string
}

interface ProviderKeysState extends Record<string, unknown> {
  /** One key per user and provider: bounded by the users the service knows. */
  readonly keys: readonly RedactedKey[]
}

/** What a create or update sends for the OpenAI key. */
export interface KeyInput {
  readonly apiKey?: string | undefined
  readonly apiKeyName?: string | undefined
  readonly organizationKey?: string | undefined
}

/**
 * The keys the service keeps, redacted.
 *
 * @example
 * readProviderKeys(store).keys
 */
export function readProviderKeys(reader: Store | Transaction): ProviderKeysState {
  return readPart(reader as Store, PROVIDER_KEYS_PART, { keys: [] })
}

/**
 * Stores a user's OpenAI key, redacted (`POST /external_provider/api_key/create`
 * creates or replaces, `…/update` changes an existing one): the key itself is
 * dropped here and never kept.
 *
 * @example
 * await store.write((tx) => putProviderKey(tx, user.id, { apiKey: 'sk-…' }, 'create'))
 */
export function putProviderKey(tx: Transaction, user: string, input: KeyInput, mode: 'create' | 'update'): RedactedKey {
  requireUser(tx, user)
  const state = readProviderKeys(tx)
  const existing = state.keys.find((key) => key.user === user)
  if (mode === 'update' && !existing) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `User "${user}" has no OpenAI key to update. Create one first (POST /external_provider/api_key/create).`,
    )
  }
  const apiKey = input.apiKey ?? (mode === 'update' ? undefined : '')
  if (mode === 'create' && (apiKey === undefined || apiKey === '')) {
    throw new MockServiceError('INVALID_REQUEST', 'Send the OpenAI key to store in open_AI.api_key.')
  }
  const key: RedactedKey = {
    user,
    provider: 'openAI',
    ...((input.apiKeyName ?? existing?.name) !== undefined && { name: input.apiKeyName ?? existing?.name }),
    hint: apiKey ? `…${apiKey.slice(-4)}` : existing!.hint,
    length: apiKey ? apiKey.length : existing!.length,
    ...(input.organizationKey !== undefined
      ? { organization: `…${input.organizationKey.slice(-4)}` }
      : existing?.organization !== undefined && { organization: existing.organization }),
    updated: tx.timestamp(),
  }
  writePart(tx, PROVIDER_KEYS_PART, { keys: [...state.keys.filter((held) => held.user !== user), key] })
  return key
}

/**
 * Deletes a user's OpenAI key (`POST /external_provider/api_key/delete`); a
 * user without one is refused.
 *
 * @example
 * await store.write((tx) => deleteProviderKey(tx, user.id))
 */
export function deleteProviderKey(tx: Transaction, user: string): void {
  requireUser(tx, user)
  const state = readProviderKeys(tx)
  if (!state.keys.some((key) => key.user === user)) {
    throw new MockServiceError('INVALID_REQUEST', `User "${user}" has no OpenAI key to delete.`)
  }
  writePart(tx, PROVIDER_KEYS_PART, { keys: state.keys.filter((key) => key.user !== user) })
}

function requireUser(tx: Transaction, user: string): void {
  if (!tx.get('user', user)) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `No user with id "${user.slice(0, 80)}". Send an id GET /users lists.`,
    )
  }
}
