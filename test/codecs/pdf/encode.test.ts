import { describe, expect, it } from 'vitest'
import {
  type PdfPage,
  placeImage,
  type RasterPdfOptions,
  sightRect,
  writeRasterPdf,
} from '../../../src/codecs/pdf/encode'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'
import { concatBytes, utf8 } from '../../../src/lib/bytes'
import { deflateBytes } from '../../../src/lib/deflate'
import type { EncodedFile } from '../../../src/lib/rows'
import { inflateAll } from '../../support/inflate'

/** Points per cm, and the sight worked out here from the rule's numbers (37 CFR 1.84(f), (g)). */
const CM = 72 / 2.54
const PAGE: Record<PdfPage, { width: number; height: number; sightW: number; sightH: number }> = {
  a4: { width: 595.276, height: 841.89, sightW: 17.0 * CM, sightH: 26.2 * CM },
  letter: { width: 612, height: 792, sightW: 21.59 * CM - 4 * CM, sightH: 24.4 * CM },
}
const LEFT = 2.5 * CM
const TOP = 2.5 * CM
/** Rounding slack for numbers written with 4 decimals, in points. */
const EPS = 1e-3

/** A parsed-back file: the text (one char per byte), its objects and the trailer. */
interface Parsed {
  text: string
  objects: Map<number, string>
  trailer: string
  stream(objectNumber: number): Uint8Array
  bytes: Uint8Array
}

/** Parses our own output the way a reader does: from startxref, through the xref table. */
function parse(file: EncodedFile): Parsed {
  const bytes = concatBytes(file.parts)
  expect(bytes.length).toBe(file.byteLength)
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  const tail = /startxref\n(\d+)\n%%EOF\n$/.exec(text)
  expect(tail).not.toBeNull()
  const xrefAt = Number(tail![1])
  expect(text.startsWith('xref\n', xrefAt)).toBe(true)
  const head = /^xref\n0 (\d+)\n/.exec(text.slice(xrefAt))!
  const count = Number(head[1])
  const entriesAt = xrefAt + head[0].length
  expect(text.slice(entriesAt, entriesAt + 20)).toBe('0000000000 65535 f \n')
  const objects = new Map<number, string>()
  const starts: number[] = []
  for (let n = 1; n < count; n++) {
    const entry = text.slice(entriesAt + n * 20, entriesAt + (n + 1) * 20)
    expect(entry).toMatch(/^\d{10} 00000 n \n$/)
    const offset = Number(entry.slice(0, 10))
    expect(text.startsWith(`${n} 0 obj\n`, offset)).toBe(true)
    starts.push(offset)
    const end = text.indexOf('\nendobj\n', offset)
    objects.set(n, text.slice(offset, end))
  }
  const trailer = text.slice(text.indexOf('trailer\n', entriesAt), tail!.index)
  const stream = (objectNumber: number) => {
    const body = objects.get(objectNumber)!
    const length = Number(/\/Length (\d+)/.exec(body)![1])
    const at = starts[objectNumber - 1]! + body.indexOf('>>\nstream\n') + '>>\nstream\n'.length
    expect(text.slice(at + length, at + length + 10)).toBe('\nendstream')
    return bytes.subarray(at, at + length)
  }
  return { text, objects, trailer, stream, bytes }
}

function pixels(width: number, height: number): Uint8Array {
  return Uint8Array.from({ length: width * height }, (_, i) => ((i % width) * 3 + i) & 0xff)
}

async function flateOptions(
  width: number,
  height: number,
  dpi: number,
  page?: PdfPage,
): Promise<RasterPdfOptions> {
  return {
    image: {
      width,
      height,
      dpi,
      encoding: 'flate-gray8',
      data: await deflateBytes(pixels(width, height)),
    },
    page,
    producer: 'Figure API test',
    creationDate: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
  }
}

/** The content stream's `cm` matrix. */
function matrixOf(parsed: Parsed): number[] {
  const content = new TextDecoder().decode(parsed.stream(4))
  const m = /^q\n(\S+) (\S+) (\S+) (\S+) (\S+) (\S+) cm\n\/Im1 Do\nQ$/.exec(content)
  expect(m).not.toBeNull()
  return m!.slice(1).map(Number)
}

