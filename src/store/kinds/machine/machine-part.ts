import { z } from 'zod'
import { buildBasics } from '../../schemas/schema-parts.js'
import { declareKind } from '../kind-declaration.js'

/** A JSON value, as a machine part's state holds it. */
const jsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
)

const buildMachinePartSchema = ({ timestamp } = buildBasics()) =>
  z.object({
    /** The part's name: `settings`, `installers`, `backups`, `sign-in`, … (docs/machine.md). */
    id: z.string().min(1).max(64),
    created: timestamp,
    updated: timestamp,
    /** The part's state, as plain JSON: what the part's state machine reads and writes. */
    state: z.record(z.string(), jsonValue),
  })

/**
 * A part of the machine the service runs on (its settings, installers,
 * backups, sign-in, …), one record per part holding the part's state as JSON.
 * Kept in the store so that reset, scenarios, snapshots, persistence and the
 * store's budget cover the machine as they cover the records; no client model
 * answers with it whole: each part's operations answer their own models.
 *
 * @example
 * machinePartKind.fixtureFile // 'machine-parts.json'
 */
export const machinePartKind = declareKind({
  name: 'machine part',
  schema: buildMachinePartSchema,
  defaults: {},
  links: {},
  fixtureFile: 'machine-parts.json',
  generated: 'none',
  label: (part) => part.id,
  clientModels: [],
  serializer: 'machinePart',
})
