/** Fields that name a record or a request by its id. */
const ID_FIELDS = new Set(['id', 'conversation', 'request', 'message'])

/** Deepest nesting walked. */
const MAX_DEPTH = 32

/**
 * The ids a JSON text (an answer, a stream frame) names: the values of its
 * id fields (`id`, `conversation`, `request`, `message`) and the keys of its
 * `indices` maps, at any depth to 32 levels, walked with a stack. Nothing for
 * a text that is not JSON.
 *
 * @example
 * namedIds('{"conversation":"c-1","messages":{"indices":{"m-1":0}}}') // ['c-1', 'm-1']
 */
export function namedIds(text: string): string[] {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return []
  }
  const ids: string[] = []
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const { value: at, depth } = stack.pop()!
    if (typeof at !== 'object' || at === null || depth > MAX_DEPTH) continue
    const list = Array.isArray(at)
    for (const [key, field] of Object.entries(at)) {
      if (!list && typeof field === 'string' && field !== '' && ID_FIELDS.has(key)) ids.push(field)
      else if (!list && key === 'indices' && typeof field === 'object' && field !== null)
        ids.push(...Object.keys(field))
      else stack.push({ value: field, depth: depth + 1 })
    }
  }
  return ids
}
