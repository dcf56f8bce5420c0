import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { timestampSchema } from '../../store/schemas/timestamp-schema.js'

/*
 * The parts the request-body schemas share, as the official client sends
 * them (wire keys; unknown keys accepted and ignored). Built on first use,
 * with the first body schema that holds one.
 */

/** A record's id as a body names it. */
export const recordId = lazySchema(() => z.string().min(1))

/** A reference to a record: its `id`. */
export const reference = lazySchema(() => z.object({ id: recordId }).loose())

/** A list of references (`{ iterable: [{ id }] }`). */
export const references = lazySchema(() => z.object({ iterable: z.array(reference) }).loose())

/**
 * A GroupedTimestamp: only its `value` is read, an ISO-8601 date and time in
 * any form the generated clients send (with or without an offset), given in
 * the stored form (UTC, `Z`).
 */
export const groupedTimestamp = lazySchema(() => z.object({ value: timestampSchema }).loose())
