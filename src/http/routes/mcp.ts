/**
 * POST /mcp: the Model Context Protocol endpoint (Streamable HTTP, revision 2025-11-25), so
 * drafting assistants can call the API as tools with the user's API key as bearer. Stateless and
 * JSON-only: each POST carries one JSON-RPC message and gets one application/json answer (202 for
 * notifications); GET and DELETE get the app's 405, as the transport allows a server with no
 * stream and no sessions. Any Origin is accepted, as CORS accepts any: the transport's DNS
 * rebinding guard protects servers that trust ambient access, and every call here needs the key.
 * Not in the OpenAPI document (it is not a REST resource); tools/list describes the tools.
 */

import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import type { ErrorCode } from '../../errors'
import { readLimited } from '../../lib/read-limited'
import { answer } from '../mcp/methods'
import { PROTOCOL_VERSIONS, RPC_ERROR, readMessage, rpcError } from '../mcp/protocol'
import { apiKeyAuth } from '../middleware/auth'
import { MAX_IMAGE_BYTES, MAX_JSON_BYTES } from '../middleware/body-guard'

/** Largest MCP request: a 10 MiB image as base64 plus room for the other arguments, bytes. */
export const MAX_MCP_BODY_BYTES = 4 * Math.ceil(MAX_IMAGE_BYTES / 3) + MAX_JSON_BYTES

/** The whole Worker app's `fetch`: tool calls run through it as REST requests. */
export type AppFetch = Hono<AppEnv>['fetch']

/** Whether an Accept header admits application/json (no header admits anything). */
function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true
  return accept.split(',').some((range) => {
    const [type, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase())
    const refused = parameters.some((p) => /^q=0(\.0{0,3})?$/.test(p))
    return !refused && (type === 'application/json' || type === 'application/*' || type === '*/*')
  })
}

/**
 * The MCP route. Authentication is the REST one (apiKeyAuth: a missing or refused key is a 401
 * with our error envelope and WWW-Authenticate); it is not rate limited itself, since each paid
 * tool call is limited by the REST route it runs through.
 * @param appFetch the app's own fetch, which tool calls are dispatched through in-process
 * @example api.route('/', mcpRoutes(app.fetch))
 */
export function mcpRoutes(appFetch: AppFetch) {
  return new Hono<AppEnv>().post('/mcp', apiKeyAuth(), async function mcp(c) {
    const refuse = (status: 400 | 406, code: number, message: string, apiCode?: ErrorCode) =>
      c.json(
        rpcError(null, { code, message, ...(apiCode ? { data: { code: apiCode } } : {}) }),
        status,
      )

    // Transport checks (basic/transports, "Sending Messages to the Server").
    if (!acceptsJson(c.req.header('accept'))) {
      return refuse(
        406,
        RPC_ERROR.TRANSPORT,
        'Not Acceptable: this server answers application/json',
      )
    }
    const contentType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
    if (contentType !== 'application/json') {
      return refuse(
        400,
        RPC_ERROR.TRANSPORT,
        `Expected Content-Type application/json but received ${contentType?.slice(0, 100) ?? 'none'}`,
        'UNSUPPORTED_CONTENT_TYPE',
      )
    }
    const read = await readLimited(c.req.raw.body, MAX_MCP_BODY_BYTES)
    if (!read.ok) {
      return refuse(
        400,
        RPC_ERROR.TRANSPORT,
        `The request exceeds ${MAX_MCP_BODY_BYTES} bytes (a 10 MiB image as base64 and its arguments)`,
        'FILE_TOO_LARGE',
      )
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(new TextDecoder().decode(read.bytes))
    } catch {
      return refuse(400, RPC_ERROR.PARSE_ERROR, 'Parse error: the body is not JSON')
    }
    if (Array.isArray(parsed)) {
      return refuse(
        400,
        RPC_ERROR.INVALID_REQUEST,
        'JSON-RPC batches are not supported (MCP 2025-06-18 removed them); send one message per request',
      )
    }
    const message = readMessage(parsed)
    if (!message.ok) return refuse(400, RPC_ERROR.INVALID_REQUEST, message.error)
    // Every request after initialize names the negotiated revision; an absent header is accepted
    // (the spec's fallback for clients that predate it).
    const version = c.req.header('mcp-protocol-version')
    const isInitialize = message.value.kind === 'request' && message.value.method === 'initialize'
    if (!isInitialize && version !== undefined && !PROTOCOL_VERSIONS.includes(version)) {
      return refuse(
        400,
        RPC_ERROR.TRANSPORT,
        `Unsupported MCP-Protocol-Version ${version.slice(0, 40)}; this server speaks ${PROTOCOL_VERSIONS.join(' and ')}`,
      )
    }
    // Notifications (initialized, cancelled) and responses need nothing from a stateless server.
    if (message.value.kind !== 'request') return c.body(null, 202)

    const { id, method, params } = message.value
    const authorization = c.req.header('authorization')
    const response = await answer(id, method, params, {
      requestId: c.var.requestId,
      origin: new URL(c.req.url).origin,
      credentials:
        authorization !== undefined
          ? { authorization }
          : { 'x-api-key': c.req.header('x-api-key') ?? '' },
      dispatch: async (request) => appFetch(request, c.env, c.executionCtx),
    })
    return c.json(response, 200)
  })
}
