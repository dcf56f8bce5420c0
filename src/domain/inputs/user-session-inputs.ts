import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'

/**
 * The part of a UserProfile body `POST /allocations/connect` reads: whose cloud.
 *
 * @example
 * profileInput.parse({ id: 'user-1', email: 'ada@example.com' }) // { id: 'user-1', email: … }
 */
export const profileInput = lazySchema(() =>
  z
    .object({ id: z.string().min(1) })
    .loose()
    .optional(),
)

/**
 * The part of an AllocationCloud body `POST /allocations/disconnect` reads: which cloud.
 *
 * @example
 * allocationInput.parse({ id: 'cloud-1' }) // { id: 'cloud-1' }
 */
export const allocationInput = lazySchema(() =>
  z
    .object({ id: z.string().min(1) })
    .loose()
    .optional(),
)
