// The figure lines engine's stages one by one, on small rasters built in code: geometry of what
// each keeps and removes.

import { describe, expect, it } from 'vitest'
import { PHOTO_PARAMS } from '../../../../src/engines/figure/lines'
import { dropFragments } from '../../../../src/engines/figure/lines/drop-fragments'
import { evenPaper } from '../../../../src/engines/figure/lines/even-paper'
import { hollowFills } from '../../../../src/engines/figure/lines/hollow-fills'
import { judgeKind } from '../../../../src/engines/figure/lines/judge-kind'
import { smoothEdgePreserving } from '../../../../src/engines/figure/lines/smooth'
import { thresholdDrawing } from '../../../../src/engines/figure/lines/threshold-drawing'
import {
  toWorkingGray,
  WORKING_MAX_PIXELS,
  workingSize,
} from '../../../../src/engines/figure/lines/working-gray'
import { xdogLines } from '../../../../src/engines/figure/lines/xdog'
import { createMask, type Mask } from '../../../../src/engines/lineart/mask'
import type { GrayImage } from '../../../../src/engines/raster'
import { normal } from '../../../support/line-art'
import { cleanDrawing, shadedObjects } from './images'

const at = (mask: Mask, x: number, y: number) => mask.data[(y + 1) * mask.stride + x + 1]!
const set = (mask: Mask, x0: number, y0: number, x1: number, y1: number) => {
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) mask.data[(y + 1) * mask.stride + x + 1] = 1
}
const inkCount = (mask: Mask) => mask.data.reduce((sum, v) => sum + v, 0)

describe('workingSize', () => {
  it('caps the long edge at 1280 px and keeps the aspect ratio', () => {
    expect(workingSize(3000, 2000)).toEqual({ width: 1280, height: 853 })
    expect(workingSize(900, 3600)).toEqual({ width: 320, height: 1280 })
  })

  it('caps the area at 1.5 MP for square images, and never enlarges', () => {
    const square = workingSize(4000, 4000)
    expect(square.width).toBe(square.height)
    expect(square.width * square.height).toBeLessThanOrEqual(WORKING_MAX_PIXELS * 1.001)
    expect(square.width).toBeGreaterThan(1200)
    expect(workingSize(640, 480)).toEqual({ width: 640, height: 480 })
  })
})

describe('toWorkingGray', () => {
  it('returns a small gray image as it is, with no copy', async () => {
    const image = cleanDrawing(64, 48).image as GrayImage
    expect((await toWorkingGray(image)).data).toBe(image.data)
  })

  it('flattens RGBA over white and shrinks it to the working size', async () => {
    const width = 2560
    const height = 40
    const data = new Uint8Array(width * height * 4)
    for (let i = 0; i < width * height; i++)
      data.set([255, 0, 0, i % width < width / 2 ? 255 : 0], 4 * i)
    const gray = await toWorkingGray({ width, height, channels: 4, data })
    expect([gray.width, gray.height, gray.channels]).toEqual([1280, 20, 1])
    // Opaque red is luma 76; transparent is white.
    expect(gray.data[10 * 1280 + 100]).toBeCloseTo(76, -1)
    expect(gray.data[10 * 1280 + 1200]).toBe(255)
  })
})

describe('judgeKind', () => {
  it('calls white and uniform gray blank, a drawing line art and a shaded photo a photo', () => {
    const white: GrayImage = {
      width: 200,
      height: 100,
      channels: 1,
      data: new Uint8Array(20_000).fill(255),
    }
    const gray: GrayImage = { ...white, data: new Uint8Array(20_000).fill(128) }
    expect(judgeKind(white).kind).toBe('blank')
    expect(judgeKind(gray).kind).toBe('blank')
    expect(judgeKind(cleanDrawing(320, 240).image as GrayImage).kind).toBe('lineart')
    const photo = shadedObjects(320, 240).image
    const luma = new Uint8Array(320 * 240)
    for (let i = 0; i < luma.length; i++) luma[i] = photo.data[3 * i + 1]!
    expect(judgeKind({ width: 320, height: 240, channels: 1, data: luma }).kind).toBe('photo')
  })
})

describe('dropFragments', () => {
  function scene(): Mask {
    const mask = createMask(200, 100)
    set(mask, 10, 10, 190, 12) // a long line
    for (let x = 10; x < 150; x += 10) set(mask, x, 50, x + 6, 52) // a dashed line: 6-px dashes
    set(mask, 100, 85, 103, 88) // a lone speck
    return mask
  }

  it('drops lone pieces and keeps the dashes of a dashed line on line art', () => {
    const mask = scene()
    const stats = dropFragments(mask, 20, 6)
    expect(stats.dropped).toBe(1)
    expect(at(mask, 101, 86)).toBe(0)
    expect(at(mask, 12, 50)).toBe(1)
    expect(at(mask, 100, 10)).toBe(1)
    expect(stats.components).toBe(15)
  })

  it('drops every short piece when company does not count (the photo path)', () => {
    const mask = scene()
    const stats = dropFragments(mask, 20, Number.POSITIVE_INFINITY)
    expect(stats.dropped).toBe(15)
    expect(stats.components).toBe(1)
    expect(stats.ink).toBe(180 * 2)
  })
})

