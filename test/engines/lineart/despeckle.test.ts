// The pixel despeckle stage: specks and pinholes, and the order case where a speck sits inside
// a pinhole that was filled first (erasing it must not spread into the surrounding ink).

import { describe, expect, it } from 'vitest'
import { despeckle } from '../../../src/engines/lineart/despeckle'
import { thresholdInk } from '../../../src/engines/lineart/threshold'
import { block, canvas, segment } from './shapes'

const inkOf = (data: Uint8Array) => data.reduce((n, v) => n + (v & 1), 0)

describe('despeckle', () => {
  it('removes specks and fills pinholes smaller than the given areas', () => {
    const image = canvas(60, 40)
    block(image, 5, 5, 25, 25)
    image.data[10 * 60 + 10] = 255
    block(image, 40, 10, 42, 12)
    const mask = thresholdInk(image)
    expect(despeckle(mask, 9, 9)).toEqual({ specks: 1, holes: 1 })
    expect(inkOf(mask.data)).toBe(400)
  })

  it('keeps the drawing when a speck sits inside a pinhole filled before it', () => {
    const image = canvas(120, 90)
    // A 7 × 7 ring whose 3 × 3 hole holds a dot, joined to a line.
    block(image, 70, 60, 77, 67)
    for (let x = 72; x < 75; x++) for (let y = 62; y < 65; y++) image.data[y * 120 + x] = 255
    image.data[63 * 120 + 73] = 0
    segment(image, 77, 63, 95, 63, 1)
    const mask = thresholdInk(image)
    const before = inkOf(mask.data)
    despeckle(mask, 9, 9)
    // The hole's 8 paper pixels are filled, the dot (a speck met later in raster order) goes;
    // nothing of the ring or the line is lost (the erasure once spread through the filled hole).
    expect(inkOf(mask.data)).toBe(before + 8 - 1)
    expect(mask.data[(63 + 1) * mask.stride + 90 + 1]).toBe(1)
  })
})
