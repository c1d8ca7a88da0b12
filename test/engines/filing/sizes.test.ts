import { describe, expect, it } from 'vitest'
import {
  fitLongEdge,
  PRESET_LONG_EDGE_PX,
  PREVIEW_LONG_EDGE_PX,
  previewSize,
} from '../../../src/engines/filing/sizes'

describe('engines/filing/sizes fitLongEdge', () => {
  it('keeps the aspect ratio and rounds the short side when downscaling a Letter page', () => {
    // 5100 · 4096 / 6600 = 3165.09
    expect(fitLongEdge(5100, 6600, 4096)).toEqual({ width: 3165, height: 4096 })
  })
  it('gives an exact short side when the ratio divides evenly', () => {
    // 9000 · 2048 / 12000 = 1536
    expect(fitLongEdge(12000, 9000, 2048)).toEqual({ width: 2048, height: 1536 })
  })
  it('gives the long edge on both sides when the image is square', () => {
    expect(fitLongEdge(3000, 3000, 2048)).toEqual({ width: 2048, height: 2048 })
  })
  it('upscales when the image is smaller than the long edge', () => {
    expect(fitLongEdge(100, 50, 2048)).toEqual({ width: 2048, height: 1024 })
    expect(fitLongEdge(3, 7, 4096)).toEqual({ width: 1755, height: 4096 })
  })
  it('keeps at least 1 px on the short side when the image is a sliver', () => {
    expect(fitLongEdge(10000, 1, 2048)).toEqual({ width: 2048, height: 1 })
    expect(fitLongEdge(1, 10000, 1024)).toEqual({ width: 1, height: 1024 })
  })
  it('sets the long side exactly and the short side within half a pixel for many sizes', () => {
    let seed = 12345
    const next = (max: number) => {
      seed = (seed * 1103515245 + 12345) >>> 0
      return 1 + (seed % max)
    }
    for (let n = 0; n < 2000; n++) {
      const width = next(20000)
      const height = next(20000)
      const longEdge = next(8192)
      const out = fitLongEdge(width, height, longEdge)
      const longIsWidth = width >= height
      expect(longIsWidth ? out.width : out.height).toBe(longEdge)
      const short = longIsWidth ? out.height : out.width
      const exact = (Math.min(width, height) * longEdge) / Math.max(width, height)
      expect(short).toBeGreaterThanOrEqual(1)
      expect(Math.abs(short - Math.max(1, exact))).toBeLessThanOrEqual(0.5)
      expect(Number.isInteger(short)).toBe(true)
    }
  })
  it('throws a RangeError in the shared shape when a size is not a positive integer', () => {
    expect(() => fitLongEdge(0, 10, 2048)).toThrow(
      'Expected a positive integer for width but received 0',
    )
    expect(() => fitLongEdge(10, 2.5, 2048)).toThrow(RangeError)
    expect(() => fitLongEdge(10, 10, -1)).toThrow('for longEdge')
    expect(() => fitLongEdge(Number.NaN, 10, 2048)).toThrow(RangeError)
  })
})

describe('engines/filing/sizes presets', () => {
  it('maps 300 DPI to 2048 px and 600 DPI to 4096 px, the same 17.34 cm print length', () => {
    expect(PRESET_LONG_EDGE_PX[300]).toBe(2048)
    expect(PRESET_LONG_EDGE_PX[600]).toBe(4096)
    const cm = (px: number, dpi: number) => (px / dpi) * 2.54
    expect(cm(PRESET_LONG_EDGE_PX[300], 300)).toBeCloseTo(cm(PRESET_LONG_EDGE_PX[600], 600), 10)
    expect(cm(PRESET_LONG_EDGE_PX[300], 300)).toBeCloseTo(17.34, 2)
  })
})

describe('engines/filing/sizes previewSize', () => {
  it('shrinks the long edge to 1024 px when the image is larger', () => {
    expect(PREVIEW_LONG_EDGE_PX).toBe(1024)
    // 5100 · 1024 / 6600 = 791.27
    expect(previewSize(5100, 6600)).toEqual({ width: 791, height: 1024 })
    expect(previewSize(2048, 1536)).toEqual({ width: 1024, height: 768 })
    expect(previewSize(1025, 1)).toEqual({ width: 1024, height: 1 })
  })
  it('keeps the size when the long edge is already 1024 px or less (never upscales)', () => {
    expect(previewSize(800, 600)).toEqual({ width: 800, height: 600 })
    expect(previewSize(1024, 500)).toEqual({ width: 1024, height: 500 })
    expect(previewSize(1, 1)).toEqual({ width: 1, height: 1 })
  })
  it('throws a RangeError when a size is not a positive integer', () => {
    expect(() => previewSize(-5, 10)).toThrow(RangeError)
  })
})
