// POST /v1/vectorize through the whole Worker: every engine × format pair from uploads and URLs,
// the outputs downloaded and parsed back (SVG stroke-only / filled, DXF by dxf-parser, PDF page
// size), and every status of spec §4.3 with the balance before and after.

import DxfParser from 'dxf-parser'
import { describe, expect, it } from 'vitest'
import {
  balanceOf,
  call,
  expectError,
  expectLedgerConsistent,
  expectOk,
  fetchOutput,
  newAccount,
  postForm,
  postJson,
} from '../support/api'
import { colourWithAlpha, GIF_BYTES, lineDrawing, type Raster, toPng } from '../support/images'
import { HttpResponse, http, serveImage, server, useFakeNetwork } from '../support/network'
import { readDxfFile } from '../writers/dxf-reader'

useFakeNetwork()

interface VectorizeData {
  url: string
  format: string
  engine: string
  width: number
  height: number
  paths: number
  segments: number
  warnings?: string[]
  creditsConsumed: number
}

const vectorizeOk = (response: Response) => expectOk<VectorizeData>(response)

async function download(url: string): Promise<Response> {
  const response = await fetchOutput(url)
  expect(response.status).toBe(200)
  return response
}

/** The frame's centerline corners of lineDrawing(w, h, 3), in image coordinates. */
const frameCorners = (w: number, h: number) => [
  [1.5, 1.5],
  [w - 1.5, 1.5],
  [w - 1.5, h - 1.5],
  [1.5, h - 1.5],
]

/** A drawing with a filled black square with a square hole, for the trace engine. */
function filledShape(width: number, height: number): Raster {
  const data = new Uint8Array(width * height).fill(255)
  for (let y = 20; y < 80; y++) {
    for (let x = 20; x < 80; x++) {
      const hole = x >= 40 && x < 60 && y >= 40 && y < 60
      if (!hole) data[y * width + x] = 0
    }
  }
  return { width, height, channels: 1, data }
}

