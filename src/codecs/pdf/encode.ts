/**
 * PDF codec, encode side: wraps one already-compressed gray or CCITT G4 image in a one-page
 * PDF 1.4 for patent filing (PLATFORM.md §7 rule 5), on the convert path's encode step.
 */

import { utf8 } from '../../lib/bytes'
import { PAGE_SIZE_PT, type PdfPage, placeImage } from '../../lib/filing-sheet'
import type { EncodedFile } from '../../lib/rows'

// The sheet geometry lives in lib/, shared with the vector PDF writer; re-exported for callers.
export {
  FILING_MARGINS_CM,
  type ImagePlacement,
  MAX_SIGHT_CM,
  PAGE_SIZE_PT,
  type PdfMatrix,
  type PdfPage,
  placeImage,
  type RectPt,
  sightRect,
} from '../../lib/filing-sheet'

/** How the image stream is compressed. */
export type PdfImageEncoding = 'flate-gray8' | 'flate-gray8-png' | 'ccitt-g4'

/** The image dictionary's colour, depth and filter entries for each encoding. */
const IMAGE_DICTIONARY: Record<PdfImageEncoding, (width: number, height: number) => string> = {
  'flate-gray8': () => '/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
  'flate-gray8-png': (width) =>
    '/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode ' +
    `/DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent 8 /Columns ${width} >>`,
  'ccitt-g4': (width, height) =>
    '/ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode ' +
    `/DecodeParms << /K -1 /Columns ${width} /Rows ${height} /BlackIs1 false >>`,
}

/** Options for {@link writeRasterPdf}. */
export interface RasterPdfOptions {
  image: {
    /** Width in pixels. */
    width: number
    /** Height in pixels. */
    height: number
    /** Density in pixels per inch; sets the printed size. */
    dpi: number
    /**
     * `flate-gray8`: zlib (RFC 1950) data of 8-bit gray rows, 0 black … 255 white, no predictor.
     * `flate-gray8-png`: the same rows PNG-filtered, a filter-type byte before each row
     *   (`/Predictor 15`, PDF 32000-1 §7.4.4.4): a third smaller on photos and renders.
     * `ccitt-g4`: raw CCITT T.6 data, white runs white (as TIFF G4 with WhiteIsZero).
     */
    encoding: PdfImageEncoding
    /** The compressed image stream; its parts go into the file as they are. */
    data: EncodedFile
  }
  /** Paper size; default A4. */
  page?: PdfPage
  /** Written to /Producer in the document information dictionary. */
  producer: string
  /** Written to /CreationDate, in UTC. */
  creationDate: Date
}

/**
 * Writes a one-page PDF 1.4 holding one raster image inside the filing sight ({@link placeImage}),
 * synchronously. The file has no fonts, annotations, JavaScript or transparency; an /Info
 * dictionary with /Producer and /CreationDate; an xref table; and a trailer /ID pair that is the
 * MD5 of every byte before the trailer, so the same inputs give the same file. The image's parts
 * are passed through without copying: the result's `parts` include `image.data.parts` themselves.
 *
 * CCITT images are written with `/BlackIs1 false`, which ISO 32000-1 §7.4.6 (Table 11) defines as
 * "0 pixels black": the filter turns white runs into 1 bits and black runs into 0 bits, and a
 * 1-bit DeviceGray image paints 0 black and 1 white, so the page shows black lines on white.
 *
 * @returns the file as parts
 * @throws RangeError when an option is out of range or `data.byteLength` disagrees with its parts
 *   (caller bugs)
 */
