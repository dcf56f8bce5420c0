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

/**
 * A drift report as plain text for a terminal: the summary line and, per
 * operation, one aligned row per difference.
 *
 * @example
 * process.stdout.write(driftText(report))
 */
export function driftText(report: DriftReport): string {
  const lines = [summaryOf(report)]
  for (const [operation, differences] of byOperation(report.differences)) {
    lines.push('', `${operation} (${differences.length})`)
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
  for (const note of report.notes) lines.push('', `note: ${note}`)
  return `${lines.join('\n')}\n`
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
