import { useEffect, useState } from 'preact/hooks'

/**
 * Loads a value whenever `inputs` change and keeps the latest answer (an
 * earlier load that answers later is ignored); undefined until it answers.
 *
 * @example
 * const list = useLoad(() => connection.records(kind, query), [kind, query, version])
 */
export function useLoad<T>(load: () => Promise<T>, inputs: readonly unknown[]): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined)
  useEffect(() => {
    let current = true
    load().then(
      (loaded) => current && setValue(() => loaded),
      () => undefined,
    )
    return () => {
      current = false
    }
    // The inputs are the dependencies, as the caller lists them.
  }, inputs)
  return value
}
