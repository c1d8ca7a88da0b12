/**
 * tools/call: checks a tool's arguments, then runs it as the REST request it stands for, through
 * the Worker's own app. Authentication, rate limit, Idempotency-Key, credits, input rules and
 * errors are therefore the REST code path (PLATFORM.md §0), not a second copy of it.
 */

import { fromBase64 } from '../../lib/base64'
import { MAX_IMAGE_BYTES } from '../middleware/body-guard'
import { validationError } from '../validation'
import { errorResult, type ToolResult, toolResult } from './results'
import type { McpTool } from './tools'

/** What a tool call needs from the MCP request it came in. */
export interface ToolCallContext {
  /** Sends a request through the Worker's app, with the caller's env and execution context. */
  dispatch: (request: Request) => Promise<Response>
  /** Origin of the MCP endpoint; REST calls go to the same one, so signed URLs point there. */
  origin: string
  /** The caller's credential header (Authorization or x-api-key), forwarded as received. */
  credentials: Record<string, string>
}

/** `data:image/png;base64,` and the like, which assistants often put before base64. */
const DATA_URL_PREFIX = /^data:[^,]{0,100};base64,/i

/**
 * Runs `tool` with `args` (the tools/call `arguments`).
 * @returns the REST answer as a tool result; argument problems and REST errors are results with
 *   `isError: true` (VALIDATION_ERROR, FILE_TOO_LARGE, or whatever code REST answered)
 */
export async function callTool(
  tool: McpTool,
  args: unknown,
  context: ToolCallContext,
): Promise<ToolResult> {
  const parsed = tool.input.safeParse(args ?? {})
  if (!parsed.success) {
    const error = validationError(parsed.error, args)
    return errorResult(error.code, error.message)
  }
  const { idempotencyKey, imageUrl, imageBase64, ...fields } = parsed.data as Record<
    string,
    unknown
  >
  const headers = new Headers(context.credentials)
  if (typeof idempotencyKey === 'string') headers.set('idempotency-key', idempotencyKey)
  const url = context.origin + tool.rest.path

  let request: Request
  if (tool.rest.method === 'GET') {
    request = new Request(url, { headers })
  } else if (!tool.image || typeof imageUrl === 'string') {
    if (typeof imageUrl === 'string' && typeof imageBase64 === 'string') {
      return errorResult('VALIDATION_ERROR', 'Send either imageUrl or imageBase64, not both')
    }
    headers.set('content-type', 'application/json')
    const body = tool.image ? { imageUrl, ...fields } : fields
    request = new Request(url, { method: 'POST', headers, body: JSON.stringify(body) })
  } else {
    if (typeof imageBase64 !== 'string') {
      return errorResult('VALIDATION_ERROR', 'imageUrl or imageBase64 is required')
    }
    const bytes = fromBase64(imageBase64.replace(DATA_URL_PREFIX, '').replace(/\s+/g, ''))
    if (!bytes) {
      return errorResult(
        'VALIDATION_ERROR',
        'Expected base64 (standard alphabet, optionally after a data: URL prefix) for imageBase64',
      )
    }
    // The REST upload's own cap and message (spec §4.7), checked before building the form.
    if (bytes.byteLength > MAX_IMAGE_BYTES) {
      return errorResult('FILE_TOO_LARGE', `The file exceeds ${MAX_IMAGE_BYTES} bytes (10 MiB)`)
    }
    const form = new FormData()
    form.append('file', new Blob([bytes]), 'image')
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined) form.append(name, String(value))
    }
    // Encoded to bytes with an explicit Content-Type, as an upload arrives over the network: a
    // FormData body's type is derived from the body, which the test suite's fetch patch (msw)
    // loses when the body guard copies the request.
    const encoded = new Response(form)
    headers.set('content-type', encoded.headers.get('content-type') ?? 'multipart/form-data')
    request = new Request(url, { method: 'POST', headers, body: await encoded.arrayBuffer() })
  }

  const response = await context.dispatch(request)
  return toolResult(response, tool.svg, {
    download: (fileUrl) => {
      const { pathname, search } = new URL(fileUrl)
      return context.dispatch(new Request(context.origin + pathname + search))
    },
  })
}