export function writeRasterPdf(options: RasterPdfOptions): EncodedFile {
  const { image, producer, creationDate } = options
  const page = options.page ?? 'a4'
  checkOptions(options, page)
  const size = PAGE_SIZE_PT[page]
  const placement = placeImage(image.width, image.height, image.dpi, page)
  const content = `q\n${placement.matrix.map(formatNumber).join(' ')} cm\n/Im1 Do\nQ`
  const imageDict = IMAGE_DICTIONARY[image.encoding](image.width, image.height)

  const mediaBox = `[0 0 ${formatNumber(size.width)} ${formatNumber(size.height)}]`
  const file = new PdfBuilder()
  file.raw(HEADER)
  file.object(1, '<< /Type /Catalog /Pages 2 0 R >>')
  file.object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>')
  file.object(
    3,
    `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} ` +
      '/Resources << /ProcSet [/PDF /ImageB] /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
  )
  file.object(4, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`)
  file.text(
    `5 0 obj\n<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} ` +
      `${imageDict} /Length ${image.data.byteLength} >>\nstream\n`,
    5,
  )
  for (const part of image.data.parts) file.raw(part)
  file.text('\nendstream\nendobj\n')
  file.object(
    6,
    `<< /Producer ${pdfTextString(producer)} /CreationDate (${pdfDate(creationDate)}) >>`,
  )
  return file.finish(1, 6)
}

/** `%PDF-1.4`, then a comment of four bytes above 127: transfer tools treat the file as binary. */
const HEADER = new Uint8Array([...utf8('%PDF-1.4\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])

/** Appends parts, tracks object offsets and hashes everything for the /ID. */
class PdfBuilder {
  readonly #parts: Uint8Array[] = []
  readonly #offsets: number[] = []
  readonly #md5 = new Md5()
  #length = 0

  raw(bytes: Uint8Array): void {
    this.#parts.push(bytes)
    this.#md5.update(bytes)
    this.#length += bytes.length
  }

  /** Appends `text` (ASCII); when `objectNumber` is given, the text starts that object. */
  text(text: string, objectNumber?: number): void {
    if (objectNumber !== undefined) this.#offsets[objectNumber] = this.#length
    this.raw(utf8(text))
  }

  object(objectNumber: number, body: string): void {
    this.text(`${objectNumber} 0 obj\n${body}\nendobj\n`, objectNumber)
  }

  /** Writes the xref table and the trailer, and returns the whole file. */
  finish(root: number, info: number): EncodedFile {
    const size = this.#offsets.length
    const xrefOffset = this.#length
    let xref = `xref\n0 ${size}\n0000000000 65535 f \n`
    for (let n = 1; n < size; n++) {
      const offset = this.#offsets[n]
      if (offset === undefined) throw new Error(`PDF object ${n} was never written`)
      xref += `${String(offset).padStart(10, '0')} 00000 n \n`
    }
    this.text(xref)
    const id = toHexUpper(this.#md5.digest())
    this.text(
      `trailer\n<< /Size ${size} /Root ${root} 0 R /Info ${info} 0 R /ID [<${id}> <${id}>] >>\n` +
        `startxref\n${xrefOffset}\n%%EOF\n`,
    )
    return { parts: this.#parts, byteLength: this.#length }
  }
}

function checkOptions(options: RasterPdfOptions, page: PdfPage): void {
  const { image } = options
  for (const [name, value] of [
    ['image.width', image.width],
    ['image.height', image.height],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`Expected a positive integer for ${name} but received ${value}`)
    }
  }
  if (!Number.isFinite(image.dpi) || image.dpi <= 0) {
    throw new RangeError(`Expected a positive number for image.dpi but received ${image.dpi}`)
  }
  if (!Object.hasOwn(IMAGE_DICTIONARY, image.encoding)) {
    throw new RangeError(
      `Expected flate-gray8, flate-gray8-png or ccitt-g4 for image.encoding but received ${String(image.encoding)}`,
    )
  }
  if (!(page in PAGE_SIZE_PT)) {
    throw new RangeError(`Expected a4 or letter for page but received ${String(page)}`)
  }
  let length = 0
  for (const part of image.data.parts) length += part.length
  if (length !== image.data.byteLength) {
    throw new RangeError(
      `Expected ${length} (the parts' total) for image.data.byteLength but received ` +
        String(image.data.byteLength),
    )
  }
  if (Number.isNaN(options.creationDate.getTime())) {
    throw new RangeError('Expected a valid date for creationDate but received an invalid Date')
  }
}

/** A PDF number: at most 4 decimals, no trailing zeros, no exponent (ISO 32000-1 §7.3.3). */
function formatNumber(value: number): string {
  const text = value
    .toFixed(4)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
  return text === '-0' ? '0' : text
}

/** `D:YYYYMMDDHHmmSSZ` in UTC (ISO 32000-1 §7.9.4). */
function pdfDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0')
  return (
    `D:${String(date.getUTCFullYear()).padStart(4, '0')}${two(date.getUTCMonth() + 1)}` +
    `${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}` +
    `${two(date.getUTCSeconds())}Z`
  )
}

/**
 * A PDF text string: a literal string when `text` is printable ASCII (with `\`, `(` and `)`
 * escaped), otherwise UTF-16BE with a byte-order mark as a hex string (ISO 32000-1 §7.9.2.2).
 */
