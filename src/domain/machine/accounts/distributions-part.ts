import { MockServiceError } from '../../../errors.js'
import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'
import { opaque } from './pkce-codes.js'

/** The distributions part's name. */
const DISTRIBUTIONS_PART = 'distributions'

/** The most distributions the service keeps. */
const MAX_DISTRIBUTIONS = 100

/** The most recipients one mail distribution names. */
const MAX_RECIPIENTS = 50

/** A gist a distribution published (recorded, never sent to GitHub). */
interface Gist {
  readonly public: boolean
  readonly description?: string
  readonly name: string
  readonly githubId: string
  readonly url: string
}

/** A distribution as the service keeps it: a share sent by mail or published as a gist. */
export interface StoredDistribution {
  readonly id: string
  readonly share: string
  readonly created: string
  readonly updated: string
  readonly mailgun?: { readonly recipients: readonly unknown[] }
  readonly github?: { readonly gist?: Gist }
}

interface DistributionsState extends Record<string, unknown> {
  readonly items: readonly StoredDistribution[]
}

/** What a create or an update sends: how the share goes out. */
export interface DistributionInput {
  readonly mailgun?: { readonly recipients: { readonly iterable: readonly unknown[] } } | undefined
  readonly github?:
    | {
        readonly gist?:
          { readonly public: boolean; readonly description?: string | undefined; readonly name: string } | undefined
      }
    | undefined
}

/**
 * The distributions the service keeps.
 *
 * @example
 * readDistributions(store).items
 */
export function readDistributions(reader: Store | Transaction): DistributionsState {
  return readPart(reader as Store, DISTRIBUTIONS_PART, { items: [] })
}

/**
 * One distribution, refused (NOT_FOUND) when the service has none of that id.
 *
 * @example
 * requireDistribution(store, id).share
 */
export function requireDistribution(reader: Store | Transaction, id: string): StoredDistribution {
  const found = readDistributions(reader).items.find((item) => item.id === id)
  if (!found) {
    throw new MockServiceError(
      'NOT_FOUND',
      `No distribution with id "${id.slice(0, 80)}". Send an id GET /distributions lists.`,
    )
  }
  return found
}

/**
 * Creates a distribution of the newest share (the client's SeededDistribution
 * names none): its mail recipients and gist recorded, nothing sent.
 *
 * @example
 * const created = await store.write((tx) => createDistribution(tx, { github: { gist: { public: true, name: 'a.ts' } } }))
 */
export function createDistribution(tx: Transaction, input: DistributionInput): StoredDistribution {
  const state = readDistributions(tx)
  if (state.items.length >= MAX_DISTRIBUTIONS) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `The service keeps at most ${MAX_DISTRIBUTIONS} distributions. Delete one first (POST /distributions/{distribution}/delete).`,
    )
  }
  let share: string | undefined
  for (const record of tx.all('share')) share = record.id
  if (share === undefined) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      'There is no share to distribute. Share an asset first (POST /linkify).',
    )
  }
  const now = tx.timestamp()
  const id = tx.id()
  const item: StoredDistribution = { id, share, created: now, updated: now, ...channelsOf(input, id) }
  writePart(tx, DISTRIBUTIONS_PART, { items: [...state.items, item] })
  return item
}

/**
 * Changes how a distribution goes out (`POST /distribution/update`).
 *
 * @example
 * await store.write((tx) => updateDistribution(tx, id, { mailgun: { recipients: { iterable: [] } } }))
 */
export function updateDistribution(tx: Transaction, id: string, input: DistributionInput): StoredDistribution {
  const state = readDistributions(tx)
  const old = requireDistribution(tx, id)
  const { mailgun: _mailgun, github: _github, ...kept } = old
  const item: StoredDistribution = { ...kept, ...channelsOf(input, id), updated: tx.timestamp(old.updated) }
  writePart(tx, DISTRIBUTIONS_PART, { items: state.items.map((held) => (held.id === id ? item : held)) })
  return item
}

/**
 * Deletes a distribution; an id the service does not hold is refused.
 *
 * @example
 * await store.write((tx) => deleteDistribution(tx, id))
 */
export function deleteDistribution(tx: Transaction, id: string): void {
  const state = readDistributions(tx)
  requireDistribution(tx, id)
  writePart(tx, DISTRIBUTIONS_PART, { items: state.items.filter((item) => item.id !== id) })
}

function channelsOf(input: DistributionInput, id: string): Pick<StoredDistribution, 'mailgun' | 'github'> {
  const recipients = input.mailgun?.recipients.iterable ?? []
  if (recipients.length > MAX_RECIPIENTS) {
    throw new MockServiceError('INVALID_REQUEST', `A distribution names at most ${MAX_RECIPIENTS} recipients.`)
  }
  const gist = input.github?.gist
  const githubId = opaque('gist', id, 20)
  return {
    ...(input.mailgun && { mailgun: { recipients } }),
    ...(input.github && {
      github: gist
        ? {
            gist: {
              public: gist.public,
              ...(gist.description !== undefined && { description: gist.description }),
              name: gist.name,
              githubId,
              url: `https://gist.github.com/${githubId}`,
            },
          }
        : {},
    }),
  }
}
