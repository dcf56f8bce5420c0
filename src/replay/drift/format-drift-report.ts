import type { Difference, DriftReport } from './drift-types.js'

/**
 * A drift report as Markdown: a summary line, then a table of differences
 * per operation (entry, request, kind, field, recorded, mock), then the
 * allowed ones and the notes.
 *
 * @example
 * await writeFile('drift.md', driftMarkdown(report))
 */
export function driftMarkdown(report: DriftReport): string {
  const lines = [`# Drift report: ${report.har}`, '', summaryOf(report), '']
  for (const [operation, differences] of byOperation(report.differences)) {
    lines.push(
      `## ${operation} (${differences.length})`,
      '',
      '| entry | request | kind | field | recorded | mock |',
      '| --- | --- | --- | --- | --- | --- |',
    )
    for (const d of differences) {
      lines.push(
        `| ${d.entry} | ${cell(d.request)} | ${d.kind} | ${cell(d.field)} | ${cell(d.recorded ?? '')} | ${cell(d.mock ?? '')} |`,
      )
    }
    lines.push('')
  }
  if (report.allowed.length > 0) {
    lines.push('## Allowed by the allow-list', '')
    for (const d of report.allowed) lines.push(`- ${d.operation} ${d.kind} \`${d.field}\` (entry ${d.entry})`)
    lines.push('')
  }
  if (report.notes.length > 0) lines.push('## Notes', '', ...report.notes.map((note) => `- ${note}`), '')
  return `${lines.join('\n')}\n`
}

/** How much of a report the terminal shows. */
export interface DriftTextOptions {
  /** Most differences shown row by row (default 50); the counts above them cover every one. */
  readonly limit?: number
}

/** Differences shown row by row unless told otherwise. */
const SHOWN_ROWS = 50

/**
 * A drift report as plain text for a terminal: the summary line; for a
 * report with differences, their counts per operation and per kind; then the
 * first `limit` differences (50 unless told, `Infinity` for all), one aligned
 * row each, grouped by operation, and how many more there are.
 *
 * @example
 * process.stdout.write(driftText(report, { limit: Infinity }))
 */
export function driftText(report: DriftReport, options: DriftTextOptions = {}): string {
  const limit = options.limit ?? SHOWN_ROWS
  const lines = [summaryOf(report)]
  if (report.differences.length > 0) lines.push(...countsOf(report.differences))
  const shown = report.differences.slice(0, Math.max(0, limit))
  for (const [operation, differences] of byOperation(shown)) {
    lines.push('', `${operation} (${differences.length}${shownOf(report.differences, operation, differences)})`)
    const rows = differences.map((d) => [
      `#${d.entry}`,
      d.request,
      d.kind,
      d.field,
      `recorded ${d.recorded ?? '-'}`,
      `mock ${d.mock ?? '-'}`,
    ])
    const widths = rows[0]!.map((_, column) => Math.min(40, Math.max(...rows.map((row) => row[column]!.length))))
    for (const row of rows)
      lines.push(
        `  ${row
          .map((value, column) => value.padEnd(widths[column]!))
          .join('  ')
          .trimEnd()}`,
      )
  }
  const hidden = report.differences.length - shown.length
  if (hidden > 0)
    lines.push(
      '',
      `${hidden} more difference${hidden === 1 ? '' : 's'} not shown: --all shows every one, --json and --markdown write them all.`,
    )
  for (const note of report.notes) lines.push('', `note: ${note}`)
  return `${lines.join('\n')}\n`
}

/** The counts of a report's differences per operation (most first) and per kind. */
function countsOf(differences: readonly Difference[]): string[] {
  const kinds = (list: readonly Difference[]) => {
    const counts = new Map<string, number>()
    for (const d of list) counts.set(d.kind, (counts.get(d.kind) ?? 0) + 1)
    return [...counts].map(([kind, count]) => `${kind} ${count}`).join(', ')
  }
  const groups = [...byOperation(differences)].sort((a, b) => b[1].length - a[1].length)
  const width = Math.min(40, Math.max(...groups.map(([operation]) => operation.length)))
  return [
    '',
    'By operation:',
    ...groups.map(([operation, list]) => `  ${operation.padEnd(width)}  ${list.length}  (${kinds(list)})`),
    `By kind: ${kinds(differences)}`,
  ]
}

/** ", 3 shown" when a group is cut short by the limit. */
function shownOf(all: readonly Difference[], operation: string, shown: readonly Difference[]): string {
  const total = all.filter((d) => d.operation === operation).length
  return total === shown.length ? '' : ` of ${total}`
}

function summaryOf(report: DriftReport): string {
  const count = report.differences.length
  const allowed = report.allowed.length > 0 ? ` (${report.allowed.length} more allowed by the allow-list)` : ''
  return `${count === 0 ? 'No differences' : `${count} difference${count === 1 ? '' : 's'}`} in ${report.replayed} exchanges replayed from ${report.har}${allowed}.`
}

function byOperation(differences: readonly Difference[]): Map<string, Difference[]> {
  const groups = new Map<string, Difference[]>()
  for (const difference of differences) {
    const group = groups.get(difference.operation)
    if (group) group.push(difference)
    else groups.set(difference.operation, [difference])
  }
  return groups
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}