/** Where the matrix sends image-space point (u, v); v = 1 is the image's first (top) row. */
function apply(m: number[], u: number, v: number): [number, number] {
  const [a, b, c, d, e, f] = m as [number, number, number, number, number, number]
  return [a * u + c * v + e, b * u + d * v + f]
}

function expectInsideSight(m: number[], page: PdfPage): void {
  const p = PAGE[page]
  for (const [u, v] of [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ] as const) {
    const [x, y] = apply(m, u, v)
    expect(x).toBeGreaterThanOrEqual(LEFT - EPS)
    expect(x).toBeLessThanOrEqual(LEFT + p.sightW + EPS)
    expect(y).toBeLessThanOrEqual(p.height - TOP + EPS)
    expect(y).toBeGreaterThanOrEqual(p.height - TOP - p.sightH - EPS)
  }
}

describe('codecs/pdf/writeRasterPdf structure', () => {
  it('writes a PDF 1.4 whose xref offsets point at each object', async () => {
    const parsed = parse(writeRasterPdf(await flateOptions(300, 400, 300)))
    expect(parsed.text.startsWith('%PDF-1.4\n%')).toBe(true)
    // A binary comment of four bytes above 127 on the second line.
    expect([...parsed.bytes.subarray(10, 14)].every((b) => b > 127)).toBe(true)
    expect(parsed.objects.size).toBe(6)
    expect(parsed.trailer).toMatch(/\/Size 7 /)
    expect(parsed.trailer).toMatch(/\/Root 1 0 R /)
    expect(parsed.trailer).toMatch(/\/Info 6 0 R /)
    expect(parsed.trailer).toMatch(/\/ID \[<[0-9A-F]{32}> <[0-9A-F]{32}>\]/)
    expect(parsed.objects.get(1)).toContain('/Type /Catalog /Pages 2 0 R')
    expect(parsed.objects.get(2)).toContain('/Kids [3 0 R] /Count 1')
    expect(parsed.objects.get(3)).toContain('/Contents 4 0 R')
    expect(parsed.objects.get(3)).toContain('/XObject << /Im1 5 0 R >>')
  })
  it('writes the A4 MediaBox by default and the Letter one when asked', async () => {
    const a4 = parse(writeRasterPdf(await flateOptions(300, 400, 300)))
    expect(a4.objects.get(3)).toContain('/MediaBox [0 0 595.276 841.89]')
    const letter = parse(writeRasterPdf(await flateOptions(300, 400, 300, 'letter')))
    expect(letter.objects.get(3)).toContain('/MediaBox [0 0 612 792]')
  })
  it('describes a flate gray image and carries its bytes unchanged', async () => {
    const options = await flateOptions(123, 45, 600)
    const parsed = parse(writeRasterPdf(options))
    const image = parsed.objects.get(5)!
    expect(image).toContain('/Type /XObject /Subtype /Image /Width 123 /Height 45')
    expect(image).toContain('/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode')
    expect(image).not.toContain('/DecodeParms')
    const stream = parsed.stream(5)
    expect(stream).toEqual(concatBytes(options.image.data.parts))
    expect(inflateAll([stream])).toEqual(pixels(123, 45))
  })
  it.each([
    ['the platform zlib', null],
    ['the wasm deflate (Kernels.zlib)', WORKERD_KERNELS.zlib ?? null],
  ] as const)(
    'describes a PNG-predicted flate image whose rows unfilter to the page, with %s',
    async (_, zlib) => {
      const { FlateGrayImage } = await import('../../../src/codecs/pdf/flate-image')
      const width = 123
      const height = 45
      const page = pixels(width, height)
      const image = new FlateGrayImage(width, zlib)
      for (let y = 0; y < height; y++) await image.write(page.subarray(y * width, (y + 1) * width))
      const data = await image.finish()
      const parsed = parse(
        writeRasterPdf({
          image: { width, height, dpi: 300, encoding: 'flate-gray8-png', data },
          producer: 'test',
          creationDate: new Date(0),
        }),
      )
      expect(parsed.objects.get(5)).toContain(
        '/Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent 8 /Columns 123 >>',
      )
      // PNG predictors (PDF 32000-1 §7.4.4.4): a filter byte, then the filtered row; undo them.
      const raw = inflateAll([parsed.stream(5)])
      expect(raw.length).toBe(height * (width + 1))
      const out = new Uint8Array(width * height)
      for (let y = 0; y < height; y++) {
        const type = raw[y * (width + 1)]!
        expect(type).toBeLessThanOrEqual(4)
        for (let x = 0; x < width; x++) {
          const a = x > 0 ? out[y * width + x - 1]! : 0
          const b = y > 0 ? out[(y - 1) * width + x]! : 0
          const c = x > 0 && y > 0 ? out[(y - 1) * width + x - 1]! : 0
          const p = a + b - c
          const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)]
          const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][
            type
          ]!
          out[y * width + x] = (raw[y * (width + 1) + 1 + x]! + predictor) & 255
        }
      }
      expect(out).toEqual(page)
    },
  )
  it('describes a CCITT G4 image with K -1, its size and BlackIs1 false', () => {
    const g4 = new Uint8Array([0x26, 0xa0, 0x10, 0x01])
    const parsed = parse(
      writeRasterPdf({
        image: {
          width: 64,
          height: 8,
          dpi: 300,
          encoding: 'ccitt-g4',
          data: { parts: [g4], byteLength: 4 },
        },
        producer: 'x',
        creationDate: new Date(0),
      }),
    )
    const image = parsed.objects.get(5)!
    expect(image).toContain('/ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode')
    expect(image).toContain('/DecodeParms << /K -1 /Columns 64 /Rows 8 /BlackIs1 false >>')
    expect(image).toContain('/Length 4 ')
    expect(parsed.stream(5)).toEqual(g4)
  })
  it('passes the image parts through as the same arrays, without copying', async () => {
    const options = await flateOptions(50, 50, 300)
    const parts = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])]
    options.image.data = { parts, byteLength: 5 }
    const file = writeRasterPdf(options)
    expect(file.parts).toContain(parts[0])
    expect(file.parts).toContain(parts[1])
    expect(file.parts.indexOf(parts[1]!)).toBe(file.parts.indexOf(parts[0]!) + 1)
  })
  it('writes /Producer and /CreationDate in UTC as D:YYYYMMDDHHmmSSZ', async () => {
    const options = await flateOptions(10, 10, 300)
    options.creationDate = new Date('2026-03-04T23:05:06.789-02:00')
    const info = parse(writeRasterPdf(options)).objects.get(6)!
    expect(info).toContain('/Producer (Figure API test)')
    expect(info).toContain('/CreationDate (D:20260305010506Z)')
  })
  it('escapes the producer when it has parentheses, backslashes or non-ASCII text', async () => {
    const options = await flateOptions(10, 10, 300)
    options.producer = 'Figure (API) \\ 1'
    expect(parse(writeRasterPdf(options)).objects.get(6)).toContain(
      '/Producer (Figure \\(API\\) \\\\ 1)',
    )
    options.producer = 'Zeichnung é'
    expect(parse(writeRasterPdf(options)).objects.get(6)).toContain(
      '/Producer <FEFF005A0065006900630068006E0075006E0067002000E9>',
    )
  })
  it('has no fonts, annotations, JavaScript or transparency', async () => {
    const { text } = parse(writeRasterPdf(await flateOptions(200, 100, 300)))
    for (const key of [
      '/Font',
      '/Annots',
      '/JavaScript',
      '/JS',
      '/AA',
      '/SMask',
      '/Group',
      '/OpenAction',
    ]) {
      expect(text).not.toContain(key)
    }
  })
  it('gives the same bytes for the same inputs and another /ID when an input changes', async () => {
    const options = await flateOptions(40, 30, 300)
    const a = parse(writeRasterPdf(options))
    const b = parse(writeRasterPdf(options))
    expect(b.bytes).toEqual(a.bytes)
    const id = (p: Parsed) => /\/ID \[<(\w+)> <(\w+)>\]/.exec(p.trailer)!.slice(1)
    const [first, second] = id(a)
    expect(second).toBe(first)
    const other = parse(writeRasterPdf({ ...options, producer: 'Figure API test 2' }))
    expect(id(other)[0]).not.toBe(first)
    const otherData = await flateOptions(40, 30, 300)
    otherData.image.data = await deflateBytes(new Uint8Array(1200).fill(7))
    expect(id(parse(writeRasterPdf(otherData)))[0]).not.toBe(first)
  })
  it('makes the /ID the MD5 of every byte before the trailer', async () => {
    const parsed = parse(writeRasterPdf(await flateOptions(64, 48, 300)))
    const before = parsed.bytes.subarray(0, parsed.text.indexOf('trailer\n'))
    // workerd's WebCrypto offers MD5 as an extension.
    const digest = new Uint8Array(await crypto.subtle.digest('MD5', before))
    const hex = [...digest]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase()
    expect(parsed.trailer).toContain(`/ID [<${hex}> <${hex}>]`)
  })
  it('throws a RangeError when an option is out of range', async () => {
    const options = await flateOptions(10, 10, 300)
    expect(() => writeRasterPdf({ ...options, image: { ...options.image, width: 0 } })).toThrow(
      'Expected a positive integer for image.width but received 0',
    )
    expect(() => writeRasterPdf({ ...options, image: { ...options.image, dpi: 0 } })).toThrow(
      RangeError,
    )
    expect(() =>
      writeRasterPdf({
        ...options,
        image: { ...options.image, data: { parts: [utf8('ab')], byteLength: 3 } },
      }),
    ).toThrow('image.data.byteLength')
    expect(() => writeRasterPdf({ ...options, creationDate: new Date('nope') })).toThrow(RangeError)
    expect(() => writeRasterPdf({ ...options, page: 'a3' as PdfPage })).toThrow(
      'Expected a4 or letter for page but received a3',
    )
  })
})

