import { describe, expect, it } from 'vitest'
import type { FillLayer, StrokeLayer, VectorDrawing } from '../../../src/engines/vector'
import {
  boundaryF1,
  flattenArc,
  iou,
  paintDrawing,
  rasterizeCoverage,
  rasterizeLayer,
} from '../../support/rasterize-vector'

const BLACK = { r: 0, g: 0, b: 0 }

describe('rasterize-vector (test support)', () => {
  it('fills exactly the pixel centres inside a square, even-odd with a square hole', () => {
    const layer: FillLayer = {
      kind: 'fill',
      color: BLACK,
      paths: [
        {
          start: { x: 2, y: 2 },
          closed: true,
          segments: [
            { kind: 'line', to: { x: 12, y: 2 } },
            { kind: 'line', to: { x: 12, y: 12 } },
            { kind: 'line', to: { x: 2, y: 12 } },
          ],
        },
        {
          start: { x: 5, y: 5 },
          closed: true,
          segments: [
            { kind: 'line', to: { x: 5, y: 9 } },
            { kind: 'line', to: { x: 9, y: 9 } },
            { kind: 'line', to: { x: 9, y: 5 } },
          ],
        },
      ],
    }
    const mask = rasterizeLayer(layer, 14, 14)
    for (let y = 0; y < 14; y++) {
      for (let x = 0; x < 14; x++) {
        const outer = x >= 2 && x < 12 && y >= 2 && y < 12
        const hole = x >= 5 && x < 9 && y >= 5 && y < 9
        expect(mask[y * 14 + x]).toBe(outer && !hole ? 1 : 0)
      }
    }
  })

  it('bends a positive bulge counterclockwise as seen on screen', () => {
    // From (30, 20) to (10, 20) with bulge 1: a half circle through (20, 10), above the chord on
    // screen (counterclockwise as the viewer sees it, like 3 → 12 → 9 o'clock).
    const points = flattenArc({ x: 30, y: 20 }, { x: 10, y: 20 }, 1)
    const ys = points.filter((_, i) => i % 2 === 1)
    expect(Math.min(...ys)).toBeCloseTo(10, 1)
    expect(Math.max(...ys)).toBeCloseTo(20, 6)
    const layer: FillLayer = {
      kind: 'fill',
      color: BLACK,
      paths: [
        {
          start: { x: 30, y: 20 },
          closed: true,
          segments: [{ kind: 'arc', to: { x: 10, y: 20 }, bulge: 1 }],
        },
      ],
    }
    const mask = rasterizeLayer(layer, 40, 40)
    expect(mask[15 * 40 + 20]).toBe(1)
    expect(mask[25 * 40 + 20]).toBe(0)
    let area = 0
    for (const v of mask) area += v
    expect(Math.abs(area - (Math.PI * 100) / 2)).toBeLessThan(6)
  })

  it('strokes within half the pen width of a line and paints a dot as a disc', () => {
    const layer: StrokeLayer = {
      kind: 'stroke',
      color: BLACK,
      width: 4,
      paths: [
        {
          start: { x: 5, y: 10 },
          closed: false,
          segments: [{ kind: 'line', to: { x: 35, y: 10 } }],
        },
        { start: { x: 20, y: 30 }, closed: false, segments: [] },
      ],
    }
    const mask = rasterizeLayer(layer, 40, 40)
    expect(mask[10 * 40 + 20]).toBe(1)
    expect(mask[11 * 40 + 20]).toBe(1)
    expect(mask[12 * 40 + 20]).toBe(0)
    expect(mask[30 * 40 + 20]).toBe(1)
    expect(mask[30 * 40 + 23]).toBe(0)
  })

  it('paints layers in order over white and scores identical masks 1', () => {
    const square = (x0: number, color: { r: number; g: number; b: number }): FillLayer => ({
      kind: 'fill',
      color,
      paths: [
        {
          start: { x: x0, y: 0 },
          closed: true,
          segments: [
            { kind: 'line', to: { x: x0 + 6, y: 0 } },
            { kind: 'line', to: { x: x0 + 6, y: 4 } },
            { kind: 'line', to: { x: x0, y: 4 } },
          ],
        },
      ],
    })
    const drawing: VectorDrawing = {
      width: 12,
      height: 6,
      layers: [square(0, { r: 10, g: 20, b: 30 }), square(4, { r: 200, g: 100, b: 50 })],
    }
    const rgb = paintDrawing(drawing)
    expect(Array.from(rgb.subarray(0, 3))).toEqual([10, 20, 30])
    expect(Array.from(rgb.subarray(3 * 5, 3 * 6))).toEqual([200, 100, 50])
    expect(Array.from(rgb.subarray(3 * (5 * 12), 3 * (5 * 12) + 3))).toEqual([255, 255, 255])
    const coverage = rasterizeCoverage(drawing)
    expect(iou(coverage, coverage)).toBe(1)
    expect(boundaryF1(coverage, coverage, 12, 6, 2).f1).toBe(1)
    const shifted = new Uint8Array(coverage.length)
    shifted.set(coverage.subarray(0, coverage.length - 12), 12)
    expect(iou(coverage, shifted)).toBeLessThan(1)
    expect(boundaryF1(coverage, shifted, 12, 6, 0).f1).toBeLessThan(1)
  })
})
