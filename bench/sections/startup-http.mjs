// Start-up fan-out over real HTTP and WebSockets on 127.0.0.1: a client opens
// both identifier streams, which list N assets and N conversations, then reads
// each with GET /asset/{id} and GET /conversation/{id} through fetch. The
// standalone server against bare node:http (+ ws) serving the bytes the mock
// answered, each in a process of its own. Paired rounds per N.
import { streamUrlsOf } from 'conversation-asset-mock'
import { WebSocket } from 'ws'
import { ms } from '../lib/format.mjs'
import { pairedRounds, ratioRow, sideMedian } from '../lib/paired.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'
import { withServers } from '../lib/servers.mjs'
import { startUp, startUpPaths } from '../lib/start-up.mjs'

const { quick = false, sizes = [100, 1000, 10_000], capSeconds = { 100: 8, 1000: 15, 10000: 30 } } = sectionOptions()
const rows = []
const data = []

for (const size of sizes) {
  await withServers(async (servers) => {
    progress(`startup-http: ${size} assets + ${size} conversations, mock vs bare node:http`)
    const mock = await servers.start('mock-server.mjs', [
      JSON.stringify({ generate: { seed: 11, assets: size, conversations: size } }),
    ])
    const bare = await servers.start('bare-server.mjs')
    const streamUrls = streamUrlsOf(mock.url)
    const paths = await startUpPaths(streamUrls, WebSocket)
    // The two streams a start-up opens; the others (the copilot's, say) send nothing until asked.
    await bare.call('mirrorStreams', {
      wsBase: mock.wsBase,
      paths: [streamUrls.conversations, streamUrls.assets].map((url) => new URL(url).pathname),
    })
    const mirrored = await bare.call('mirror', {
      base: mock.url,
      routes: paths.map((path) => ({ method: 'GET', path })),
    })
    const sides = { mock, baseline: bare }
    const paired = await pairedRounds({
      quick,
      capSeconds: capSeconds[size] ?? 30,
      // From 1,000 ids on, a run is long enough that compiling the server's code is a small part of the first.
      warmUp: size < 1000,
      measure: (name) => startUp({ base: sides[name].url, streamUrls: streamUrlsOf(sides[name].url), WebSocket }),
      between: (name) => sides[name].settle(),
      ratios: { pace: (m, b) => b.ms / m.ms },
    })
    const requests = paired.mock[0].requests
    rows.push(
      ratioRow(
        `standalone start-up fan-out at N = ${size.toLocaleString('en')}: streams, then ${requests.toLocaleString('en')} GETs ÷ bare node:http, reads per second`,
        paired,
        'pace',
        { atLeast: 0.8, text: '≥ 0.8' },
        `${sideMedian(paired.mock, 'ms').toFixed(0)} vs ${sideMedian(paired.baseline, 'ms').toFixed(0)} ms, reads p50 ${ms(sideMedian(paired.mock, 'p50'))} vs ${ms(sideMedian(paired.baseline, 'p50'))} ms, p99 ${ms(sideMedian(paired.mock, 'p99'))} vs ${ms(sideMedian(paired.baseline, 'p99'))} ms, ${(mirrored.bytes / 2 ** 20).toFixed(1)} MiB of answers`,
      ),
    )
    data.push({ size, requests, bytes: mirrored.bytes, ...paired })
  })
}
await report({ rows, data: { concurrency: 8, sizes: data } })
