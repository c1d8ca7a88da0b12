import { describe, expect, it } from 'vitest'
import { openTiff } from '../../../src/codecs/tiff/decode'
import { base64Bytes } from '../../support/fixtures'

/** Reads a fixture through Vite as a base64 data URL (workerd has no file system). */
async function fixture(name: string): Promise<Uint8Array> {
  const module = await import(`../../fixtures/tiff/${name}?url&inline`)
  return base64Bytes(String(module.default))
}

const CHANNELS = { gray: 1, graya: 2, rgb: 3, rgba: 4 } as const

/**
 * The expected 8-bit pixels: `.gray16`/`.rgb16`/`.rgba16` dumps are 16-bit little-endian and are
 * reduced here with the rounding the decoder documents, (v * 255 + 32767) / 65535.
 */
async function expectedPixels(name: string): Promise<{ pixels: Uint8Array; channels: number }> {
  const bytes = await fixture(name)
  const extension = name.slice(name.lastIndexOf('.') + 1)
  const wide = extension.endsWith('16')
  const kind = (wide ? extension.slice(0, -2) : extension) as keyof typeof CHANNELS
  if (!wide) return { pixels: bytes, channels: CHANNELS[kind] }
  const pixels = new Uint8Array(bytes.length / 2)
  for (let i = 0; i < pixels.length; i++) {
    const v = bytes[2 * i]! | (bytes[2 * i + 1]! << 8)
    pixels[i] = Math.floor((v * 255 + 32767) / 65535)
  }
  return { pixels, channels: CHANNELS[kind] }
}

/** Each fixture and the raw ImageMagick dump it must decode to (see the fixtures README). */
const CASES: Array<[file: string, expected: string]> = [
  ['gray8.tif', 'gray8.gray'],
  ['gray8-packbits.tif', 'gray8.gray'],
  ['gray8-lzw.tif', 'gray8.gray'],
  ['gray8-lzw2.tif', 'gray8.gray'],
  ['gray8-zip.tif', 'gray8.gray'],
  ['gray8-zip2-strips.tif', 'gray8.gray'],
  ['gray8-tiled-lzw2.tif', 'gray8.gray'],
  ['gray8-be-packbits-strips.tif', 'gray8.gray'],
  ['gray8-cm-lzw.tif', 'gray8.gray'],
  ['gray16.tif', 'gray16.gray16'],
  ['gray16-zip2.tif', 'gray16.gray16'],
  ['gray16-be.tif', 'gray16.gray16'],
  ['gray16-be-lzw2.tif', 'gray16.gray16'],
  ['gray4.tif', 'gray4.gray'],
  ['gray4-packbits.tif', 'gray4.gray'],
  ['gray4-lzw.tif', 'gray4.gray'],
  ['gray2.tif', 'gray2.gray'],
  ['gray2-lzw.tif', 'gray2.gray'],
  ['gray2-tiled-zip.tif', 'gray2.gray'],
  ['gray1.tif', 'gray1.gray'],
  ['gray1-packbits.tif', 'gray1.gray'],
  ['gray1-lsb.tif', 'gray1.gray'],
  ['gray1-g3.tif', 'gray1.gray'],
  ['gray1-g4.tif', 'gray1.gray'],
  ['graya.tif', 'graya.graya'],
  ['graya-lzw2.tif', 'graya.graya'],
  ['graya-planar.tif', 'graya.graya'],
  ['rgb8.tif', 'rgb8.rgb'],
  ['rgb8-packbits.tif', 'rgb8.rgb'],
  ['rgb8-lzw2.tif', 'rgb8.rgb'],
  ['rgb8-zip2.tif', 'rgb8.rgb'],
  ['rgb8-planar.tif', 'rgb8.rgb'],
  ['rgb8-planar-lzw2.tif', 'rgb8.rgb'],
  ['rgb8-tiled-zip2.tif', 'rgb8.rgb'],
  ['rgb8-tiled-planar-packbits.tif', 'rgb8.rgb'],
  ['rgb8-be-lzw.tif', 'rgb8.rgb'],
  ['rgb16.tif', 'rgb16.rgb16'],
  ['rgb16-zip2.tif', 'rgb16.rgb16'],
  ['rgb16-planar.tif', 'rgb16.rgb16'],
  ['rgb16-be-planar-lzw2.tif', 'rgb16.rgb16'],
  ['rgb16-tiled-be-zip2.tif', 'rgb16.rgb16'],
  ['rgba-unassoc.tif', 'rgba-unassoc.rgba'],
  ['rgba-unassoc-lzw2.tif', 'rgba-unassoc.rgba'],
  ['rgba-unassoc-tiled-planar-zip.tif', 'rgba-unassoc.rgba'],
  ['rgba-assoc.tif', 'rgba-assoc.rgba16'],
  ['rgba-assoc-zip2.tif', 'rgba-assoc.rgba16'],
  ['palette4.tif', 'palette4.rgb16'],
  ['palette4-lzw.tif', 'palette4.rgb16'],
  ['palette8.tif', 'palette8.rgb16'],
  ['palette8-packbits.tif', 'palette8.rgb16'],
  ['cmyk.tif', 'cmyk.rgb16'],
  ['cmyk-lzw.tif', 'cmyk.rgb16'],
  ['line.tif', 'line.gray'],
  ['line-mib.tif', 'line.gray'],
  ['line-packbits.tif', 'line.gray'],
  ['line-lzw.tif', 'line.gray'],
  ['line-mh.tif', 'line.gray'],
  ['line-mh-lsb-strips.tif', 'line.gray'],
  ['line-g3.tif', 'line.gray'],
  ['line-g3-fill.tif', 'line.gray'],
  ['line-g3-2d.tif', 'line.gray'],
  ['line-g3-2d-fill-strips.tif', 'line.gray'],
  ['line-g3-2d-lsb.tif', 'line.gray'],
  ['line-g4.tif', 'line.gray'],
  ['line-g4-strips.tif', 'line.gray'],
  ['line-g4-lsb.tif', 'line.gray'],
  ['line-g4-tiled.tif', 'line.gray'],
  ['line-mib-g4.tif', 'line.gray'],
]

