import type { ExchangeSummary, HttpSummary, StreamSummary } from '../har/har-exchanges.js'

/** One step of a replay, at the instant the recording shows it. */
export type DriftEvent =
  | { readonly type: 'http'; readonly at: number; readonly exchange: HttpSummary }
  | { readonly type: 'open'; readonly at: number; readonly exchange: StreamSummary }
  | { readonly type: 'send'; readonly at: number; readonly exchange: StreamSummary; readonly data: string }
  | { readonly type: 'close'; readonly at: number; readonly exchange: StreamSummary }

/**
 * A recording's exchanges as the steps of its replay in time order: each
 * request, and each stream's opening, messages from the client and closing.
 * Steps of the same instant keep the recording's order.
 *
 * @example
 * for (const event of driftEvents(index.exchanges)) { … }
 */
export function driftEvents(exchanges: readonly ExchangeSummary[]): DriftEvent[] {
  const events: DriftEvent[] = []
  for (const exchange of exchanges) {
    if (exchange.type === 'http') {
      events.push({ type: 'http', at: exchange.at, exchange })
      continue
    }
    events.push({ type: 'open', at: exchange.at, exchange })
    for (const message of exchange.sends) events.push({ type: 'send', at: message.at, exchange, data: message.data })
    const last = Math.max(exchange.sends.at(-1)?.at ?? exchange.at, exchange.received.at(-1) ?? exchange.at)
    events.push({ type: 'close', at: Math.max(exchange.closedAt, last), exchange })
  }
  return events
    .map((event, order) => ({ event, order }))
    .sort((a, b) => a.event.at - b.event.at || a.order - b.order)
    .map(({ event }) => event)
}
