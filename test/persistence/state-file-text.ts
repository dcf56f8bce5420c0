/** What a state file holds, read back from its text (a header line, a line per record or tombstone, an end line). */
export interface StateFileText {
  readonly version: number
  readonly seq: number
  readonly records: Record<string, Array<Record<string, unknown>>>
  readonly gone: Record<string, string[]>
  readonly end: number | undefined
}

/** Reads the text of a `--persist` state file as the mock writes it. */
export function parseStateFileText(text: string): StateFileText {
  const [header, ...lines] = text.split('\n').filter((line) => line !== '')
  const { version, seq } = JSON.parse(header ?? '{}') as { version: number; seq: number }
  const records: StateFileText['records'] = {}
  const gone: StateFileText['gone'] = {}
  let end: number | undefined
  for (const line of lines) {
    const parsed = JSON.parse(line) as { kind?: string; record?: Record<string, unknown>; gone?: string; end?: number }
    if (parsed.end !== undefined) end = parsed.end
    else if (parsed.record) (records[parsed.kind!] ??= []).push(parsed.record)
    else (gone[parsed.kind!] ??= []).push(parsed.gone!)
  }
  return { version, seq, records, gone, end }
}
