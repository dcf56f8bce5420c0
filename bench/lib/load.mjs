import autocannon from 'autocannon'
import { percentile } from './stats.mjs'

const LOOPBACK = /^http:\/\/127\.0\.0\.1:\d+$/

/**
 * Sends one route to a server on 127.0.0.1 with autocannon (10 connections,
 * one request in flight on each) for `seconds`, or until `{ amount }` requests
 * are answered, and resolves with the rate of answers and the p50/p99 of their
 * latencies. Both are counted here from every answer, to the last one
 * (autocannon's own latency histogram has a resolution of 1 ms, coarser than
 * these answers). A run for a time leaves out the requests still in flight
 * when it ends; a run of an amount waits for every answer, however slow. Any
 * failed or non-2xx answer fails the run.
 *
 * @example
 * const { rate, p50, p99 } = await load(mock.url, { method: 'GET', path: '/conversations' }, 1)
 * const slow = await load(mock.url, create, { amount: 1000 })
 */
export function load(url, route, length, connections = 10) {
  if (!LOOPBACK.test(url))
    throw new Error(
      `Failed to load ${url}: the bench only sends traffic to 127.0.0.1. Start the server on the loopback address.`,
    )
  return new Promise((resolve, reject) => {
    let latencies = new Float64Array(1 << 16)
    let count = 0
    let last = 0
    const started = performance.now()
    const instance = autocannon(
      {
        url: `${url}${route.path}`,
        method: route.method,
        connections,
        pipelining: 1,
        ...(typeof length === 'number' ? { duration: length } : { amount: length.amount }),
        sampleInt: 100,
        ...(route.body && { body: route.body, headers: { 'content-type': 'application/json' } }),
      },
      (error, result) => {
        if (error) return reject(error)
        const failed = result.errors + result.timeouts + result.non2xx
        if (failed > 0) {
          return reject(
            new Error(
              `Failed to load ${route.method} ${url}${route.path}: ${failed} of ${result.requests.total} requests failed or answered non-2xx. Check the server's answer with curl.`,
            ),
          )
        }
        if (count === 0)
          return reject(
            new Error(
              `Failed to load ${route.method} ${url}${route.path}: no request was answered. Give the run more time.`,
            ),
          )
        const sorted = latencies.subarray(0, count).sort()
        resolve({
          rate: count / ((last - started) / 1000),
          requests: count,
          p50: percentile(sorted, 0.5, { sorted: true }),
          p99: percentile(sorted, 0.99, { sorted: true }),
        })
      },
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2)
        grown.set(latencies)
        latencies = grown
      }
      latencies[count++] = responseTime
      last = performance.now()
    })
  })
}
