import { fork } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { median } from '../lib/stats.mjs'

/** The asset every GET /asset/{id} run reads: debounce.ts of the embedded fixtures, with tags, websites and a conversation. */
export const BENCH_ASSET_ID = '0a0a0a0a-0000-4000-8000-000000000001'
const CREATE_BODY = JSON.stringify({ type: 'COPILOT', name: 'Bench conversation' })
const LOOPBACK = /^http:\/\/127\.0\.0\.1:\d+$/

/**
 * Request rates over real HTTP on 127.0.0.1: the standalone server against a
 * bare node:http server answering the same bytes, and GET /conversations
 * against json-server 0.17 serving the same conversations. Servers run in
 * child processes, autocannon (10 connections) in this one; runs alternate
 * A/B and the figures are medians.
 *
 * @example
 * const figures = await runHttpBench({ rounds: 3, durationSeconds: 3, warmupSeconds: 1 })
 */
export async function runHttpBench({ rounds = 3, durationSeconds = 3, warmupSeconds = 1, log = () => undefined } = {}) {
  const children = []
  const dir = await mkdtemp(join(tmpdir(), 'cam-bench-'))
  try {
    const mock = await startChild('mock-server.mjs', [], children)
    const routes = [
      { name: 'GET /asset/{id}', method: 'GET', path: `/asset/${BENCH_ASSET_ID}` },
      { name: 'GET /conversations', method: 'GET', path: '/conversations' },
      { name: 'POST /conversations/create', method: 'POST', path: '/conversations/create', body: CREATE_BODY },
    ]
    for (const route of routes) route.recorded = await record(mock.url, route)
    await resetMock(mock.url)

    const bare = await startChild('bare-server.mjs', [], children)
    bare.child.send({
      type: 'routes',
      routes: routes.map((route) => ({
        method: route.method,
        path: route.path,
        status: route.recorded.status,
        headers: route.recorded.headers,
        body: route.recorded.body.toString('base64'),
      })),
    })
    await once(bare.child, 'routes-set')

    const versusBare = []
    for (const route of routes) {
      log(`http: ${route.name}, mock vs bare node:http`)
      const growth = []
      let start = 0
      const pair = await alternate({
        rounds,
        durationSeconds,
        warmupSeconds,
        a: {
          url: mock.url,
          route,
          before: async () => {
            await resetMock(mock.url)
            start = (await stats(mock.child)).conversations
          },
          after: async () => route.method === 'POST' && growth.push((await stats(mock.child)).conversations - start),
        },
        b: { url: bare.url, route },
      })
      versusBare.push({
        route: route.name,
        bytes: route.recorded.body.length,
        ...pair,
        ...(growth.length > 0 && {
          growth: `reset before each run, which then adds up to ${Math.max(...growth)} conversations`,
        }),
      })
    }

    log('http: GET /conversations, mock vs json-server 0.17')
    const conversations = JSON.parse(routes[1].recorded.body.toString('utf8')).iterable
    const dbPath = join(dir, 'db.json')
    await writeFile(dbPath, JSON.stringify({ conversations }))
    const jsonServer = await startChild('json-server.mjs', [dbPath], children)
    const listRoute = routes[1]
    const jsonServerBytes = (await record(jsonServer.url, listRoute)).body.length
    const versusJsonServer = {
      route: 'GET /conversations',
      bytes: listRoute.recorded.body.length,
      jsonServerBytes,
      ...(await alternate({
        rounds,
        durationSeconds,
        warmupSeconds,
        a: { url: mock.url, route: listRoute, before: () => resetMock(mock.url) },
        b: { url: jsonServer.url, route: listRoute },
      })),
    }
    return { rounds, durationSeconds, connections: 10, versusBare, versusJsonServer }
  } finally {
    await Promise.all(children.map(stopChild))
    await rm(dir, { recursive: true, force: true })
  }
}

async function alternate({ rounds, durationSeconds, warmupSeconds, a, b }) {
  await load(a, warmupSeconds)
  await load(b, warmupSeconds)
  const aRates = []
  const bRates = []
  for (let round = 0; round < rounds; round++) {
    // A then B on even rounds, B then A on odd ones, so drift does not favour either.
    const order = round % 2 === 0 ? [[a, aRates], [b, bRates]] : [[b, bRates], [a, aRates]]
    for (const [side, rates] of order) {
      await side.before?.()
      rates.push(await load(side, durationSeconds))
      await side.after?.()
    }
  }
  const mockRate = median(aRates)
  const baselineRate = median(bRates)
  return { mockRate, baselineRate, ratio: mockRate / baselineRate, mockRates: aRates, baselineRates: bRates }
}

async function load({ url, route }, seconds) {
  if (!LOOPBACK.test(url)) throw new Error(`Failed to load ${url}: the bench only sends traffic to 127.0.0.1. Start the server on the loopback address.`)
  const result = await autocannon({
    url: `${url}${route.path}`,
    method: route.method,
    connections: 10,
    pipelining: 1,
    duration: seconds,
    ...(route.body && { body: route.body, headers: { 'content-type': 'application/json' } }),
  })
  const failed = result.errors + result.timeouts + result.non2xx
  if (failed > 0) {
    throw new Error(`Failed to load ${route.method} ${url}${route.path}: ${failed} of ${result.requests.total} requests failed or answered non-2xx. Check the server's answer with curl.`)
  }
  return result.requests.total / seconds
}

function record(base, route) {
  return new Promise((resolve, reject) => {
    const url = new URL(route.path, base)
    const request = httpRequest(
      url,
      { method: route.method, headers: route.body ? { 'content-type': 'application/json' } : {} },
      (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () => {
          const headers = { ...response.headers }
          for (const name of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete headers[name]
          resolve({ status: response.statusCode, headers, body: Buffer.concat(chunks) })
        })
      },
    )
    request.on('error', reject)
    request.end(route.body)
  })
}

function resetMock(base) {
  return record(base, { method: 'POST', path: '/__mock/reset' }).then((answer) => {
    if (answer.status !== 204) throw new Error(`Failed to reset the mock between runs: POST /__mock/reset answered ${answer.status}. Check the control API.`)
  })
}

function stats(child) {
  child.send({ type: 'stats' })
  return once(child, 'stats')
}

async function startChild(file, args, children) {
  const child = fork(fileURLToPath(new URL(`../servers/${file}`, import.meta.url)), args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  children.push(child)
  const ready = await once(child, 'ready')
  return { child, url: ready.url }
}

function once(child, type) {
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message?.type !== type) return
      child.off('message', onMessage)
      child.off('exit', onExit)
      resolve(message)
    }
    const onExit = (code) => reject(new Error(`Failed to start a bench server: it exited with code ${code} before saying "${type}".`))
    child.on('message', onMessage)
    child.once('exit', onExit)
  })
}

function stopChild(child) {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.send({ type: 'close' })
  })
}