function pdfTextString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, '\\$&')})`
  let hex = 'FEFF'
  for (let i = 0; i < text.length; i++) {
    hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')
  }
  return `<${hex}>`
}

function toHexUpper(bytes: Uint8Array): string {
  let hex = ''
  for (const byte of bytes) hex += byte.toString(16).toUpperCase().padStart(2, '0')
  return hex
}

/** Per-round left-rotation amounts of MD5 (RFC 1321 §3.4). */
const MD5_SHIFT = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]

/** MD5 round constants, floor(|sin(i + 1)| · 2^32) (RFC 1321 §3.4), exact in float64. */
const MD5_K = Int32Array.from({ length: 64 }, (_, i) =>
  Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32),
)

/**
 * Streaming MD5 (RFC 1321), the digest ISO 32000-1 §14.4 suggests for file identifiers. Used for
 * the /ID only, never for security. Runs over the parts as they are written, so nothing is
 * concatenated to hash it (WebCrypto has no streaming digest and no MD5 outside workerd).
 */
class Md5 {
  readonly #state = Int32Array.of(0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476)
  readonly #block = new Uint8Array(64)
  readonly #words = new Int32Array(16)
  #filled = 0
  #length = 0

  update(bytes: Uint8Array): void {
    let offset = 0
    this.#length += bytes.length
    if (this.#filled > 0) {
      const take = Math.min(64 - this.#filled, bytes.length)
      this.#block.set(bytes.subarray(0, take), this.#filled)
      this.#filled += take
      offset = take
      if (this.#filled < 64) return
      this.#compress(this.#block, 0)
      this.#filled = 0
    }
    for (; offset + 64 <= bytes.length; offset += 64) this.#compress(bytes, offset)
    this.#block.set(bytes.subarray(offset), 0)
    this.#filled = bytes.length - offset
  }

  /** Pads, finishes and returns the 16-byte digest. The hash cannot be updated afterwards. */
  digest(): Uint8Array {
    const bits = this.#length * 8
    const padding = new Uint8Array((this.#filled < 56 ? 56 : 120) - this.#filled + 8)
    padding[0] = 0x80
    const end = padding.length - 8
    padding[end] = bits & 0xff
    padding[end + 1] = (bits >>> 8) & 0xff
    padding[end + 2] = (bits >>> 16) & 0xff
    padding[end + 3] = (bits >>> 24) & 0xff
    const high = Math.floor(bits / 2 ** 32)
    padding[end + 4] = high & 0xff
    padding[end + 5] = (high >>> 8) & 0xff
    padding[end + 6] = (high >>> 16) & 0xff
    padding[end + 7] = (high >>> 24) & 0xff
    this.update(padding)
    const out = new Uint8Array(16)
    for (let i = 0; i < 4; i++) {
      const word = this.#state[i]!
      out[i * 4] = word & 0xff
      out[i * 4 + 1] = (word >>> 8) & 0xff
      out[i * 4 + 2] = (word >>> 16) & 0xff
      out[i * 4 + 3] = (word >>> 24) & 0xff
    }
    return out
  }

  #compress(bytes: Uint8Array, offset: number): void {
    const m = this.#words
    for (let i = 0, p = offset; i < 16; i++, p += 4) {
      m[i] = bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16) | (bytes[p + 3]! << 24)
    }
    const state = this.#state
    let a = state[0]!
    let b = state[1]!
    let c = state[2]!
    let d = state[3]!
    for (let i = 0; i < 64; i++) {
      let f: number
      let g: number
      if (i < 16) {
        f = (b & c) | (~b & d)
        g = i
      } else if (i < 32) {
        f = (d & b) | (~d & c)
        g = (5 * i + 1) & 15
      } else if (i < 48) {
        f = b ^ c ^ d
        g = (3 * i + 5) & 15
      } else {
        f = c ^ (b | ~d)
        g = (7 * i) & 15
      }
      const shift = MD5_SHIFT[((i >> 4) << 2) | (i & 3)]!
      const x = (a + f + MD5_K[i]! + m[g]!) | 0
      a = d
      d = c
      c = b
      b = (b + ((x << shift) | (x >>> (32 - shift)))) | 0
    }
    state[0] = (state[0]! + a) | 0
    state[1] = (state[1]! + b) | 0
    state[2] = (state[2]! + c) | 0
    state[3] = (state[3]! + d) | 0
  }
}