/** Decodes every row, copying each (a yielded row is only valid until the next). */
async function decodeAll(bytes: Uint8Array) {
  const opened = openTiff(bytes)
  if (!opened.ok) throw new Error(`${opened.error.reason}: ${opened.error.message}`)
  const image = opened.value
  const rowBytes = image.width * image.channels
  const pixels = new Uint8Array(rowBytes * image.height)
  let rows = 0
  for await (const row of image.rows) {
    expect(row.length).toBe(rowBytes)
    pixels.set(row, rows * rowBytes)
    rows++
  }
  return { image, rows, pixels }
}

describe('openTiff on files written by ImageMagick and tiffcp', () => {
  it.each(CASES)('decodes %s to the pixels ImageMagick reads (%s)', async (file, expected) => {
    const { image, rows, pixels } = await decodeAll(await fixture(file))
    const { pixels: want, channels } = await expectedPixels(expected)
    expect(image.channels).toBe(channels)
    expect(rows).toBe(image.height)
    expect(pixels.length).toBe(want.length)
    let firstDifference = -1
    for (let i = 0; i < want.length && firstDifference < 0; i++) {
      if (pixels[i] !== want[i]) firstDifference = i
    }
    expect(firstDifference, `first differing byte of ${file}`).toBe(-1)
  })

  it('reports density in pixels per inch when ResolutionUnit is inch', async () => {
    const { image } = await decodeAll(await fixture('gray8-zip2-strips.tif'))
    expect(image.density).toEqual({ x: 300, y: 300 })
  })

  it('converts density to pixels per inch when ResolutionUnit is centimetre', async () => {
    const { image } = await decodeAll(await fixture('gray8-cm-lzw.tif'))
    expect(image.density?.x).toBeCloseTo(300, 1)
    expect(image.density?.y).toBeCloseTo(300, 1)
  })

  it('reports no density when the file has no resolution tags', async () => {
    const { image } = await decodeAll(await fixture('rgb8.tif'))
    expect(image.density).toBeUndefined()
  })

  it('reports the size of the first image', async () => {
    const { image } = await decodeAll(await fixture('line-g4.tif'))
    expect([image.width, image.height, image.channels]).toEqual([241, 157, 1])
  })
})