describe('POST /v1/vectorize', () => {
  it('traces an uploaded drawing as stroke-only SVG centerlines by default, 2 credits', async () => {
    const { apiKey, accountId } = await newAccount(10)
    const png = await toPng(lineDrawing(400, 300, 3))
    const data = await vectorizeOk(
      await postForm('/v1/vectorize', apiKey, { file: new Blob([png]) }),
    )
    expect(data).toMatchObject({
      format: 'svg',
      engine: 'lineart',
      width: 400,
      height: 300,
      creditsConsumed: 2,
    })
    // Frame, diagonal, circle: a handful of strokes, not pixel fragments.
    expect(data.paths).toBeGreaterThanOrEqual(3)
    expect(data.paths).toBeLessThanOrEqual(8)
    const file = await download(data.url)
    expect(file.headers.get('content-type')).toBe('image/svg+xml')
    expect(file.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="figure-[0-9A-Z]+\.svg"$/,
    )
    const svg = await file.text()
    expect(svg).toContain('viewBox="0 0 400 300"')
    expect(svg).not.toMatch(/<script|<foreignObject|href=/i)
    const paths = svg.match(/<path\b[^>]*>/g) ?? []
    expect(paths.length).toBeGreaterThan(0)
    for (const path of paths) {
      expect(path).toContain('fill="none"')
      expect(path).toMatch(/stroke-linecap="round"/)
    }
    expect(await balanceOf(apiKey)).toBe(8)
    await expectLedgerConsistent(accountId)
  })

  it('keeps a 1 px stipple as dots, and says when the strokes lost most of the ink', async () => {
    const { apiKey } = await newAccount(10)
    let seed = 7
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      return seed % n
    }
    // A drawing copied from a screen: its pen is 1 px, so its 1 px dots are the drawing's own.
    const stipple = new Uint8Array(400 * 300).fill(255)
    let dots = 0
    for (let k = 0; k < 3000; k++) {
      const i = next(300) * 400 + next(400)
      if (stipple[i] === 255) dots++
      stipple[i] = 0
    }
    const kept = await vectorizeOk(
      await postForm('/v1/vectorize', apiKey, {
        file: new Blob([await toPng({ width: 400, height: 300, channels: 1, data: stipple })]),
      }),
    )
    expect(kept.warnings).toBeUndefined()
    const svg = await (await download(kept.url)).text()
    // Each dot a zero-length subpath; touching dots (8-connected) merge into short strokes.
    expect((svg.match(/h0/g) ?? []).length).toBeGreaterThan(0.7 * dots)
    // Lone specks far apart are a scan's noise: dropped, and the response says the ink went.
    const specks = new Uint8Array(400 * 300).fill(255)
    for (let y = 10; y < 300; y += 40)
      for (let x = 10; x < 400; x += 37) specks[(y + next(9)) * 400 + x + next(9)] = 0
    const lost = await vectorizeOk(
      await postForm('/v1/vectorize', apiKey, {
        file: new Blob([await toPng({ width: 400, height: 300, channels: 1, data: specks })]),
      }),
    )
    expect(lost.warnings).toEqual([expect.stringMatching(/hold about 0 % of the image's ink/)])
    const drawing = await vectorizeOk(
      await postForm('/v1/vectorize', apiKey, {
        file: new Blob([await toPng(lineDrawing(400, 300, 3))]),
      }),
    )
    expect(drawing.warnings).toBeUndefined()
  })

  it('writes DXF centerlines that dxf-parser reads: open LWPOLYLINEs through the frame corners', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(lineDrawing(400, 300, 3))
    const data = await vectorizeOk(
      await postForm('/v1/vectorize', apiKey, { file: new Blob([png]), format: 'dxf' }),
    )
    const file = await download(data.url)
    expect(file.headers.get('content-type')).toBe('image/vnd.dxf')
    const text = await file.text()
    expect(text).toContain('AC1015')
    expect(text).not.toContain('SPLINE')
    const dxf = new DxfParser().parseSync(text)
    const polylines = (dxf?.entities ?? []).filter((e) => e.type === 'LWPOLYLINE') as unknown as {
      vertices: { x: number; y: number }[]
    }[]
    expect(polylines.length).toBeGreaterThanOrEqual(3)
    // No density in the PNG: millimetres at 300 DPI ($INSUNITS 4, for CAD), y up (y' = height − y).
    expect(readDxfFile(text).header.get('$INSUNITS')).toEqual(['4'])
    const mm = 25.4 / 300
    const vertices = polylines.flatMap((p) => p.vertices).map((v) => ({ x: v.x / mm, y: v.y / mm }))
    for (const [x, y] of frameCorners(400, 300)) {
      const nearest = Math.min(...vertices.map((v) => Math.hypot(v.x - x!, v.y - (300 - y!))))
      expect(nearest).toBeLessThan(1.5)
    }
    for (const v of vertices) {
      expect(v.x).toBeGreaterThanOrEqual(-1)
      expect(v.x).toBeLessThanOrEqual(401)
      expect(v.y).toBeGreaterThanOrEqual(-1)
      expect(v.y).toBeLessThanOrEqual(301)
    }
  })

  it('writes a vector PDF sized from the pixels and the input DPI', async () => {
    const { apiKey } = await newAccount(10)
    // 600 x 300 px at 300 DPI = 2 x 1 in = 144 x 72 pt.
    const png = await toPng(lineDrawing(600, 300, 3), 300)
    const data = await vectorizeOk(
      await postForm('/v1/vectorize', apiKey, { file: new Blob([png]), format: 'pdf' }),
    )
    const file = await download(data.url)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    const bytes = new Uint8Array(await file.arrayBuffer())
    const text = new TextDecoder('latin1').decode(bytes)
    expect(text.startsWith('%PDF-1.')).toBe(true)
    expect(text).toMatch(/\/MediaBox\s*\[\s*0\s+0\s+144(\.0+)?\s+72(\.0+)?\s*\]/)
    expect(text).not.toMatch(/\/Subtype\s*\/Image/)
  })

  it('stamps physical units in the SVG when the input carries a DPI', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(lineDrawing(600, 300, 3), 300)
    const data = await vectorizeOk(
      await postForm('/v1/vectorize', apiKey, { file: new Blob([png]) }),
    )
    const svg = await (await download(data.url)).text()
    expect(svg).toMatch(/width="2in"/)
    expect(svg).toMatch(/height="1in"/)
  })

  it('traces fills with the trace engine: filled paths, the hole kept, for all three formats', async () => {
    const { apiKey } = await newAccount(20)
    const png = await toPng(filledShape(100, 100))
    for (const format of ['svg', 'dxf', 'pdf'] as const) {
      const data = await vectorizeOk(
        await postForm('/v1/vectorize', apiKey, {
          file: new Blob([png]),
          engine: 'trace',
          format,
        }),
      )
      expect(data).toMatchObject({ engine: 'trace', format, creditsConsumed: 2 })
      // The outline and its hole.
      expect(data.paths).toBe(2)
      const text = await (await download(data.url)).text()
      if (format === 'svg') {
        expect(text).toMatch(/fill="#000000"|fill="#000"/)
        expect(text).not.toContain('fill="none"')
      } else if (format === 'dxf') {
        // One solid HATCH for the region: its outline and the hole, both closed loops.
        const hatches = readDxfFile(text).entities.filter((e) => e.type === 'HATCH')
        expect(hatches).toHaveLength(1)
        expect(hatches[0]).toMatchObject({ solid: true })
        expect(hatches[0]!.loops).toHaveLength(2)
        expect(hatches[0]!.loops.every((loop) => loop.closed && loop.vertices.length >= 4)).toBe(
          true,
        )
      } else {
        expect(text.startsWith('%PDF-1.')).toBe(true)
      }
    }
    expect(await balanceOf(apiKey)).toBe(14)
  })

  it('does not trace a transparent background as a shape', async () => {
    const { apiKey } = await newAccount(10)
    // Opaque from x = 12 on; the band x < 12 is fully transparent.
    const png = await toPng(colourWithAlpha(120, 80))
    const data = await vectorizeOk(
      await postForm('/v1/vectorize', apiKey, {
        file: new Blob([png]),
        engine: 'trace',
        format: 'dxf',
      }),
    )
    expect(data.paths).toBeGreaterThan(0)
    const dxf = readDxfFile(await (await download(data.url)).text())
    const mm = 25.4 / 300
    const vertices = dxf.entities.flatMap((e) =>
      e.type === 'HATCH' ? e.loops.flatMap((loop) => loop.vertices) : e.vertices,
    )
    expect(vertices.length).toBeGreaterThan(0)
    // No outline reaches into the transparent band (a traced background would start at x = 0).
    expect(Math.min(...vertices.map((v) => v.x / mm))).toBeGreaterThanOrEqual(11)
  })

  it('vectorizes from an imageUrl (JSON body)', async () => {
    const { apiKey } = await newAccount(10)
    serveImage('https://images.example.com/sketch.png', await toPng(lineDrawing(300, 200, 3)))
    const data = await vectorizeOk(
      await postJson('/v1/vectorize', apiKey, {
        imageUrl: 'https://images.example.com/sketch.png',
        format: 'dxf',
        engine: 'lineart',
      }),
    )
    expect(data).toMatchObject({ format: 'dxf', engine: 'lineart', width: 300, height: 200 })
  })

  it('replays an idempotent request without a second charge, and 409s a changed body', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(lineDrawing(200, 150, 3))
    const headers = { 'idempotency-key': 'vec-once-1' }
    const first = await vectorizeOk(
      await postForm('/v1/vectorize', apiKey, { file: new Blob([png]) }, headers),
    )
    const again = await vectorizeOk(
      await postForm('/v1/vectorize', apiKey, { file: new Blob([png]) }, headers),
    )
    expect(again.url).toBe(first.url)
    expect(await balanceOf(apiKey)).toBe(8)
    await expectError(
      await postForm('/v1/vectorize', apiKey, { file: new Blob([png]), format: 'pdf' }, headers),
      409,
      'IDEMPOTENCY_CONFLICT',
    )
    expect(await balanceOf(apiKey)).toBe(8)
  })

  describe('400', () => {
    it('rejects an unknown engine or format, naming the field', async () => {
      const { apiKey } = await newAccount(10)
      const engine = await expectError(
        await postJson('/v1/vectorize', apiKey, {
          imageUrl: 'https://images.example.com/a.png',
          engine: 'potrace',
        }),
        400,
        'VALIDATION_ERROR',
      )
      expect(engine.message).toContain('engine')
      const format = await expectError(
        await postJson('/v1/vectorize', apiKey, {
          imageUrl: 'https://images.example.com/a.png',
          format: 'eps',
        }),
        400,
        'VALIDATION_ERROR',
      )
      expect(format.message).toContain('format')
      expect(await balanceOf(apiKey)).toBe(10)
    })

    it('rejects a file that is not an accepted image, and a corrupt one, without a charge', async () => {
      const { apiKey, accountId } = await newAccount(10)
      await expectError(
        await postForm('/v1/vectorize', apiKey, { file: new Blob([GIF_BYTES]) }),
        400,
        'UNSUPPORTED_IMAGE_TYPE',
      )
      const png = await toPng(lineDrawing(64, 64))
      await expectError(
        await postForm('/v1/vectorize', apiKey, { file: new Blob([png.subarray(0, 60)]) }),
        400,
        'INVALID_IMAGE',
      )
      expect(await balanceOf(apiKey)).toBe(10)
      await expectLedgerConsistent(accountId)
    })

    it('refuses images over the /vectorize pixel cap from the header alone', async () => {
      const { VECTORIZE_LIMITS } = await import('../../src/operations/vectorize-image')
      const { apiKey } = await newAccount(10)
      const width = 8000
      const height = Math.ceil(VECTORIZE_LIMITS.maxPixels / width) + 1
      const png = await toPng(lineDrawing(8, 8))
      // Rewrite the IHDR size (and its CRC): refused before any pixel is decoded.
      const view = new DataView(png.buffer, png.byteOffset)
      view.setUint32(16, width)
      view.setUint32(20, height)
      const { crc32 } = await import('../../src/lib/crc32')
      view.setUint32(29, crc32(png.subarray(12, 29)))
      const error = await expectError(
        await postForm('/v1/vectorize', apiKey, { file: new Blob([png]) }),
        400,
        'IMAGE_DIMENSIONS_TOO_LARGE',
      )
      expect(error.message).toContain('/vectorize is limited to 12.0 MP')
      expect(await balanceOf(apiKey)).toBe(10)
    })

    it("refuses images over the trace engine's lower cap, naming it", async () => {
      const { vectorizeLimits } = await import('../../src/operations/vectorize-image')
      const cap = vectorizeLimits('trace').maxPixels
      const { apiKey } = await newAccount(10)
      const png = await toPng(lineDrawing(8, 8))
      const view = new DataView(png.buffer, png.byteOffset)
      view.setUint32(16, 4000)
      view.setUint32(20, Math.ceil(cap / 4000) + 1)
      const { crc32 } = await import('../../src/lib/crc32')
      view.setUint32(29, crc32(png.subarray(12, 29)))
      const error = await expectError(
        await postForm('/v1/vectorize', apiKey, { file: new Blob([png]), engine: 'trace' }),
        400,
        'IMAGE_DIMENSIONS_TOO_LARGE',
      )
      expect(error.message).toContain('/vectorize with engine trace is limited to 8.0 MP')
      expect(await balanceOf(apiKey)).toBe(10)
    })
  })

  it('returns 401 without a key', async () => {
    await expectError(
      await call('/v1/vectorize', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ imageUrl: 'https://images.example.com/a.png' }),
      }),
      401,
      'UNAUTHORIZED',
    )
  })

  it('returns 402 when the balance is below 2 credits, before fetching', async () => {
    const { apiKey } = await newAccount(1)
    let fetched = false
    server.use(
      http.get('https://images.example.com/never.png', () => {
        fetched = true
        return new HttpResponse(null, { status: 500 })
      }),
    )
    const error = await expectError(
      await postJson('/v1/vectorize', apiKey, { imageUrl: 'https://images.example.com/never.png' }),
      402,
      'INSUFFICIENT_CREDITS',
    )
    expect(error.message).toBe('This request needs 2 credits; the balance is 1')
    expect(fetched).toBe(false)
  })

  it('returns 422 when the imageUrl cannot be fetched, and refunds', async () => {
    const { apiKey, accountId } = await newAccount(10)
    server.use(
      http.get(
        'https://images.example.com/gone.png',
        () => new HttpResponse(null, { status: 404 }),
      ),
    )
    await expectError(
      await postJson('/v1/vectorize', apiKey, { imageUrl: 'https://images.example.com/gone.png' }),
      422,
      'IMAGE_FETCH_FAILED',
    )
    expect(await balanceOf(apiKey)).toBe(10)
    await expectLedgerConsistent(accountId)
  })
})
