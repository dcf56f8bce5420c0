/**
 * Formats rows as a Markdown table (readable in a terminal and pastable in the README).
 *
 * @example
 * formatTable([{ figure: 'a', value: '1' }], ['figure', 'value'])
 */
export function formatTable(rows, columns) {
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => String(row[column] ?? '').length)),
  )
  const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`
  return [
    line(columns),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map((row) => line(columns.map((column) => row[column] ?? ''))),
  ].join('\n')
}
