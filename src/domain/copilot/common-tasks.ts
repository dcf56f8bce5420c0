/** A common programming task the copilot has a short example of, in every language it knows. */
export type CommonTask =
  | 'reverse-list'
  | 'sort'
  | 'read-file'
  | 'http-request'
  | 'parse-json'
  | 'string-format'
  | 'map-iteration'
  | 'filter'
  | 'deduplicate'
  | 'regex-match'

/** One language's examples of the common tasks: each the lines of a short, working snippet. */
export type TaskExamples = Readonly<Record<CommonTask, readonly string[]>>

/** What a task is called in an answer, and the groups of words that ask for it (one word of each group). */
interface TaskRow {
  readonly task: CommonTask
  /** The task as an instruction: "To reverse a list in Python: …". */
  readonly doing: string
  /** The task as a topic: a title or a summary names it. */
  readonly topic: string
  readonly asks: ReadonlyArray<readonly string[]>
}

/** The tasks, each asked for by one word of every group of its `asks`. */
const TASKS: readonly TaskRow[] = [
  {
    task: 'reverse-list',
    doing: 'reverse a list',
    topic: 'Reversing a list',
    asks: [['reverse', 'reversed', 'reversing', 'backwards', 'invert']],
  },
  { task: 'sort', doing: 'sort a list', topic: 'Sorting a list', asks: [['sort', 'sorted', 'sorting', 'order']] },
  {
    task: 'read-file',
    doing: 'read a file',
    topic: 'Reading a file',
    asks: [
      ['read', 'reading', 'open', 'load', 'loading'],
      ['file', 'files', 'csv', 'txt', 'lines'],
    ],
  },
  {
    task: 'http-request',
    doing: 'make an HTTP request',
    topic: 'Making an HTTP request',
    asks: [['http', 'https', 'fetch', 'request', 'requests', 'url', 'curl', 'download', 'endpoint']],
  },
  { task: 'parse-json', doing: 'parse JSON', topic: 'Parsing JSON', asks: [['json']] },
  {
    task: 'string-format',
    doing: 'format a string',
    topic: 'Formatting a string',
    asks: [['format', 'formatting', 'interpolate', 'interpolation', 'printf', 'template', 'pad', 'padding']],
  },
  {
    task: 'map-iteration',
    doing: 'iterate over a dictionary',
    topic: 'Iterating over a dictionary',
    asks: [
      ['iterate', 'iterating', 'loop', 'looping', 'traverse', 'each', 'over', 'through'],
      ['dictionary', 'dictionaries', 'dict', 'map', 'maps', 'hash', 'hashmap', 'object', 'keys', 'entries', 'items'],
    ],
  },
  {
    task: 'filter',
    doing: 'filter a list',
    topic: 'Filtering a list',
    asks: [['filter', 'filtering', 'filtered', 'exclude', 'excluding']],
  },
  {
    task: 'deduplicate',
    doing: 'remove duplicates from a list',
    topic: 'Removing duplicates',
    asks: [['duplicate', 'duplicates', 'dedupe', 'deduplicate', 'unique', 'distinct', 'uniq']],
  },
  {
    task: 'regex-match',
    doing: 'match a regular expression',
    topic: 'Matching a regular expression',
    asks: [['regex', 'regexes', 'regexp', 'regular']],
  },
]

/** How much of a question is read for its task: the text is client data, so the work is bounded. */
const SCAN_CHARS = 2000
const SCAN_WORDS = 400

/**
 * The common task a question asks about: the task every group of whose
 * words the question holds; when several do, the one whose words come first
 * in the question ("sort … in reverse order" is sorting). Reads at most the
 * first 2,000 characters and 400 words; undefined when no task is asked.
 *
 * @example
 * questionTask('How do I reverse a list in Python?') // 'reverse-list'
 */
export function questionTask(query: string): CommonTask | undefined {
  const words = [
    ...query
      .slice(0, SCAN_CHARS)
      .toLowerCase()
      .matchAll(/[a-z0-9]+/g),
  ]
    .slice(0, SCAN_WORDS)
    .map((match) => match[0])
  let best: { task: CommonTask; at: number } | undefined
  for (const row of TASKS) {
    const at = firstAsked(row, words)
    if (at !== undefined && (best === undefined || at < best.at)) best = { task: row.task, at }
  }
  return best?.task
}

/**
 * How an answer names a task: as an instruction (`doing`) and as a topic.
 *
 * @example
 * taskWording('reverse-list') // { doing: 'reverse a list', topic: 'Reversing a list' }
 */
export function taskWording(task: CommonTask): { readonly doing: string; readonly topic: string } {
  const row = TASKS.find((candidate) => candidate.task === task)!
  return { doing: row.doing, topic: row.topic }
}

/** Where the first word of a task's groups stands in the words, when every group is there; else undefined. */
function firstAsked(row: TaskRow, words: readonly string[]): number | undefined {
  let first: number | undefined
  for (const group of row.asks) {
    const at = words.findIndex((word) => group.includes(word))
    if (at === -1) return undefined
    first = first === undefined ? at : Math.min(first, at)
  }
  return first
}
