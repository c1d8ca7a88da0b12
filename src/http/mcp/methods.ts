/**
 * The MCP methods this server answers (2025-11-25 basic/lifecycle, server/tools, basic/utilities):
 * initialize, ping, tools/list and tools/call. It keeps no session: every request carries the API
 * key, and nothing the client negotiated is needed to answer the next one.
 */

import { log } from '../../lib/log'
import { callTool, type ToolCallContext } from './call-tool'
import {
  LATEST_PROTOCOL_VERSION,
  PROTOCOL_VERSIONS,
  RPC_ERROR,
  type RpcId,
  type RpcResponse,
  rpcError,
  rpcResult,
} from './protocol'
import { toolDescriptors, toolNamed } from './tools'

/** Told to the assistant at initialize: what the tools cost and how to retry safely. */
const INSTRUCTIONS =
  'Figure API: patent figures and filing-ready images. generate_figure drafts a figure from a prompt; convert_image, vectorize_image and enhance_image take an image as imageUrl or imageBase64. Paid tools charge credits (see each description and get_credits) and return signed download URLs valid for 7 days; a call that fails charges nothing. To retry a paid call safely, send the same idempotencyKey again.'

/** Whatever a method needs from the HTTP request it came in. */
export interface MethodContext extends ToolCallContext {
  /** The request id of the MCP HTTP request, for logs. */
  requestId: string
}

/** Answers one JSON-RPC request. */
export async function answer(
  id: RpcId,
  method: string,
  params: Record<string, unknown>,
  context: MethodContext,
): Promise<RpcResponse> {
  switch (method) {
    case 'initialize': {
      if (typeof params.protocolVersion !== 'string') {
        return invalidParams(id, 'Expected a string for protocolVersion')
      }
      // Lifecycle: answer the client's version when we speak it, else our latest; the client
      // then decides whether it can go on.
      const version = PROTOCOL_VERSIONS.includes(params.protocolVersion)
        ? params.protocolVersion
        : LATEST_PROTOCOL_VERSION
      return rpcResult(id, {
        protocolVersion: version,
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'figure-api', title: 'Figure API', version: '1.0.0' },
        instructions: INSTRUCTIONS,
      })
    }
    case 'ping':
      return rpcResult(id, {})
    case 'tools/list':
      // One page: five tools need no cursor.
      return rpcResult(id, { tools: toolDescriptors() })
    case 'tools/call': {
      const { name, arguments: args } = params
      if (typeof name !== 'string') return invalidParams(id, 'Expected a string for name')
      if (
        args !== undefined &&
        (args === null || typeof args !== 'object' || Array.isArray(args))
      ) {
        return invalidParams(id, 'Expected an object for arguments')
      }
      const tool = toolNamed(name)
      if (!tool) return invalidParams(id, `Unknown tool: ${name}`)
      const result = await callTool(tool, args, context)
      log('info', 'mcp tool call', {
        requestId: context.requestId,
        tool: name,
        operationRequestId: result._meta?.requestId,
        errorCode: result._meta?.errorCode,
      })
      return rpcResult(id, result)
    }
    default:
      return rpcError(id, {
        code: RPC_ERROR.METHOD_NOT_FOUND,
        message: `Method not found: ${method}`,
      })
  }
}

const invalidParams = (id: RpcId, message: string): RpcResponse =>
  rpcError(id, { code: RPC_ERROR.INVALID_PARAMS, message })
