// POST /v1/mcp through the whole Worker with the official MCP TypeScript client SDK (Client and
// StreamableHTTPClientTransport, its fetch pointed at the Worker): initialize and tools/list, each
// tool called with an inline image, an image URL or a prompt, charged and idempotent exactly as
// the REST calls, REST errors as tool results with isError, and the transport's own refusals.

import { exports } from 'cloudflare:workers'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { describe, expect, it } from 'vitest'
import {
  BASE,
  bearer,
  call,
  downloadOutput,
  expectError,
  expectLedgerConsistent,
  fetchOutput,
  ledgerOf,
  newAccount,
} from '../support/api'
import { fromPng, GIF_BYTES, lineDrawing, toPng } from '../support/images'
import { serveImage, useFakeNetwork } from '../support/network'

useFakeNetwork()

const MCP_URL = new URL(`${BASE}/v1/mcp`)

const FIGURE_PROMPT =
  'A system 100 comprising a processor 102 and a memory 104 coupled to the processor 102.'

/** The Worker as the SDK's transport sees it: every request goes to exports.default.fetch. */
const workerFetch = (input: string | URL | Request, init?: RequestInit) =>
  exports.default.fetch(new Request(input, init))

/** An MCP client connected to the Worker, authenticating with `apiKey` (none when null). */
async function connect(apiKey: string | null) {
  const client = new Client({ name: 'figure-api-test', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(MCP_URL, {
    fetch: workerFetch,
    requestInit: apiKey === null ? {} : { headers: bearer(apiKey) },
  })
  await client.connect(transport)
  return { client, transport }
}

/** Standard base64 of `bytes` (what an assistant holding the file sends). */
function base64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

interface ToolResult {
  content: {
    type: string
    text?: string
    uri?: string
    mimeType?: string
    resource?: { uri: string; mimeType?: string; text?: string }
  }[]
  structuredContent?: Record<string, unknown>
  isError?: boolean
  _meta?: Record<string, unknown>
}

async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as ToolResult
}

/** The balance as the get_credits tool reports it. */
async function creditsOf(client: Client): Promise<number> {
  const result = await callTool(client, 'get_credits')
  expect(result.isError).toBeFalsy()
  return (result.structuredContent as { balance: number }).balance
}

/** The code and message of an isError result. */
function toolError(result: ToolResult) {
  expect(result.isError).toBe(true)
  expect(result.structuredContent).toBeUndefined()
  const text = result.content[0]?.text ?? ''
  const [code] = text.split(': ', 1)
  return { code, message: text.slice(`${code}: `.length), meta: result._meta ?? {} }
}

/** POSTs one raw JSON-RPC body to the endpoint (for what the SDK client never sends). */
function postRpc(apiKey: string, body: unknown, headers: Record<string, string> = {}) {
  return call('/v1/mcp', {
    method: 'POST',
    headers: {
      ...bearer(apiKey),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

describe('POST /v1/mcp', () => {
  it('lists the five tools with schemas made from the REST schemas when initialized at 2025-11-25', async () => {
    const { apiKey } = await newAccount(5)
    const { client, transport } = await connect(apiKey)
    expect(transport.protocolVersion).toBe('2025-11-25')
    expect(client.getServerVersion()).toMatchObject({ name: 'figure-api', version: '1.0.0' })
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } })
    expect(client.getInstructions()).toContain('idempotencyKey')

    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual([
      'generate_figure',
      'vectorize_image',
      'enhance_image',
      'convert_image',
      'get_credits',
    ])
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]))
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.outputSchema?.type).toBe('object')
      expect(tool.description?.length).toBeGreaterThan(40)
      expect(JSON.stringify(tool)).not.toContain('$ref')
    }
    const convert = byName.convert_image!
    expect(Object.keys(convert.inputSchema.properties ?? {})).toEqual([
      'imageUrl',
      'imageBase64',
      'format',
      'dpi',
      'mode',
      'page',
      'idempotencyKey',
    ])
    // The REST schema's descriptions and enums came along (the same text as /v1/openapi.json).
    expect(convert.inputSchema.properties?.format).toMatchObject({ enum: ['png', 'tiff', 'pdf'] })
    expect(convert.inputSchema.properties?.dpi).toMatchObject({ enum: [300, 600] })
    expect(convert.inputSchema.additionalProperties).toBe(false)
    expect(convert.outputSchema?.required).toContain('creditsConsumed')
    expect(Object.keys(byName.generate_figure!.inputSchema.properties ?? {})).toEqual([
      'prompt',
      'figure',
      'output',
      'labeled',
      'referenceImageUrls',
      'idempotencyKey',
    ])
    expect(byName.get_credits!.annotations).toMatchObject({ readOnlyHint: true })
    expect(byName.convert_image!.annotations).toMatchObject({ readOnlyHint: false })
    await client.ping()
    await client.close()
  })

  it('returns a signed URL to the PNG and charges 1 credit when convert_image gets an inline image', async () => {
    const { apiKey, accountId } = await newAccount(10)
    const { client } = await connect(apiKey)
    const png = await toPng(lineDrawing(600, 400))
    const result = await callTool(client, 'convert_image', { imageBase64: base64(png) })
    expect(result.isError).toBeFalsy()
    const data = result.structuredContent as { url: string; creditsConsumed: number }
    expect(data).toMatchObject({ format: 'png', dpi: 300, width: 2048, creditsConsumed: 1 })
    expect(JSON.parse(result.content[0]!.text!)).toEqual(data)
    expect(result.content).toContainEqual({
      type: 'resource_link',
      uri: data.url,
      name: 'converted.png',
      mimeType: 'image/png',
    })
    expect(result._meta?.requestId).toMatch(/^req_[0-9A-Z]{26}$/)
    const out = await fromPng(await downloadOutput(data.url))
    expect([out.width, out.height]).toEqual([2048, 1365])
    expect(await creditsOf(client)).toBe(9)
    const charges = (await ledgerOf(accountId)).filter((row) => row.kind === 'charge')
    expect(charges).toHaveLength(1)
    expect(charges[0]).toMatchObject({ amount: -1, outcome: 'succeeded' })
    await expectLedgerConsistent(accountId)
  })

  it('returns a PDF and its preview and charges 2 credits when convert_image gets an image URL', async () => {
    const { apiKey } = await newAccount(10)
    const { client } = await connect(apiKey)
    serveImage('https://images.example.com/fig1.png', await toPng(lineDrawing(900, 600)))
    const result = await callTool(client, 'convert_image', {
      imageUrl: 'https://images.example.com/fig1.png',
      format: 'pdf',
      dpi: 600,
    })
    expect(result.isError).toBeFalsy()
    const data = result.structuredContent as { url: string; previewUrl: string }
    expect(data).toMatchObject({ format: 'pdf', dpi: 600, page: 'a4', creditsConsumed: 2 })
    const links = result.content.filter((block) => block.type === 'resource_link')
    expect(links.map((link) => [link.uri, link.mimeType])).toEqual([
      [data.url, 'application/pdf'],
      [data.previewUrl, 'image/png'],
    ])
    expect(await creditsOf(client)).toBe(8)
  })

  it('returns the SVG markup and charges 8 credits when generate_figure draws a prompt as svg', async () => {
    const { apiKey } = await newAccount(20)
    const { client } = await connect(apiKey)
    const result = await callTool(client, 'generate_figure', {
      prompt: FIGURE_PROMPT,
      output: 'svg',
      labeled: true,
    })
    expect(result.isError).toBeFalsy()
    const data = result.structuredContent as {
      url: string
      svg: string
      references: { numeral: string; label: string }[]
      creditsConsumed: number
    }
    expect(data).toMatchObject({ format: 'svg', method: 'drafter', creditsConsumed: 8 })
    expect(data.references.map((r) => r.numeral)).toEqual(['100', '102', '104'])
    const resources = result.content.filter((block) => block.type === 'resource')
    expect(resources).toHaveLength(1)
    expect(resources[0]!.resource).toMatchObject({ uri: data.url, mimeType: 'image/svg+xml' })
    expect(resources[0]!.resource!.text).toBe(data.svg)
    expect(data.svg).toContain('<svg')
    // The text for the model names the markup instead of repeating it.
    expect(result.content[0]!.text).not.toContain('<svg')
    expect(result.content[0]!.text).toContain('characters of SVG markup')
    expect(await creditsOf(client)).toBe(12)
  })

  it('embeds the stored SVG markup and charges 2 credits when vectorize_image makes an svg', async () => {
    const { apiKey } = await newAccount(10)
    const { client } = await connect(apiKey)
    const png = await toPng(lineDrawing(300, 200))
    const result = await callTool(client, 'vectorize_image', { imageBase64: base64(png) })
    expect(result.isError).toBeFalsy()
    const data = result.structuredContent as { url: string }
    expect(data).toMatchObject({ format: 'svg', engine: 'lineart', creditsConsumed: 2 })
    const resource = result.content.find((block) => block.type === 'resource')?.resource
    expect(resource).toMatchObject({ uri: data.url, mimeType: 'image/svg+xml' })
    const file = await fetchOutput(data.url)
    expect(resource?.text).toBe(await file.text())
    expect(await creditsOf(client)).toBe(8)
  })

  it('returns isError with our code and charges nothing when the image or arguments are refused', async () => {
    const { apiKey, accountId } = await newAccount(10)
    const { client } = await connect(apiKey)
    const gif = toolError(
      await callTool(client, 'convert_image', { imageBase64: base64(GIF_BYTES) }),
    )
    expect(gif.code).toBe('UNSUPPORTED_IMAGE_TYPE')
    expect(gif.message).toBe('Expected a PNG, JPEG, WebP or TIFF file (checked by its first bytes)')
    expect(gif.meta).toMatchObject({ errorCode: 'UNSUPPORTED_IMAGE_TYPE', httpStatus: 400 })

    const dpi = toolError(
      await callTool(client, 'convert_image', { imageUrl: 'https://x.example/a.png', dpi: 72 }),
    )
    expect(dpi).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Expected 300 or 600 for dpi but received 72',
    })
    const none = toolError(await callTool(client, 'enhance_image', { scale: 2 }))
    expect(none).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'imageUrl or imageBase64 is required',
    })
    const both = toolError(
      await callTool(client, 'vectorize_image', {
        imageUrl: 'https://x.example/a.png',
        imageBase64: base64(GIF_BYTES),
      }),
    )
    expect(both.code).toBe('VALIDATION_ERROR')
    const notBase64 = toolError(
      await callTool(client, 'convert_image', { imageBase64: 'not base64!' }),
    )
    expect(notBase64.code).toBe('VALIDATION_ERROR')
    const prompt = toolError(
      await callTool(client, 'generate_figure', {
        prompt: 'Draw a block diagram of my invention, the usual parts.',
      }),
    )
    expect(prompt.code).toBe('PROMPT_NOT_UNDERSTOOD')
    const unknownField = toolError(
      await callTool(client, 'convert_image', { imageUrl: 'https://x.example/a.png', dpis: 300 }),
    )
    expect(unknownField).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Unknown field dpis' })

    expect(await creditsOf(client)).toBe(10)
    expect((await ledgerOf(accountId)).filter((row) => row.kind === 'charge')).toEqual([])
  })

  it('returns INSUFFICIENT_CREDITS as REST does when the balance cannot pay', async () => {
    const { apiKey } = await newAccount(1)
    const { client } = await connect(apiKey)
    const result = toolError(
      await callTool(client, 'generate_figure', { prompt: FIGURE_PROMPT, output: 'svg' }),
    )
    expect(result).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: 'This request needs 8 credits; the balance is 1',
    })
    expect(await creditsOf(client)).toBe(1)
  })

  it('replays the stored result without a second charge when the idempotencyKey is sent again', async () => {
    const { apiKey, accountId } = await newAccount(10)
    const { client } = await connect(apiKey)
    const png = await toPng(lineDrawing(400, 300))
    const args = { imageBase64: base64(png), dpi: 600, idempotencyKey: 'fig-1-attempt' }
    const first = await callTool(client, 'convert_image', args)
    expect(first.isError).toBeFalsy()
    expect(first._meta?.idempotentReplayed).toBeUndefined()
    const again = await callTool(client, 'convert_image', args)
    expect(again.isError).toBeFalsy()
    expect(again.structuredContent).toEqual(first.structuredContent)
    expect(again._meta?.idempotentReplayed).toBe(true)
    expect(again.content.map((block) => block.text)).toContainEqual(
      expect.stringContaining('nothing was charged this time'),
    )
    expect(await creditsOf(client)).toBe(8)

    const conflict = toolError(await callTool(client, 'convert_image', { ...args, dpi: 300 }))
    expect(conflict.code).toBe('IDEMPOTENCY_CONFLICT')
    const badKey = toolError(
      await callTool(client, 'convert_image', { ...args, idempotencyKey: 'not valid!' }),
    )
    expect(badKey.code).toBe('VALIDATION_ERROR')
    const charges = (await ledgerOf(accountId)).filter((row) => row.kind === 'charge')
    expect(charges).toHaveLength(1)
    expect(charges[0]!.idempotency_key).toBe('fig-1-attempt')
    await expectLedgerConsistent(accountId)
  })

  it('answers 401 with our error envelope when the key is missing or invalid', async () => {
    const missing = await connect(null).catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(StreamableHTTPError)
    expect((missing as StreamableHTTPError).code).toBe(401)
    expect((missing as Error).message).toContain('UNAUTHORIZED')

    const refused = await connect('pfg_live_notarealkey').catch((error: unknown) => error)
    expect((refused as StreamableHTTPError).code).toBe(401)

    const response = await call('/v1/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    })
    await expectError(response, 401, 'UNAUTHORIZED')
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"')
  })

  it('answers 405, 202, 406 and JSON-RPC errors when the transport rules call for them', async () => {
    const { apiKey } = await newAccount(5)
    const get = await call('/v1/mcp', {
      headers: { ...bearer(apiKey), accept: 'text/event-stream' },
    })
    await expectError(get, 405, 'METHOD_NOT_ALLOWED')
    expect(get.headers.get('allow')).toBe('POST')
    await expectError(
      await call('/v1/mcp', { method: 'DELETE', headers: bearer(apiKey) }),
      405,
      'METHOD_NOT_ALLOWED',
    )

    const notification = await postRpc(apiKey, {
      jsonrpc: '2.0',
      method: 'notifications/initialized',
    })
    expect(notification.status).toBe(202)
    expect(await notification.text()).toBe('')

    const rpc = async (response: Response, status: number) => {
      expect(response.status).toBe(status)
      expect(response.headers.get('content-type')).toContain('application/json')
      return (await response.json()) as { id: unknown; error?: { code: number; message: string } }
    }
    const version = await rpc(
      await postRpc(
        apiKey,
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { 'mcp-protocol-version': '1900-01-01' },
      ),
      400,
    )
    expect(version.error?.message).toContain('Unsupported MCP-Protocol-Version')
    expect((await rpc(await postRpc(apiKey, '{"jsonrpc":'), 400)).error?.code).toBe(-32700)
    expect(
      (await rpc(await postRpc(apiKey, [{ jsonrpc: '2.0', id: 1, method: 'ping' }]), 400)).error
        ?.code,
    ).toBe(-32600)
    expect((await rpc(await postRpc(apiKey, { id: 1, method: 'ping' }), 400)).error?.code).toBe(
      -32600,
    )
    const notAcceptable = await postRpc(
      apiKey,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { accept: 'text/html' },
    )
    expect(notAcceptable.status).toBe(406)
    const text = await postRpc(apiKey, 'x', { 'content-type': 'text/plain' })
    expect((await rpc(text, 400)).error?.code).toBe(-32000)

    const unknownMethod = await rpc(
      await postRpc(apiKey, { jsonrpc: '2.0', id: 7, method: 'resources/list' }),
      200,
    )
    expect(unknownMethod).toMatchObject({ id: 7, error: { code: -32601 } })
    const unknownTool = await rpc(
      await postRpc(apiKey, {
        jsonrpc: '2.0',
        id: 'a',
        method: 'tools/call',
        params: { name: 'nope' },
      }),
      200,
    )
    expect(unknownTool).toMatchObject({
      id: 'a',
      error: { code: -32602, message: 'Unknown tool: nope' },
    })
    const initialize = await rpc(
      await postRpc(apiKey, {
        jsonrpc: '2.0',
        id: 2,
        method: 'initialize',
        params: {
          protocolVersion: '2024-11-05',
          capabilities: {},
          clientInfo: { name: 'x', version: '1' },
        },
      }),
      200,
    )
    // A revision this server does not speak is answered with its latest; the client decides.
    expect(initialize).toMatchObject({ id: 2, result: { protocolVersion: '2025-11-25' } })
  })

  it('lets browsers send MCP-Protocol-Version when they ask in a preflight', async () => {
    const preflight = await call('/v1/mcp', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://assistant.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'mcp-protocol-version',
    )
  })
})
