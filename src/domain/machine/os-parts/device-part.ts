import { z } from 'zod'
import type { Store } from '../../../store/create-store.js'
import { lazySchema } from '../../../store/schemas/lazy-schema.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The machine part that counts what the service was asked to do with the device. */
const DEVICE_PART = 'device'

/** What the device was asked to do: memory optimized, nano models prepared. */
export interface DeviceState {
  readonly [key: string]: unknown
  /** How many times `POST /os/memory/optimize` ran since the last reset. */
  readonly memoryOptimizations: number
  /** The nano-model tasks prepared (`POST /os/nano_models/prepare`), by name. */
  readonly nanoModels: Readonly<Record<string, boolean>>
  /** The external providers linked to the signed-in user's account (`POST /os/link_provider`), each once. */
  readonly linkedProviders: readonly string[]
}

/** At most this many providers are linked (the client's ExternalProviderTypeEnum has 13). */
const MAX_LINKED_PROVIDERS = 16

/** The most memory optimizations the control plane may say were run. */
const MAX_MEMORY_OPTIMIZATIONS = 1_000_000

/** The nano-model tasks a device prepares (the client's NanoModelsPreparationTasks). */
const NANO_MODEL_TASKS = ['conversation'] as const

/** The providers a user may link (the client's ExternalProviderTypeEnum). */
const PROVIDER_TYPES = [
  'UNKNOWN',
  'github',
  'google-oauth2',
  'bitbucket',
  'linkedin',
  'twitter',
  'facebook',
  'waad',
  'discord',
  'gitlab',
  'apple',
  'username_email',
  'slack',
] as const

const INITIAL: DeviceState = Object.freeze({
  memoryOptimizations: 0,
  nanoModels: Object.freeze({}),
  linkedProviders: [],
})

/** Where the mock's service is installed, the same on every machine it runs on. */
export const INSTALLATION_PATH = '/Applications/Pieces OS.app'

/**
 * The device the service says it runs on: the same every time, so a test can
 * assert it (the client's OSDeviceInformationReturnable).
 *
 * @example
 * DEVICE_INFORMATION.hardware.ram.memory // 17179869184
 */
export const DEVICE_INFORMATION = Object.freeze({
  name: 'macOS',
  version: '14.5.0',
  dependencies: { vulkan: false },
  hardware: {
    cpus: [{ name: 'Apple M2', cores: 8, clock_cycle_speed: 3490 }],
    gpus: [{ name: 'Apple M2', memory: 17_179_869_184, shared_memory: true }],
    ram: { memory: 17_179_869_184 },
  },
})

/**
 * What the device was asked to do since the last reset.
 *
 * @example
 * readDevice(store).memoryOptimizations // 0
 */
export function readDevice(store: Store | Transaction): DeviceState {
  return readPart(store, DEVICE_PART, INITIAL)
}

/**
 * The body of `POST /__mock/machine/device`: the fields sent replace theirs
 * (`nanoModels` the whole map), the others stay. `linkedProviders` are the
 * client's ExternalProviderTypeEnum values, each once, at most
 * {@link MAX_LINKED_PROVIDERS}.
 *
 * @example
 * deviceInput.parse({ memoryOptimizations: 0, linkedProviders: ['github'] })
 */
export const deviceInput = lazySchema(() =>
  z
    .object({
      memoryOptimizations: z.number().int().min(0).max(MAX_MEMORY_OPTIMIZATIONS).optional(),
      nanoModels: z.partialRecord(z.enum(NANO_MODEL_TASKS), z.boolean()).optional(),
      linkedProviders: z
        .array(z.enum(PROVIDER_TYPES))
        .max(MAX_LINKED_PROVIDERS)
        .refine((types) => new Set(types).size === types.length, 'a provider is linked once')
        .optional(),
    })
    .strict(),
)

/** What {@link setDevice} is sent: the fields to replace. */
export type DeviceInput = z.infer<typeof deviceInput>

/**
 * Stages what the control plane sets of the device: the fields sent replace theirs; answers the new state.
 *
 * @example
 * await store.write((tx) => setDevice(tx, { linkedProviders: ['github'] }))
 */
export function setDevice(tx: Transaction, input: DeviceInput): DeviceState {
  const current = readDevice(tx)
  return writePart(tx, DEVICE_PART, {
    ...current,
    ...(input.memoryOptimizations !== undefined && { memoryOptimizations: input.memoryOptimizations }),
    ...(input.nanoModels !== undefined && { nanoModels: input.nanoModels }),
    ...(input.linkedProviders !== undefined && { linkedProviders: input.linkedProviders }),
  })
}

/**
 * Stages one memory optimization in a write.
 *
 * @example
 * await store.write((tx) => optimizeMemory(tx))
 */
export function optimizeMemory(tx: Transaction): DeviceState {
  const current = readDevice(tx)
  return writePart(tx, DEVICE_PART, { ...current, memoryOptimizations: current.memoryOptimizations + 1 })
}

/**
 * Stages the nano-model tasks asked for as prepared (a task asked as false stays as it was).
 *
 * @example
 * await store.write((tx) => prepareNanoModels(tx, { conversation: true }))
 */
export function prepareNanoModels(tx: Transaction, tasks: Readonly<Record<string, boolean | undefined>>): DeviceState {
  const current = readDevice(tx)
  const asked = Object.entries(tasks).filter(([name, wanted]) => wanted === true && name === 'conversation')
  return writePart(tx, DEVICE_PART, {
    ...current,
    nanoModels: { ...current.nanoModels, ...Object.fromEntries(asked.map(([name]) => [name, true])) },
  })
}

/**
 * Stages an external provider linked to the signed-in user's account (once,
 * however often it is asked).
 *
 * @example
 * await store.write((tx) => linkExternalProvider(tx, 'github'))
 */
export function linkExternalProvider(tx: Transaction, provider: string): DeviceState {
  const current = readDevice(tx)
  if (current.linkedProviders.includes(provider)) return current
  const linkedProviders = [...current.linkedProviders, provider].slice(-MAX_LINKED_PROVIDERS)
  return writePart(tx, DEVICE_PART, { ...current, linkedProviders })
}