describe('hollowFills', () => {
  it('hollows a solid square to an outline and leaves a thin line alone', () => {
    const mask = createMask(200, 120)
    set(mask, 20, 20, 100, 100) // an 80-px square fill
    set(mask, 120, 10, 123, 110) // a 3-px line
    const stats = hollowFills(mask)
    expect(stats.penPx).toBeLessThan(4)
    expect(at(mask, 60, 60)).toBe(0)
    expect(at(mask, 20, 60)).toBe(1)
    expect(at(mask, 60, 99)).toBe(1)
    for (let y = 10; y < 110; y++) for (let x = 120; x < 123; x++) expect(at(mask, x, y)).toBe(1)
    // What is left of the square is a ring a few pixels wide.
    let ring = 0
    for (let y = 20; y < 100; y++) for (let x = 20; x < 100; x++) ring += at(mask, x, y)
    expect(ring).toBeGreaterThan(4 * 78 * 2)
    expect(ring).toBeLessThan(4 * 80 * 5)
  })
})

describe('evenPaper', () => {
  it('divides out a lamp’s falloff and keeps a shaded face dark', () => {
    const width = 640
    const height = 480
    const data = new Uint8Array(width * height)
    const face = (x: number, y: number) => x >= 200 && x < 440 && y >= 120 && y < 360
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const light = 235 - 90 * ((0.6 * x) / width + (0.4 * y) / height)
        data[y * width + x] = Math.round(light * (face(x, y) ? 0.45 : 1))
      }
    }
    const even = evenPaper(data, width, height)
    const paper = [even[10 * width + 10]!, even[470 * width + 630]!, even[240 * width + 100]!]
    expect(Math.max(...paper) - Math.min(...paper)).toBeLessThanOrEqual(4)
    // The face keeps its shade (45 % of the paper) from corner to corner, with no lifted middle.
    for (const [x, y] of [
      [205, 125],
      [320, 240],
      [435, 355],
    ]) {
      expect(even[y! * width + x!]! / paper[0]!).toBeCloseTo(0.45, 1)
    }
  })

  it('returns evenly lit paper as it is', () => {
    const data = cleanDrawing(200, 150).image.data
    expect(evenPaper(data, 200, 150)).toBe(data)
  })
})

describe('thresholdDrawing', () => {
  it('makes a large shaded face one fill, whose hollowing leaves only its outline', () => {
    const width = 800
    const height = 600
    const data = new Uint8Array(width * height)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const d = Math.hypot(x + 0.5 - 400, y + 0.5 - 300)
        data[y * width + x] = Math.abs(d - 200) < 1.5 ? 15 : d < 200 ? 95 : 240
      }
    }
    const mask = thresholdDrawing({ width, height, channels: 1, data }, 'reference')
    hollowFills(mask)
    let stray = 0
    let ring = 0
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const d = Math.hypot(x + 0.5 - 400, y + 0.5 - 300)
        if (d < 190 || d > 210) stray += at(mask, x, y)
        else ring += at(mask, x, y)
      }
    }
    expect(stray).toBe(0)
    expect(ring).toBeGreaterThan(2 * Math.PI * 200 * 3)
  })

  it('keeps a model’s black lines and drops its light shading', () => {
    const width = 200
    const height = 100
    const data = new Uint8Array(width * height).fill(240)
    for (let y = 20; y < 80; y++) for (let x = 20; x < 120; x++) data[y * width + x] = 180
    for (let x = 10; x < 190; x++) data[50 * width + x] = 20
    const mask = thresholdDrawing({ width, height, channels: 1, data }, 'model')
    expect(inkCount(mask)).toBe(180)
    expect(at(mask, 60, 50)).toBe(1)
    expect(at(mask, 60, 30)).toBe(0)
  })
})

describe('xdogLines', () => {
  it('marks a band on the dark side of a noisy step edge, and nothing on flat ground', () => {
    const width = 160
    const height = 120
    const noise = normal(4)
    const data = new Uint8Array(width * height)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++)
        data[y * width + x] = (x < 80 ? 70 : 190) + Math.round(4 * noise())
    }
    const gray: GrayImage = { width, height, channels: 1, data }
    const smoothed = smoothEdgePreserving(gray, PHOTO_PARAMS.smooth)
    const mask = xdogLines(smoothed, width, height, { lo: 62, hi: 198 }, PHOTO_PARAMS.xdog)
    let rows = 0
    for (let y = 0; y < height; y++) {
      let hit = false
      for (let x = 0; x < width; x++) {
        if (!at(mask, x, y)) continue
        expect(x).toBeGreaterThanOrEqual(74)
        expect(x).toBeLessThan(80)
        hit = true
      }
      if (hit) rows++
    }
    expect(rows).toBeGreaterThanOrEqual(0.95 * height)
  })
})
