// /v1/convert as a patent office receives it: every input format to every output format at both
// presets, the bilevel/gray decision, CCITT G4 in TIFF and PDF, page sizes, and the inputs that
// stress the decoders (Adam7, 16-bit, every TIFF compression).
import { describe, expect, it } from 'vitest'
import { readFirstIfd, Tag } from '../../src/codecs/tiff/ifd'
import { fitLongEdge } from '../../src/engines/filing/sizes'
import { downloadOutput, expectError, expectOk, newAccount, postFile } from '../support/api'
import { fixtureBytes } from '../support/fixtures'
import {
  fromPng,
  lineDrawing,
  photoLike,
  pngHeader,
  pngPhys,
  toPng,
  toTiff,
} from '../support/images'
import { useFakeNetwork } from '../support/network'

useFakeNetwork()

interface ConvertData {
  url: string
  previewUrl?: string
  format: string
  dpi: number
  mode: 'bilevel' | 'gray'
  width: number
  height: number
  page?: string
  creditsConsumed: number
}

const PNG_FIXTURES = import.meta.glob<string>('../fixtures/png/*.png', {
  query: '?inline',
  import: 'default',
  eager: true,
})
const TIFF_FIXTURES = import.meta.glob<string>('../fixtures/tiff/*.tif', {
  query: '?url&inline',
  import: 'default',
  eager: true,
})

const convert = async (apiKey: string, file: Uint8Array, fields: Record<string, string> = {}) =>
  expectOk<ConvertData>(await postFile('/v1/convert', apiKey, file, fields))

const download = (url: string) => downloadOutput(url)

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes)

/** Checks the file carries the decided tone, the preset size and the DPI in its own terms. */
function expectFiled(bytes: Uint8Array, data: ConvertData) {
  const { format, mode, width, height, dpi } = data
  if (format === 'png') {
    const header = pngHeader(bytes)
    expect([header.width, header.height]).toEqual([width, height])
    expect(header.bitDepth).toBe(mode === 'bilevel' ? 1 : 8)
    expect(header.colourType).toBe(0)
    expect(pngPhys(bytes)).toEqual({
      x: Math.round(dpi / 0.0254),
      y: Math.round(dpi / 0.0254),
      unit: 1,
    })
  } else if (format === 'tiff') {
    const ifd = readFirstIfd(bytes)
    if (!ifd.ok) throw new Error(ifd.error)
    const tag = (t: number) => {
      const value = ifd.value.number(t)
      if (!value.ok) throw new Error(value.error)
      return value.value
    }
    expect([tag(Tag.ImageWidth), tag(Tag.ImageLength)]).toEqual([width, height])
    expect([tag(Tag.XResolution), tag(Tag.YResolution), tag(Tag.ResolutionUnit)]).toEqual([
      dpi,
      dpi,
      2,
    ])
    expect(tag(Tag.RowsPerStrip)).toBeGreaterThan(0)
    if (mode === 'bilevel') {
      expect([
        tag(Tag.Compression),
        tag(Tag.PhotometricInterpretation),
        tag(Tag.BitsPerSample),
      ]).toEqual([4, 0, 1])
    } else {
      expect([
        tag(Tag.Compression),
        tag(Tag.PhotometricInterpretation),
        tag(Tag.BitsPerSample),
      ]).toEqual([8, 1, 8])
      expect(tag(Tag.Predictor)).toBe(2)
    }
  } else {
    const text = latin1(bytes)
    expect(text.startsWith('%PDF-1.4')).toBe(true)
    expect(text).toContain(`/Width ${width}`)
    expect(text).toContain(`/Height ${height}`)
    if (mode === 'bilevel') {
      expect(text).toMatch(/\/Filter \/CCITTFaxDecode/)
      expect(text).toMatch(/\/K -1/)
      expect(text).toMatch(/\/BitsPerComponent 1/)
    } else {
      expect(text).toMatch(/\/Filter \/FlateDecode \/DecodeParms << \/Predictor 15 /)
      expect(text).toMatch(/\/BitsPerComponent 8/)
    }
    // Only the objects, not the image stream: compressed bytes can spell anything.
    const objects = text.replace(/stream\r?\n[\s\S]*?endstream/g, 'stream endstream')
    expect(objects).not.toMatch(/\/Font|\/JavaScript|\/JS\b|\/AA\b|\/Annots/)
  }
}