describe('codecs/pdf/writeRasterPdf placement', () => {
  it('places a portrait image at its DPI in the sight top-left corner, upright', async () => {
    // 1900 × 2800 px at 300 DPI: 16.09 × 23.71 cm, inside the 17.0 × 26.2 cm A4 sight.
    const parsed = parse(writeRasterPdf(await flateOptions(1900, 2800, 300)))
    const m = matrixOf(parsed)
    expectInsideSight(m, 'a4')
    const w = (1900 / 300) * 72
    const h = (2800 / 300) * 72
    // Top-left of the image (u 0, v 1) sits on the sight's top-left corner.
    const [x0, y1] = apply(m, 0, 1)
    expect(x0).toBeCloseTo(LEFT, 3)
    expect(y1).toBeCloseTo(841.89 - TOP, 3)
    // Unrotated, full size: u runs right, v runs up.
    expect(m[0]).toBeCloseTo(w, 3)
    expect(m[3]).toBeCloseTo(h, 3)
    expect(m[1]).toBe(0)
    expect(m[2]).toBe(0)
  })
  it('rotates a landscape image so its top lies on the page left, at its DPI', async () => {
    const parsed = parse(writeRasterPdf(await flateOptions(2048, 1536, 300)))
    const m = matrixOf(parsed)
    expectInsideSight(m, 'a4')
    const w = (2048 / 300) * 72
    const h = (1536 / 300) * 72
    // The image's top edge (v = 1) is a vertical line at the sight's left edge.
    const [topLeftX, topLeftY] = apply(m, 0, 1)
    const [topRightX, topRightY] = apply(m, 1, 1)
    expect(topLeftX).toBeCloseTo(LEFT, 3)
    expect(topRightX).toBeCloseTo(LEFT, 3)
    // Reading along the image's top edge goes up the page, ending at the sight's top.
    expect(topRightY - topLeftY).toBeCloseTo(w, 3)
    expect(topRightY).toBeCloseTo(841.89 - TOP, 3)
    // The image's height runs across the page to the right.
    const [bottomLeftX] = apply(m, 0, 0)
    expect(bottomLeftX - topLeftX).toBeCloseTo(h, 3)
  })
  it('uses the Letter sight when the page is Letter', async () => {
    const parsed = parse(writeRasterPdf(await flateOptions(2048, 2048, 300, 'letter')))
    const m = matrixOf(parsed)
    expectInsideSight(m, 'letter')
    // 17.34 cm fits the 17.59 cm Letter sight: no scaling.
    expect(m[0]).toBeCloseTo((2048 / 300) * 72, 3)
    const [x0, y1] = apply(m, 0, 1)
    expect(x0).toBeCloseTo(LEFT, 3)
    expect(y1).toBeCloseTo(792 - TOP, 3)
  })
  it('shrinks the placement uniformly when the image is wider than the A4 sight', async () => {
    // 2048 px at 300 DPI is 17.34 cm; the A4 sight is 17.0 cm wide.
    const parsed = parse(writeRasterPdf(await flateOptions(2048, 2048, 300)))
    const m = matrixOf(parsed)
    expectInsideSight(m, 'a4')
    expect(m[0]).toBeCloseTo(PAGE.a4.sightW, 3)
    expect(m[3]).toBeCloseTo(m[0]!, 6)
    // Effective resolution: a little above 300 DPI.
    const ppi = 2048 / (m[0]! / 72)
    expect(ppi).toBeGreaterThan(300)
    expect(ppi).toBeLessThan(306.5)
  })
  it('shrinks a rotated landscape image that is taller than the sight once turned', async () => {
    const parsed = parse(writeRasterPdf(await flateOptions(4000, 1000, 300)))
    const m = matrixOf(parsed)
    expectInsideSight(m, 'a4')
    const [, bottom] = apply(m, 0, 1)
    const [, top] = apply(m, 1, 1)
    expect(top - bottom).toBeCloseTo(PAGE.a4.sightH, 3)
  })
})

