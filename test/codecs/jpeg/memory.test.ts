import { describe, expect, it } from 'vitest'
import { openJpeg } from '../../../src/codecs/jpeg/open'
import { planes, quantTable, writeJpeg } from '../../support/jpeg-writer'
import { jpegFixture, mozEncodeJpeg } from '../../support/mozjpeg'
import { photo } from '../../support/photo'
import { collectRows } from '../../support/pixels'

// The decoder's memory by construction: `bufferBytes` counts every buffer it allocates, and must
// not grow with the image height, whatever the scan structure (node test jpeg-tools prints what a
// 40 MP decode really allocates).

function bufferBytes(bytes: Uint8Array, output: 'luma' | 'color'): number {
  const opened = openJpeg(bytes, { output })
  if (!opened.ok) throw new Error(opened.error.message)
  return opened.value.bufferBytes
}

const WIDTH = 320

async function mozjpeg(height: number, progressive: boolean): Promise<Uint8Array> {
  const options = {
    quality: 80,
    progressive,
    baseline: !progressive,
    auto_subsample: false,
    chroma_subsample: 2,
  }
  return mozEncodeJpeg(photo(WIDTH, height, 2), WIDTH, height, options)
}

/** Non-interleaved baseline: one scan per component. */
function nonInterleaved(height: number): Uint8Array {
  const pixels = new Uint8Array(photo(WIDTH, height, 2).buffer)
  const factors: Array<[number, number]> = [
    [2, 2],
    [1, 1],
    [1, 1],
  ]
  const components = planes(pixels, WIDTH, height, 4, factors).map((samples, i) => ({
    id: i + 1,
    h: factors[i]![0],
    v: factors[i]![1],
    tq: 0,
    samples,
  }))
  return writeJpeg({
    width: WIDTH,
    height,
    components,
    quant: [quantTable(80)],
    scans: [[0], [1], [2]],
  })
}

describe('codecs/jpeg buffers do not grow with the height', () => {
  const kinds: Array<[string, (height: number) => Promise<Uint8Array> | Uint8Array]> = [
    ['baseline', (h) => mozjpeg(h, false)],
    ['progressive', (h) => mozjpeg(h, true)],
    ['non-interleaved baseline', nonInterleaved],
  ]
  for (const [label, make] of kinds) {
    it(`holds the same buffers for 16 and 1024 rows (${label})`, async () => {
      const short = await make(16)
      const tall = await make(1024)
      for (const output of ['luma', 'color'] as const) {
        expect(bufferBytes(tall, output), output).toBe(bufferBytes(short, output))
        // About 100 bytes per column at most (two bands of 16 rows, one band of coefficients,
        // row buffers), far below the 3 bytes per pixel of the tall image.
        expect(bufferBytes(tall, output)).toBeLessThan(WIDTH * 128)
      }
      const opened = openJpeg(tall, { output: 'color' })
      if (!opened.ok) throw new Error(opened.error.message)
      expect((await collectRows(opened.value)).length).toBe(WIDTH * 1024 * 3)
    })
  }

  it('keeps no chroma buffers for luma output of a 4:2:0 file', async () => {
    const bytes = await mozjpeg(64, false)
    const luma = bufferBytes(bytes, 'luma')
    const color = bufferBytes(bytes, 'color')
    // Luma: Y coefficients (2 B), block flags and a 2-band ring (2 B) per Y sample of one band;
    // rows are views into the ring. Colour adds two chroma planes at 1/4 size and row buffers.
    const yBand = Math.ceil(WIDTH / 16) * 16 * 16
    expect(luma).toBe(yBand * 2 + yBand / 64 + yBand * 2)
    expect(color).toBeGreaterThan(luma * 1.4)
  })

  it('adds one whole-image buffer only for EXIF orientations that reorder rows', () => {
    const stored = 40 * 24
    const plain = bufferBytes(jpegFixture('orient-1.jpg'), 'luma')
    expect(bufferBytes(jpegFixture('orient-2.jpg'), 'luma')).toBe(plain + 40)
    for (const n of [3, 4])
      expect(bufferBytes(jpegFixture(`orient-${n}.jpg`), 'luma')).toBe(plain + stored)
    // 5..8 store the picture 24 wide, so their band buffers are narrower.
    const turned = bufferBytes(jpegFixture('orient-5.jpg'), 'color')
    for (const n of [6, 7, 8])
      expect(bufferBytes(jpegFixture(`orient-${n}.jpg`), 'color')).toBe(turned)
    expect(turned).toBeGreaterThan(stored * 3)
  })
})
