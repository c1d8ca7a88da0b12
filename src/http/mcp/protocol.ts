/**
 * MCP's JSON-RPC 2.0 framing (protocol revision 2025-11-25, basic/index and basic/lifecycle): the
 * versions this stateless server speaks, the messages it reads, and the responses it writes.
 */

import type { ErrorCode } from '../../errors'
import { err, ok, type Result } from '../../lib/result'

/** The revision answered to a client that asks for one this server does not speak. */
export const LATEST_PROTOCOL_VERSION = '2025-11-25'

/**
 * Revisions negotiated at `initialize` and accepted in `MCP-Protocol-Version`. 2025-03-26 is left
 * out: it requires JSON-RPC batches, which this server refuses (they were removed in 2025-06-18).
 */
export const PROTOCOL_VERSIONS: readonly string[] = [LATEST_PROTOCOL_VERSION, '2025-06-18']

/** JSON-RPC error codes: the spec's five, and -32000 (as the MCP SDKs use it) for HTTP refusals. */
export const RPC_ERROR = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  TRANSPORT: -32000,
} as const

/** A JSON-RPC request id (MCP forbids null). */
export type RpcId = string | number

/** One message a client POSTs, by what the server must do with it. */
export type IncomingMessage =
  | { kind: 'request'; id: RpcId; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string }
  | { kind: 'response' }

/** A JSON-RPC error object; `data.code` carries our API error code where one applies. */
export interface RpcError {
  code: number
  message: string
  data?: { code: ErrorCode }
}

/** A JSON-RPC response. */
export type RpcResponse =
  | { jsonrpc: '2.0'; id: RpcId; result: Record<string, unknown> }
  | { jsonrpc: '2.0'; id: RpcId | null; error: RpcError }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isId = (value: unknown): value is RpcId =>
  typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))

/**
 * Classifies one parsed JSON value as a request, a notification or a response.
 * @returns the message, or why it is not a valid JSON-RPC 2.0 message (a -32600)
 */
export function readMessage(value: unknown): Result<IncomingMessage, string> {
  if (!isObject(value) || value.jsonrpc !== '2.0') {
    return err('Expected a JSON-RPC 2.0 message: an object with "jsonrpc": "2.0"')
  }
  if (typeof value.method === 'string') {
    if (value.params !== undefined && !isObject(value.params)) {
      return err('Expected an object for params')
    }
    if (!('id' in value)) return ok({ kind: 'notification', method: value.method })
    if (!isId(value.id)) return err('Expected a string or an integer for id')
    return ok({
      kind: 'request',
      id: value.id,
      method: value.method,
      params: value.params ?? {},
    })
  }
  if (isId(value.id) && ('result' in value || 'error' in value)) return ok({ kind: 'response' })
  return err('Expected a request, a notification or a response')
}

/** A successful response to request `id`. */
export const rpcResult = (id: RpcId, result: Record<string, unknown>): RpcResponse => ({
  jsonrpc: '2.0',
  id,
  result,
})

/** An error response; `id` is null when the request's id could not be read. */
export const rpcError = (id: RpcId | null, error: RpcError): RpcResponse => ({
  jsonrpc: '2.0',
  id,
  error,
})