describe('POST /v1/convert: filing output', () => {
  it('files every input format as every output format at both presets', async () => {
    const { apiKey } = await newAccount(1000)
    const line = lineDrawing(900, 600)
    const photo = photoLike(480, 640)
    const inputs: {
      name: string
      bytes: Uint8Array
      mode: 'bilevel' | 'gray'
      w: number
      h: number
    }[] = [
      { name: 'png line art', bytes: await toPng(line), mode: 'bilevel', w: 900, h: 600 },
      { name: 'tiff line art', bytes: await toTiff(line), mode: 'bilevel', w: 900, h: 600 },
      { name: 'jpeg photo', bytes: await photo.jpeg(), mode: 'gray', w: 480, h: 640 },
      { name: 'webp photo', bytes: await photo.webp(), mode: 'gray', w: 480, h: 640 },
    ]
    for (const input of inputs) {
      for (const format of ['png', 'tiff', 'pdf']) {
        for (const dpi of [300, 600] as const) {
          const data = await convert(apiKey, input.bytes, { format, dpi: String(dpi) })
          const size = fitLongEdge(input.w, input.h, dpi === 300 ? 2048 : 4096)
          expect({
            input: input.name,
            format,
            dpi,
            mode: data.mode,
            w: data.width,
            h: data.height,
          }).toEqual({
            input: input.name,
            format,
            dpi,
            mode: input.mode,
            w: size.width,
            h: size.height,
          })
          expectFiled(await download(data.url), data)
          if (format === 'png') expect(data.previewUrl).toBeUndefined()
          else {
            const preview = pngHeader(await download(data.previewUrl!))
            expect(Math.max(preview.width, preview.height)).toBe(1024)
            expect(preview.bitDepth).toBe(8)
          }
        }
      }
    }
  }, 300_000)

  it('lets the caller force bilevel or gray', async () => {
    const { apiKey } = await newAccount(20)
    const line = await toPng(lineDrawing(300, 200))
    const photo = await photoLike(200, 300).jpeg()
    const gray = await convert(apiKey, line, { mode: 'gray', format: 'tiff' })
    expect(gray.mode).toBe('gray')
    expectFiled(await download(gray.url), gray)
    const bilevel = await convert(apiKey, photo, { mode: 'bilevel', format: 'pdf' })
    expect(bilevel.mode).toBe('bilevel')
    expectFiled(await download(bilevel.url), bilevel)
    // A forced black-and-white photo is still a picture, not a blank or black page.
    const png = await convert(apiKey, photo, { mode: 'bilevel' })
    const out = await fromPng(await download(png.url))
    const black = out.data.reduce((n, v) => n + (v === 0 ? 1 : 0), 0) / out.data.length
    expect(black).toBeGreaterThan(0.1)
    expect(black).toBeLessThan(0.9)
  })

  it('files a 600-DPI page the same whether it waited for the decision or not', async () => {
    // At 600 DPI the page is coded while it waits, a page whose top reads as a photo goes to
    // the gray encoder early, and one that is line art after all is decoded a second time: the
    // caller sees the same pixels as when the mode is forced and nothing waits.
    const { apiKey } = await newAccount(20)
    const pixels = async (data: ConvertData) => (await fromPng(await download(data.url))).data
    const photo = await photoLike(480, 640).jpeg()
    const auto = await convert(apiKey, photo, { dpi: '600' })
    const gray = await convert(apiKey, photo, { dpi: '600', mode: 'gray' })
    expect([auto.mode, auto.width, auto.height]).toEqual(['gray', 3072, 4096])
    expect(await pixels(auto)).toEqual(await pixels(gray))
    // A scanned sheet (paper grain) under a smooth gray strip 3 % of its height.
    const sheet = lineDrawing(2048, 1536)
    let seed = 99
    for (let i = 0; i < sheet.data.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      const y = Math.floor(i / 2048)
      if (y < 46) sheet.data[i] = 90 + Math.floor((i % 2048) / 16)
      else if (sheet.data[i] === 255) sheet.data[i] = 226 + ((seed >> 16) % 24)
    }
    const scan = await toPng(sheet)
    const decided = await convert(apiKey, scan, { dpi: '600' })
    const forced = await convert(apiKey, scan, { dpi: '600', mode: 'bilevel' })
    expect(decided.mode).toBe('bilevel')
    expect(await pixels(decided)).toEqual(await pixels(forced))
  }, 120_000)

  it('keeps thin lines of line art in the 1-bit output', async () => {
    const { apiKey } = await newAccount(10)
    // A 2400 px drawing with 2-px lines, shrunk 2.34x to the 2K preset: each line becomes
    // sub-pixel gray before thresholding and must come out as connected black.
    const source = lineDrawing(2400, 1600, 2)
    const data = await convert(apiKey, await toPng(source))
    expect(data.mode).toBe('bilevel')
    const out = await fromPng(await download(data.url))
    expect(new Set(out.data)).toEqual(new Set([0, 255]))
    // The diagonal crosses every column: each column keeps at least one black pixel on it.
    let broken = 0
    for (let x = 40; x < out.width - 40; x++) {
      const y = Math.round((x / out.width) * out.height)
      let ink = false
      for (let dy = -3; dy <= 3 && !ink; dy++) ink = out.data[(y + dy) * out.width + x] === 0
      if (!ink) broken++
    }
    expect(broken).toBe(0)
  })

  it('places the PDF on A4 by default and on Letter when asked', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(lineDrawing(400, 600))
    const a4 = await convert(apiKey, png, { format: 'pdf' })
    expect(a4.page).toBe('a4')
    expect(latin1(await download(a4.url))).toContain('/MediaBox [0 0 595.276 841.89')
    const letter = await convert(apiKey, png, { format: 'pdf', page: 'letter' })
    expect(letter.page).toBe('letter')
    expect(latin1(await download(letter.url))).toContain('/MediaBox [0 0 612 792]')
  })

  it('refuses page with a format other than PDF, and unknown modes', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(lineDrawing(40, 40))
    const page = await expectError(
      await postFile('/v1/convert', apiKey, png, { format: 'tiff', page: 'letter' }),
      400,
      'VALIDATION_ERROR',
    )
    expect(page.message).toBe('page applies to PDF output only; received it with format tiff')
    const mode = await expectError(
      await postFile('/v1/convert', apiKey, png, { mode: 'color' }),
      400,
      'VALIDATION_ERROR',
    )
    expect(mode.message).toBe('Expected auto or bilevel or gray for mode but received "color"')
  })

  it('reads interlaced, 16-bit, palette and transparent PNGs', async () => {
    const { apiKey } = await newAccount(100)
    for (const name of [
      'adam7-rgb8-33x17.png',
      'adam7-rgba16-24x20.png',
      'gray16.png',
      'rgba16.png',
      'pal4-trns.png',
      'graya8.png',
    ]) {
      const data = await convert(apiKey, fixtureBytes(PNG_FIXTURES, name), { format: 'tiff' })
      expect(Math.max(data.width, data.height), name).toBe(2048)
      expectFiled(await download(data.url), data)
    }
  })

  it('reads TIFFs of every compression, depth and layout', async () => {
    const { apiKey } = await newAccount(200)
    const names = [
      'gray8.tif', // none
      'gray8-packbits.tif',
      'gray8-lzw2.tif', // LZW + predictor
      'gray8-zip2-strips.tif', // Deflate + predictor, strips
      'gray8-tiled-lzw2.tif',
      'line-mh.tif', // CCITT modified Huffman
      'line-g3.tif', // T.4 1-D
      'line-g3-2d.tif', // T.4 2-D
      'line-g4.tif', // T.6
      'line-g4-lsb.tif', // FillOrder 2
      'gray1-lsb.tif',
      'gray16.tif',
      'rgb16-planar.tif',
      'palette8.tif',
      'rgba-assoc.tif',
      'cmyk.tif',
    ]
    for (const name of names) {
      const data = await convert(apiKey, fixtureBytes(TIFF_FIXTURES, name), { format: 'pdf' })
      expect(Math.max(data.width, data.height), name).toBe(2048)
      expectFiled(await download(data.url), data)
    }
  })
})
