import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'

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

/** A GroupedTimestamp: only its `value`, an ISO-8601 instant with an offset, is read. */
export const groupedTimestamp = lazySchema(() => z.object({ value: z.iso.datetime({ offset: true }) }).loose())
