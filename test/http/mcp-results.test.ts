// src/http/mcp/results.ts with made-up REST answers: how much SVG markup a tool result embeds,
// and what becomes of an answer that is not our envelope.

import { describe, expect, it } from 'vitest'
import { MAX_INLINE_SVG_BYTES, toolResult } from '../../src/http/mcp/results'

const FILE = 'https://api.test/v1/files/out/acct_1/01J/figure.svg?exp=1&kid=1&sig=x'

const ok = (data: Record<string, unknown>) =>
  new Response(JSON.stringify({ success: true, data }), {
    headers: { 'content-type': 'application/json', 'x-request-id': 'req_1' },
  })

const svgOf = (bytes: number) => `<svg>${'x'.repeat(bytes - 11)}</svg>`

const noDownload = {
  download: async (): Promise<Response> => {
    throw new Error('nothing should be downloaded')
  },
}

describe('mcp tool results', () => {
  it('embeds sheet markup up to the limit and points to the URL when a sheet would pass it', async () => {
    const small = svgOf(1000)
    const large = svgOf(MAX_INLINE_SVG_BYTES)
    const second = FILE.replace('figure.svg', 'figure-2.svg')
    const result = await toolResult(
      ok({
        url: FILE,
        format: 'svg',
        svg: small,
        sheets: [
          { url: FILE, label: 'FIG. 1A', svg: small },
          { url: second, label: 'FIG. 1B', svg: large },
        ],
        creditsConsumed: 8,
      }),
      'sheets',
      noDownload,
    )
    const resources = result.content.filter((block) => block.type === 'resource')
    expect(resources).toEqual([
      { type: 'resource', resource: { uri: FILE, mimeType: 'image/svg+xml', text: small } },
    ])
    expect(result.content).toContainEqual({
      type: 'text',
      text: `The SVG markup of FIG. 1B is not embedded (it would pass ${MAX_INLINE_SVG_BYTES} bytes); download it from ${second}`,
    })
    // The structured answer is the REST data as it was; the text only names the markup.
    expect((result.structuredContent!.sheets as { svg: string }[])[1]!.svg).toBe(large)
    const text = JSON.parse((result.content[0] as { text: string }).text)
    expect(text.sheets[0].svg).toBe(
      '(1000 characters of SVG markup, in the image/svg+xml resource of this result)',
    )
    expect(text.sheets[1].svg).toMatch(/in structuredContent\)$/)
  })

  it('stops downloading and embeds nothing when a vectorized SVG passes the limit', async () => {
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20))
      },
      cancel() {
        cancelled = true
      },
    })
    const result = await toolResult(ok({ url: FILE, format: 'svg', creditsConsumed: 2 }), 'file', {
      download: async () => new Response(body, { status: 200 }),
    })
    expect(cancelled).toBe(true)
    expect(result.content.some((block) => block.type === 'resource')).toBe(false)
    expect(result.content.map((block) => (block as { text?: string }).text)).toContainEqual(
      expect.stringContaining('is not embedded'),
    )
  })

  it('points to the URL when the vectorized SVG cannot be read back', async () => {
    const result = await toolResult(ok({ url: FILE, format: 'svg', creditsConsumed: 2 }), 'file', {
      download: async () => new Response('gone', { status: 404 }),
    })
    expect(result.isError).toBeUndefined()
    expect(result.content).toContainEqual({
      type: 'text',
      text: `The SVG markup of the file could not be read back; download it from ${FILE}`,
    })
  })

  it('links the file and downloads nothing when a vectorized file is not SVG', async () => {
    const result = await toolResult(
      ok({ url: FILE.replace('figure.svg', 'vector.dxf'), format: 'dxf', creditsConsumed: 2 }),
      'file',
      noDownload,
    )
    expect(result.content).toContainEqual(
      expect.objectContaining({
        type: 'resource_link',
        name: 'vector.dxf',
        mimeType: 'image/vnd.dxf',
      }),
    )
  })

  it('reports INTERNAL_ERROR with the status when an answer is not our envelope', async () => {
    const result = await toolResult(
      new Response('upstream trouble', { status: 502 }),
      undefined,
      noDownload,
    )
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'INTERNAL_ERROR: The operation failed with HTTP 502' }],
      _meta: { errorCode: 'INTERNAL_ERROR', httpStatus: 502 },
    })
  })
})
