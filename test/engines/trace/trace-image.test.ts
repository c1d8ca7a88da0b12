import { describe, expect, it } from 'vitest'
import type { RasterImage } from '../../../src/engines/raster'
import { traceImage } from '../../../src/engines/trace'
import type { FillLayer, Segment, VectorDrawing, VectorPath } from '../../../src/engines/vector'
import {
  boundaryF1,
  flattenPath,
  iou,
  paintDrawing,
  rasterizeCoverage,
  rasterizeLayer,
} from '../../support/rasterize-vector'

/** A gray image: black (0) where `ink` holds at the pixel centre, white (255) elsewhere. */
function grayImage(width: number, height: number, ink: (x: number, y: number) => boolean) {
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data[y * width + x] = ink(x + 0.5, y + 0.5) ? 0 : 255
  }
  return { width, height, channels: 1 as const, data }
}

/** The 0/1 ink mask of a gray image (level below 128). */
function inkOf(image: RasterImage): Uint8Array {
  return Uint8Array.from(image.data, (v) => (v < 128 ? 1 : 0))
}

function fills(drawing: VectorDrawing): FillLayer[] {
  return drawing.layers.filter((l): l is FillLayer => l.kind === 'fill')
}

function bounds(path: VectorPath) {
  const pts = flattenPath(path)
  let x0 = Number.POSITIVE_INFINITY
  let y0 = Number.POSITIVE_INFINITY
  let x1 = Number.NEGATIVE_INFINITY
  let y1 = Number.NEGATIVE_INFINITY
  for (let i = 0; i < pts.length; i += 2) {
    x0 = Math.min(x0, pts[i]!)
    x1 = Math.max(x1, pts[i]!)
    y0 = Math.min(y0, pts[i + 1]!)
    y1 = Math.max(y1, pts[i + 1]!)
  }
  return { x0, y0, x1, y1 }
}

/** Shoelace area of a path's flattened outline, px² (absolute). */
function areaOf(path: VectorPath): number {
  const pts = flattenPath(path)
  let twice = 0
  for (let i = 0; i < pts.length; i += 2) {
    const j = (i + 2) % pts.length
    twice += pts[i]! * pts[j + 1]! - pts[j]! * pts[i + 1]!
  }
  return Math.abs(twice) / 2
}

/** The end point of each segment: the path's corners when it is all lines. */
function ends(segments: Segment[]) {
  return segments.map((s) => s.to)
}

