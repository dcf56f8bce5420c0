import { z } from 'zod'

const DEFAULT_AESTHETICS = Object.freeze({ theme: Object.freeze({ dark: false }), font: Object.freeze({ size: 14 }) })

/**
 * A stored user profile. The first one is the user signed in to the service
 * (`GET /user`); a store with none is a signed-out service.
 *
 * @example
 * userSchema.parse({ id, name: 'Ada Lovelace', email: 'ada@example.com', created, updated })
 */
export const userSchema = z.object({
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
    .default(() => DEFAULT_AESTHETICS as { theme: { dark: boolean }; font: { size: number } }),
  created: z.iso.datetime(),
  updated: z.iso.datetime(),
})
