// Start-up as a command: spawn → first answer of the mock's CLI (`node dist/cli/main.js --port N
// --quiet`, its embedded fixtures) against bare node:http started the same way, answering the bytes the
// mock answered to GET /conversations; paired rounds, each server stopped before the next starts. Also
// the CPU time each spent until its first answer (the process and its children), which a loaded
// machine moves less than the wall-clock time.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { versions } from '../lib/package.mjs'
import { pairedRounds, ratioRow, sideMedian } from '../lib/paired.mjs'
import { freePort, spawnServer } from '../lib/process-tree.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'

const PROBE = '/conversations'
const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])
const { quick = false, capSeconds = 60 } = sectionOptions()
const dir = await mkdtemp(join(tmpdir(), 'cam-spawn-'))
const answers = join(dir, 'answers.json')

async function start(side) {
  const port = await freePort()
  const args =
    side === 'mock'
      ? [join(versions().packagePath, 'dist/cli/main.js'), '--port', port, '--quiet']
      : [fileURLToPath(new URL('../servers/static-server.mjs', import.meta.url)), port, answers]
  return spawnServer({ name: side, command: process.execPath, args, port, probe: PROBE, cwd: dir })
}

try {
  const mock = await start('mock')
  const response = await fetch(`${mock.url}${PROBE}`)
  const headers = {}
  for (const [name, value] of response.headers) if (!DROPPED_HEADERS.has(name)) headers[name] = value
  const body = Buffer.from(await response.arrayBuffer()).toString('base64')
  await writeFile(answers, JSON.stringify({ [`GET ${PROBE}`]: { status: response.status, headers, body } }))
  await mock.stop()
  progress('spawn: the mock’s CLI against bare node:http, spawn → first answer')
  const paired = await pairedRounds({
    quick,
    capSeconds,
    measure: async (side) => {
      const server = await start(side)
      await server.stop()
      return { ms: server.startMs, cpuMs: server.startCpuMs }
    },
    ratios: { time: (m, b) => m.ms / b.ms, cpu: (m, b) => m.cpuMs / b.cpuMs },
  })
  const m = (field) => sideMedian(paired.mock, field).toFixed(0)
  const b = (field) => sideMedian(paired.baseline, field).toFixed(0)
  await report({
    rows: [
      ratioRow(
        'start-up, spawn → first GET /conversations: the mock’s CLI ÷ bare node:http, time',
        paired,
        'time',
        { atMost: 1.5, text: '≤ 1.5' },
        `${m('ms')} vs ${b('ms')} ms`,
      ),
      ratioRow(
        '  CPU until the first answer ÷ bare node:http’s',
        paired,
        'cpu',
        undefined,
        `${m('cpuMs')} vs ${b('cpuMs')} ms`,
      ),
    ],
    data: paired,
  })
} finally {
  await rm(dir, { recursive: true, force: true })
}
