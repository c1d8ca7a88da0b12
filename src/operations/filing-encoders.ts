/**
 * The filing encoders of /convert, one per format and mode (PLATFORM.md §7 rules 3-5):
 * PNG 1-bit or 8-bit gray with pHYs; TIFF CCITT G4 WhiteIsZero or 8-bit gray Deflate+predictor
 * with resolution tags; PDF with the image as CCITTFax G4 or Flate (PNG predictors), placed at
 * its DPI on the page.
 * Each takes gray rows (0/255 when bilevel) as they come and finishes into one file.
 */

import { G4Encoder } from '../codecs/ccitt/encode'
import { writeRasterPdf } from '../codecs/pdf/encode'
import { FlateGrayImage } from '../codecs/pdf/flate-image'
import { createPngEncoder } from '../codecs/png/encode'
import { createTiffEncoder } from '../codecs/tiff/encode'
import type { FiledMode } from '../engines/filing/filing-page'
import type { EncodedFile, RowSink } from '../lib/rows'

export type FilingFormat = 'png' | 'tiff' | 'pdf'
export type PageSize = 'a4' | 'letter'

/** The PDF's /Producer. */
const PRODUCER = 'Figure API'

/** An encoder that takes gray rows and finishes into one file. */
export interface FilingEncoder extends RowSink {
  finish(): Promise<EncodedFile>
}

export interface FilingEncoderOptions {
  format: FilingFormat
  mode: FiledMode
  width: number
  height: number
  /** Pixels per inch stamped in the file. */
  dpi: number
  /** PDF page size. */
  page: PageSize
  /** Kernels.zlib: gray outputs are compressed by the wasm deflate when given. */
  zlib?: WebAssembly.Module | null
}

/** The encoder for one output file. */
export function createFilingEncoder(options: FilingEncoderOptions): FilingEncoder {
  const { format, mode, width, height, dpi } = options
  switch (format) {
    case 'png':
      return createPngEncoder({
        width,
        height,
        channels: 1,
        bitDepth: mode === 'bilevel' ? 1 : 8,
        density: { x: dpi, y: dpi },
        zlib: options.zlib,
      })
    case 'tiff':
      return createTiffEncoder({
        width,
        height,
        dpi,
        kind: mode === 'bilevel' ? 'bilevel' : 'gray8',
        zlib: options.zlib,
      })
    case 'pdf':
      return mode === 'bilevel' ? g4Pdf(options) : flatePdf(options)
  }
}

/** A PDF page whose image is the rows' CCITT T.6 stream (/CCITTFaxDecode, K -1). */
function g4Pdf({ width, height, dpi, page }: FilingEncoderOptions): FilingEncoder {
  const g4 = new G4Encoder(width)
  return {
    write: (row) => g4.encodeGray(row),
    async finish() {
      const parts = g4.finish()
      const data = { parts, byteLength: parts.reduce((sum, part) => sum + part.length, 0) }
      return writeRasterPdf({
        image: { width, height, dpi, encoding: 'ccitt-g4', data },
        page,
        producer: PRODUCER,
        creationDate: new Date(),
      })
    },
  }
}

/** A PDF page whose image is the PNG-filtered, zlib-compressed gray rows (/FlateDecode). */
function flatePdf({ width, height, dpi, page, zlib }: FilingEncoderOptions): FilingEncoder {
  const image = new FlateGrayImage(width, zlib)
  return {
    write: (row) => image.write(row),
    async finish() {
      return writeRasterPdf({
        image: { width, height, dpi, encoding: 'flate-gray8-png', data: await image.finish() },
        page,
        producer: PRODUCER,
        creationDate: new Date(),
      })
    },
  }
}
