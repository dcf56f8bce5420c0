import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { runDriftCommand } from '../../src/cli/drift-command.js'
import type { Difference, DriftReport } from '../../src/replay/drift/drift-types.js'
import { driftText } from '../../src/replay/drift/format-drift-report.js'

/** A report of 120 differences: 100 values of assetsSnapshot, 20 statuses of tagsSnapshot. */
function longReport(): DriftReport {
  const differences: Difference[] = [
    ...Array.from({ length: 100 }, (_, index) => ({
      entry: index,
      operation: 'assetsSnapshot',
      request: 'GET /assets',
      kind: 'value' as const,
      field: `iterable[${index}].name`,
      recorded: '"a"',
      mock: '"b"',
    })),
    ...Array.from({ length: 20 }, (_, index) => ({
      entry: 100 + index,
      operation: 'tagsSnapshot',
      request: 'GET /tags',
      kind: 'status' as const,
      field: '(status)',
      recorded: '500',
      mock: '200',
    })),
  ]
  return { har: 'long.har', replayed: 120, skipped: 0, differences, allowed: [], notes: [] }
}

describe('a long drift report in the terminal', () => {
  it('opens with the counts per operation and per kind, then shows the first 50 differences and how many more there are', () => {
    const lines = driftText(longReport()).split('\n')
    expect(lines.slice(0, 6)).toEqual([
      '120 differences in 120 exchanges replayed from long.har.',
      '',
      'By operation:',
      '  assetsSnapshot  100  (value 100)',
      '  tagsSnapshot    20  (status 20)',
      'By kind: value 100, status 20',
    ])
    expect(lines.filter((line) => line.startsWith('  #'))).toHaveLength(50)
    expect(lines).toContain('assetsSnapshot (50 of 100)')
    expect(lines).not.toContain('tagsSnapshot (20)')
    expect(lines).toContain(
      '70 more differences not shown: --all shows every one, --json and --markdown write them all.',
    )
  })

  it('shows every difference when asked', () => {
    const lines = driftText(longReport(), { limit: Infinity }).split('\n')
    expect(lines.filter((line) => line.startsWith('  #'))).toHaveLength(120)
    expect(lines).toContain('tagsSnapshot (20)')
    expect(lines.some((line) => line.includes('not shown'))).toBe(false)
  })

  it('drift refuses a --limit that is not a whole number, in one line, with exit code 2', async () => {
    const stdout = new PassThrough()
    const stderr = new PassThrough()
    expect(await runDriftCommand(['session.har', '--limit', 'ten'], { stdout, stderr })).toBe(2)
    expect(String(stderr.read())).toBe(
      'Failed to check drift: --limit must be a whole number of differences, got "ten"; pass --limit 100 or --all.\n',
    )
  })
})
