// Tiled upscaling equals the whole-image pass exactly: the haloed tiles, run through the real
// reference forward pass on the real x2 and x4 weights, reassemble into the same bytes, at tile
// sizes that leave ragged last rows and columns and tiles smaller than the halo. The input read
// as rows (each reused by its source, as a decoder's are) gives the same bytes as the whole one,
// and the source is run to its end or closed.

import { describe, expect, it } from 'vitest'
import x2Weights from '../../../node_modules/@upscalerjs/esrgan-slim/models/x2/group1-shard1of1.bin'
import x2Json from '../../../node_modules/@upscalerjs/esrgan-slim/models/x2/model.json'
import x4Weights from '../../../node_modules/@upscalerjs/esrgan-slim/models/x4/group1-shard1of1.bin'
import x4Json from '../../../node_modules/@upscalerjs/esrgan-slim/models/x4/model.json'
import { parseEsrganSlim } from '../../../src/engines/upscale/model'
import { referenceUpscale } from '../../../src/engines/upscale/reference'
import { HALO_PX, planTiles, upscaleBands } from '../../../src/engines/upscale/tiles'

/** An RGB drawing: a dark diagonal stroke and a box edge on a gradient paper. */
function drawing(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ink = Math.abs(x - y) < 1.5 || (x === 15 && y > 3) || y === 17
      const v = ink ? 20 : 200 + ((x * 3 + y * 2) % 50)
      data.set([v, ink ? 30 : v - 10, ink ? 40 : v - 25], (y * width + x) * 3)
    }
  }
  return data
}

async function tiled(
  forward: (p: Uint8Array, w: number, h: number) => Uint8Array,
  pixels: Uint8Array | AsyncIterable<Uint8Array>,
  width: number,
  height: number,
  scale: number,
  tile: number | { width: number; height: number },
): Promise<Uint8Array> {
  const out = new Uint8Array(width * scale * height * scale * 3)
  let next = 0
  for await (const band of upscaleBands(pixels, width, height, 3, scale, forward, tile)) {
    expect(band.y).toBe(next)
    out.set(band.data, band.y * width * scale * 3)
    next = band.y + band.rows
  }
  expect(next).toBe(height * scale)
  return out
}

/** `pixels` as rows, each written into one reused buffer; `log` records the source's end. */
async function* rowsOf(
  pixels: Uint8Array,
  width: number,
  height: number,
  log: string[] = [],
  extra = 0,
): AsyncGenerator<Uint8Array> {
  const stride = width * 3
  const row = new Uint8Array(stride)
  try {
    for (let y = 0; y < height + extra; y++) {
      row.set(pixels.subarray((y % height) * stride, ((y % height) + 1) * stride))
      yield row
    }
    log.push('ran to its end')
  } finally {
    log.push('closed')
  }
}

describe('upscale tiles', () => {
  it('covers the image with cores once and halos clipped to it', () => {
    const bands = planTiles(300, 130, 128)
    expect(bands.map((b) => b.length)).toEqual([3, 3])
    const covered = new Uint8Array(300 * 130)
    for (const t of bands.flat()) {
      for (let y = t.y0; y < t.y1; y++) for (let x = t.x0; x < t.x1; x++) covered[y * 300 + x]!++
      expect(t.hx0).toBe(Math.max(0, t.x0 - HALO_PX))
      expect(t.hy1).toBe(Math.min(130, t.y1 + HALO_PX))
    }
    expect(covered.every((n) => n === 1)).toBe(true)
  })

  for (const [name, json, weights] of [
    ['x2', x2Json, x2Weights],
    ['x4', x4Json, x4Weights],
  ] as const) {
    it(`reassembles ${name} tiles into exactly the whole-image output`, async () => {
      const net = parseEsrganSlim(json, weights)
      const width = 27
      const height = 22
      const pixels = drawing(width, height)
      const forward = (p: Uint8Array, w: number, h: number) => referenceUpscale(net, p, w, h)
      const whole = forward(pixels, width, height)
      // 12: ragged last tiles (27 = 12 + 12 + 3); the 3-px column is narrower than the halo.
      const out = await tiled(forward, pixels, width, height, net.scale, 12)
      let differ = 0
      for (let i = 0; i < whole.length; i++) if (out[i] !== whole[i]) differ++
      expect(differ).toBe(0)
    })
  }

  it('reads the input as rows, band by band, into the same bytes as the whole image', async () => {
    const net = parseEsrganSlim(x2Json, x2Weights)
    const [width, height] = [27, 22]
    const pixels = drawing(width, height)
    const forward = (p: Uint8Array, w: number, h: number) => referenceUpscale(net, p, w, h)
    const whole = await tiled(forward, pixels, width, height, 2, 12)
    const log: string[] = []
    // 5: bands of 5 rows whose halos (up to 10 rows each way) reach over several bands; then
    // tiles wider than tall, as x4 runs them.
    for (const tile of [12, 5, { width: 12, height: 5 }]) {
      const rows = rowsOf(pixels, width, height, log)
      expect(await tiled(forward, rows, width, height, 2, tile)).toEqual(whole)
      expect(log.splice(0)).toEqual(['ran to its end', 'closed'])
    }
    // A source with rows left over is closed; one with too few rows is an error.
    const more: string[] = []
    await tiled(forward, rowsOf(pixels, width, height, more, 3), width, height, 2, 12)
    expect(more).toEqual(['closed'])
    await expect(
      tiled(forward, rowsOf(pixels, width, height - 1), width, height, 2, 12),
    ).rejects.toThrow(/Expected 22 rows of input but received 21/)
  })

  it('would differ without the halo: the check can fail', async () => {
    const net = parseEsrganSlim(x2Json, x2Weights)
    const pixels = drawing(20, 16)
    const forward = (p: Uint8Array, w: number, h: number) => referenceUpscale(net, p, w, h)
    const whole = forward(pixels, 20, 16)
    const out = new Uint8Array(whole.length)
    for await (const band of upscaleBands(pixels, 20, 16, 3, 2, forward, 10, 0)) {
      out.set(band.data, band.y * 40 * 3)
    }
    let differ = 0
    for (let i = 0; i < whole.length; i++) if (out[i] !== whole[i]) differ++
    expect(differ).toBeGreaterThan(100)
  })
})
