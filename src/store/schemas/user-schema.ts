import { z } from 'zod'
import { timestampSchema } from './timestamp-schema.js'
import { DEFAULT_AESTHETICS } from './shared-defaults.js'

/** The state of a cloud and of each of its URLs (AllocationStatusEnum). */
const allocationStatus = () => z.enum(['UNKNOWN', 'PENDING', 'RUNNING', 'FAILED', 'SUCCEEDED', 'DISCONNECTED'])

/**
 * The user's cloud (the wire AllocationCloud, without the user it belongs
 * to): its id, project, region and version, its status, and whether its
 * vanity URL (`https://{vanityname}.pieces.cloud`) is served.
 *
 * @example
 * allocationSchema().parse({ id: 'c10d…', project: 'pieces-cloud', status: 'RUNNING' })
 */
const allocationSchema = () =>
  z.object({
    id: z.string().min(1),
    project: z.string(),
    region: z.string().optional(),
    version: z.string().optional(),
    status: allocationStatus(),
    updated: timestampSchema.optional(),
  })

/**
 * A stored user profile. The first one is the user signed in to the service
 * (`GET /user`); a store with none is a signed-out service.
 *
 * @example
 * buildUserSchema().parse({ id, name: 'Ada Lovelace', email: 'ada@example.com', created, updated })
 */
export const buildUserSchema = () =>
  z.object({
    id: z.string().min(1),
    name: z.string().optional(),
    email: z.string().optional(),
    username: z.string().optional(),
    vanityname: z.string().optional(),
    picture: z.string().optional(),
    aesthetics: z
      .object({
        theme: z.object({ dark: z.boolean() }),
        font: z.object({ size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
      })
      .default(() => DEFAULT_AESTHETICS),
    /** False once the user signed out (`POST /os/sign_out`): kept, so signing in again finds them. */
    signedIn: z.boolean().default(true),
    /** The user's cloud, once connected (`POST /allocations/connect`). */
    allocation: allocationSchema().optional(),
    created: timestampSchema,
    updated: timestampSchema,
  })
