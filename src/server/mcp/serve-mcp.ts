import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MockService } from '../../core/create-mock-service.js'
import { errorAnswer } from '../../execution/answer.js'
import type { McpEndpoint } from '../../mcp/create-mcp-endpoint.js'
import type { BodyBudget } from '../http/body-budget.js'
import { readBody } from '../http/read-body.js'
import type { AnswerBatch } from '../http/write-answer.js'
import { writeWebResponse } from '../http/write-web-response.js'

/** The standalone server's MCP entry points: loaded on the first request to one, closed with the server. */
export interface McpServing {
  /** Answers a request to an MCP path (see `isMcpPath`). */
  serve(request: IncomingMessage, response: ServerResponse): void
  /** Ends every SSE stream. */
  close(): void
}

/** What the MCP entry points need of the server: the mock they answer from, and the body limits. */
export interface McpServingOptions {
  readonly service: MockService
  readonly maxBodyBytes: number
  readonly bodyBudget: BodyBudget
  readonly answers: AnswerBatch
  /** Most SSE streams open at once (default 16). */
  readonly maxStreams?: number
}

/**
 * Serves the default mock's MCP server on the standalone server: its module
 * and the SDK load on the first MCP request, so a server that never sees one
 * pays nothing for them. Bodies are read within the server's limits.
 *
 * @example
 * const mcp = createMcpServing({ service, maxBodyBytes, bodyBudget, answers })
 * if (isMcpPath(path)) return mcp.serve(request, response)
 */
export function createMcpServing(options: McpServingOptions): McpServing {
  let endpoint: Promise<McpEndpoint> | undefined
  let closed = false
  const load = () =>
    (endpoint ??= import('../../mcp/create-mcp-endpoint.js').then(({ createMcpEndpoint }) =>
      createMcpEndpoint({
        store: options.service.store,
        version: options.service.info.version,
        ...(options.maxStreams !== undefined && { maxStreams: options.maxStreams }),
      }),
    ))
  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request, options.maxBodyBytes, options.bodyBudget, response)
    const mcp = await load()
    if (closed) mcp.close()
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value)
    }
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`)
    await writeWebResponse(await mcp.handle({ method: request.method ?? 'GET', url, headers, body }), response)
  }
  return {
    serve(request, response) {
      answer(request, response).catch((error: unknown) => {
        if (response.headersSent) response.destroy()
        else options.answers.add(response, errorAnswer(error))
      })
    },
    close() {
      closed = true
      void endpoint?.then((mcp) => mcp.close())
    },
  }
}