describe('codecs/pdf geometry helpers', () => {
  it('gives the A4 sight as 17.0 × 26.2 cm from the 2.5 cm top and left margins', () => {
    const s = sightRect('a4')
    expect(s.x).toBeCloseTo(LEFT, 6)
    expect(s.width).toBeCloseTo(17.0 * CM, 6)
    expect(s.height).toBeCloseTo(26.2 * CM, 3)
    expect(s.y + s.height).toBeCloseTo(841.89 - TOP, 6)
    // Right and bottom margins are then 1.5 and 1.0 cm.
    expect(595.276 - s.x - s.width).toBeCloseTo(1.5 * CM, 2)
    expect(s.y).toBeCloseTo(1.0 * CM, 2)
  })
  it('caps the Letter sight at 24.4 cm high and keeps the 1.5 cm right margin', () => {
    const s = sightRect('letter')
    expect(s.width).toBeCloseTo(612 - LEFT - 1.5 * CM, 6)
    expect(s.width / CM).toBeLessThanOrEqual(17.6)
    expect(s.height).toBeCloseTo(24.4 * CM, 6)
    expect(s.y + s.height).toBeCloseTo(792 - TOP, 6)
    expect(s.y).toBeGreaterThanOrEqual(1.0 * CM)
  })
  it('returns a footprint and matrix that agree for every orientation and page', () => {
    for (const page of ['a4', 'letter'] as const) {
      for (const [w, h, dpi] of [
        [1900, 2800, 300],
        [2048, 1536, 300],
        [4096, 3072, 600],
        [2048, 2048, 300],
        [8000, 500, 300],
        [300, 9000, 300],
      ] as const) {
        const p = placeImage(w, h, dpi, page)
        expect(p.rotated).toBe(w > h)
        expect(p.scale).toBeGreaterThan(0)
        expect(p.scale).toBeLessThanOrEqual(1)
        const corners = [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ].map(([u, v]) => apply([...p.matrix], u!, v!))
        const xs = corners.map((c) => c[0])
        const ys = corners.map((c) => c[1])
        expect(Math.min(...xs)).toBeCloseTo(p.rect.x, 6)
        expect(Math.max(...xs)).toBeCloseTo(p.rect.x + p.rect.width, 6)
        expect(Math.min(...ys)).toBeCloseTo(p.rect.y, 6)
        expect(Math.max(...ys)).toBeCloseTo(p.rect.y + p.rect.height, 6)
        expectInsideSight([...p.matrix], page)
        // Size at DPI times the scale, on the axes the orientation says.
        const along = p.rotated ? [p.rect.height, p.rect.width] : [p.rect.width, p.rect.height]
        expect(along[0]).toBeCloseTo((w / dpi) * 72 * p.scale, 6)
        expect(along[1]).toBeCloseTo((h / dpi) * 72 * p.scale, 6)
      }
    }
  })
})