describe('traceImage', () => {
  it('returns a 4-line closed square with its exact corners and area when the input is a filled square', async () => {
    const image = grayImage(60, 60, (x, y) => x > 10 && x < 50 && y > 10 && y < 50)
    const drawing = await traceImage(image)
    expect(drawing).toMatchObject({ width: 60, height: 60 })
    const [layer] = fills(drawing)
    expect(fills(drawing)).toHaveLength(1)
    expect(layer!.color).toEqual({ r: 0, g: 0, b: 0 })
    expect(layer!.paths).toHaveLength(1)
    const path = layer!.paths[0]!
    expect(path.closed).toBe(true)
    expect(path.segments.map((s) => s.kind)).toEqual(['line', 'line', 'line', 'line'])
    const corners = [path.start, ...ends(path.segments)].map((p) => `${p.x},${p.y}`)
    for (const corner of ['10,10', '50,10', '50,50', '10,50']) expect(corners).toContain(corner)
    expect(Math.abs(areaOf(path) - 1600) / 1600).toBeLessThan(0.01)
  })

  it('keeps the hole as a second subpath that fills back even-odd when the input is a ring', async () => {
    const image = grayImage(120, 120, (x, y) => {
      const r = Math.hypot(x - 60, y - 60)
      return r < 50 && r > 25
    })
    const drawing = await traceImage(image)
    const [layer] = fills(drawing)
    expect(layer!.paths).toHaveLength(2)
    expect(layer!.paths.every((p) => p.closed)).toBe(true)
    const [outer, inner] = [...layer!.paths].sort((a, b) => areaOf(b) - areaOf(a))
    // Edges of the extreme pixels at 10, 110 (outline) and 35, 85 (hole), within a pixel.
    for (const [value, edge] of [
      [bounds(outer!).x0, 10],
      [bounds(outer!).x1, 110],
      [bounds(inner!).x0, 35],
      [bounds(inner!).x1, 85],
    ] as const)
      expect(Math.abs(value - edge)).toBeLessThan(1)
    expect(iou(rasterizeCoverage(drawing), inkOf(image))).toBeGreaterThanOrEqual(0.98)
  })

  it('draws a disc with a few curves and no corners when the input is a disc', async () => {
    const image = grayImage(100, 100, (x, y) => Math.hypot(x - 50, y - 50) < 30)
    const drawing = await traceImage(image)
    const path = fills(drawing)[0]!.paths[0]!
    expect(fills(drawing)[0]!.paths).toHaveLength(1)
    expect(path.segments.every((s) => s.kind === 'cubic')).toBe(true)
    expect(path.segments.length).toBeGreaterThanOrEqual(4)
    expect(path.segments.length).toBeLessThanOrEqual(12)
    const b = bounds(path)
    expect(Math.abs(b.x0 - 20)).toBeLessThan(1)
    expect(Math.abs(b.y1 - 80)).toBeLessThan(1)
    expect(iou(rasterizeCoverage(drawing), inkOf(image))).toBeGreaterThanOrEqual(0.98)
    expect(boundaryF1(rasterizeCoverage(drawing), inkOf(image), 100, 100, 2).f1).toBe(1)
  })

  it('traces one thin closed lens on the line, as potrace does, when the input is a line 1 px wide', async () => {
    const image = grayImage(80, 20, (x, y) => y > 10 && y < 11 && x > 5 && x < 75)
    const drawing = await traceImage(image)
    const paths = fills(drawing)[0]!.paths
    expect(paths).toHaveLength(1)
    const b = bounds(paths[0]!)
    expect(b.x0).toBeGreaterThan(4)
    expect(b.x1).toBeLessThan(76)
    expect(b.x1 - b.x0).toBeGreaterThan(35)
    expect(b.y0).toBeGreaterThanOrEqual(10)
    expect(b.y1).toBeLessThanOrEqual(11)
    expect(areaOf(paths[0]!)).toBeGreaterThan(5)
  })

  it('drops specks below the speckle area and keeps larger dots when the speckle area is 5 px²', async () => {
    const image = grayImage(60, 40, (x, y) => {
      const speck = x > 10 && x < 12 && y > 10 && y < 12 // 2 × 2 = 4 px
      const dot = x > 30 && x < 33 && y > 10 && y < 13 // 3 × 3 = 9 px
      const pinhole =
        x > 40 && x < 56 && y > 20 && y < 36 && !(x > 47 && x < 49 && y > 27 && y < 29)
      return speck || dot || pinhole
    })
    const drawing = await traceImage(image, { speckleAreaPx: 5 })
    const paths = fills(drawing)[0]!.paths
    expect(paths).toHaveLength(2)
    const boxes = paths.map(bounds).sort((a, b) => a.x0 - b.x0)
    expect(boxes[0]!.x0).toBeCloseTo(30, 0)
    expect(boxes[1]!.x0).toBeCloseTo(40, 0)
    const all = await traceImage(image, { speckleAreaPx: 0 })
    expect(fills(all)[0]!.paths).toHaveLength(4)
  })

  it('shows no background along the seam when two colours touch', async () => {
    const width = 120
    const height = 80
    const data = new Uint8Array(width * height * 3).fill(255)
    const red = { r: 220, g: 40, b: 30 }
    const blue = { r: 30, g: 60, b: 200 }
    for (let y = 10; y < 70; y++) {
      for (let x = 10; x < 110; x++) {
        // A slanted seam: red on the left, blue on the right.
        const c = x < 50 + 0.4 * (y - 10) ? red : blue
        data.set([c.r, c.g, c.b], 3 * (y * width + x))
      }
    }
    const drawing = await traceImage({ width, height, channels: 3, data })
    const layers = fills(drawing)
    expect(layers.map((l) => l.color)).toEqual(expect.arrayContaining([red, blue]))
    expect(layers).toHaveLength(2)
    const painted = paintDrawing(drawing)
    let white = 0
    for (let y = 12; y < 68; y++) {
      const seam = Math.round(50 + 0.4 * (y - 10))
      for (let x = seam - 3; x <= seam + 3; x++) {
        const o = 3 * (y * width + x)
        if (painted[o] === 255 && painted[o + 1] === 255 && painted[o + 2] === 255) white++
      }
    }
    expect(white).toBe(0)
    const inside = Uint8Array.from({ length: width * height }, (_, i) =>
      data[3 * i] === 255 && data[3 * i + 1] === 255 ? 0 : 1,
    )
    expect(iou(rasterizeCoverage(drawing), inside)).toBeGreaterThan(0.98)
  })

  it('covers no transparent pixel when an RGBA image has a transparent background', async () => {
    const width = 80
    const height = 80
    const data = new Uint8Array(width * height * 4)
    const opaque = new Uint8Array(width * height)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (Math.hypot(x + 0.5 - 40, y + 0.5 - 40) < 25) {
          data.set([40, 160, 90, 255], 4 * (y * width + x))
          opaque[y * width + x] = 1
        } else data.set([255, 255, 255, 0], 4 * (y * width + x))
      }
    }
    const drawing = await traceImage({ width, height, channels: 4, data })
    const layers = fills(drawing)
    expect(layers).toHaveLength(1)
    expect(layers[0]!.color).toEqual({ r: 40, g: 160, b: 90 })
    const covered = rasterizeCoverage(drawing)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (Math.hypot(x + 0.5 - 40, y + 0.5 - 40) > 26.5) expect(covered[y * width + x]).toBe(0)
      }
    }
    expect(iou(covered, opaque)).toBeGreaterThanOrEqual(0.98)
  })

  it('gives one layer in the dark level when a gray-on-white image has two levels', async () => {
    const image = grayImage(80, 60, (x, y) => x > 15 && x < 65 && y > 10 && y < 50)
    image.data.forEach((v, i) => {
      image.data[i] = v === 0 ? 128 : 255
    })
    const drawing = await traceImage(image)
    const layers = fills(drawing)
    expect(layers).toHaveLength(1)
    expect(layers[0]!.color).toEqual({ r: 128, g: 128, b: 128 })
    const ink = Uint8Array.from(image.data, (v) => (v < 200 ? 1 : 0))
    expect(iou(rasterizeLayer(layers[0]!, 80, 60), ink)).toBeGreaterThanOrEqual(0.99)
  })

  it('copies width, height and density and returns no layers when the image is blank', async () => {
    const blank = {
      width: 30,
      height: 20,
      channels: 1 as const,
      data: new Uint8Array(600).fill(255),
    }
    const drawing = await traceImage({ ...blank, density: { x: 300, y: 300 } })
    expect(drawing).toEqual({ width: 30, height: 20, density: { x: 300, y: 300 }, layers: [] })
  })

  it('traces the same drawing and frees the pixels when releaseImage is set', async () => {
    // Two colours, so the palette indices are freed after the last of several layer masks.
    const twoColours = () => {
      const data = new Uint8Array(90 * 60 * 3).fill(255)
      for (let y = 5; y < 55; y++) {
        for (let x = 5; x < 85; x++)
          data.set(x < 45 ? [220, 40, 30] : [30, 60, 200], 3 * (y * 90 + x))
      }
      return { width: 90, height: 60, channels: 3 as const, data }
    }
    const kept = twoColours()
    const expected = await traceImage(kept)
    expect(kept.data.byteLength).toBe(90 * 60 * 3)
    expect(fills(expected)).toHaveLength(2)
    const released = twoColours()
    expect(await traceImage(released, { releaseImage: true })).toEqual(expected)
    // Detached where the runtime can (ArrayBuffer.prototype.transfer), left to the GC elsewhere.
    const canDetach = typeof (new ArrayBuffer(1) as { transfer?: unknown }).transfer === 'function'
    expect(released.data.byteLength).toBe(canDetach ? 0 : 90 * 60 * 3)
  })

  it('throws a RangeError in the shared message shape when an option is out of range', async () => {
    const image = grayImage(10, 10, () => false)
    await expect(traceImage(image, { maxColors: 0 })).rejects.toThrow(
      'Expected an integer between 1 and 64 for maxColors but received 0',
    )
    await expect(traceImage(image, { optTolerance: -1 })).rejects.toThrow(RangeError)
  })
})
