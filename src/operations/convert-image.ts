/**
 * convertImage (spec §4.5): a filing-ready raster at 300 or 600 DPI (PLATFORM.md §7).
 * Pipeline, streamed by rows from decoder to encoder; the rows wait for the tone decision in a
 * held page, or go to the gray encoders early (see engines/filing/filing-page.ts):
 *   decode → flatten onto white as 8-bit gray → resample to the preset's long edge →
 *   decide line art (1-bit) or continuous tone (8-bit gray) and binarize →
 *   encode PNG (pHYs) | TIFF (G4 or Deflate, resolution tags) | PDF (image placed at its DPI)
 * TIFF and PDF also get a PNG preview (long edge ≤ 1024) of the filed page, resampled from the
 * same rows as they pass. The image is decoded once, twice for a page whose top reads as a photo
 * and whose whole reads as line art.
 */

import type { OutputBatch } from '../adapters/ports'
import { openImage } from '../codecs/decode'
import { createPngEncoder } from '../codecs/png/encode'
import type { ImageType } from '../codecs/sniff'
import { type FiledMode, type FilingMode, fileThePage } from '../engines/filing/filing-page'
import { fitLongEdge, PRESET_LONG_EDGE_PX, previewSize } from '../engines/filing/sizes'
import { flattenToGray } from '../engines/gray/flatten-to-gray'
import { resampleGray } from '../engines/gray/resample'
import type { ImageSource } from '../errors'
import type { Kernels } from '../kernels/kernels'
import type { EncodedFile, GrayRows } from '../lib/rows'
import {
  createFilingEncoder,
  type FilingEncoder,
  type FilingFormat,
  type PageSize,
} from './filing-encoders'
import { mapCodecFailures } from './refusals'
import { type StoredFile, storeOutput } from './store-output'

export type { StoredFile }

export type ConvertFormat = FilingFormat
export type FilingDpi = 300 | 600
export type { FilingMode, PageSize }

export interface ConvertInput {
  image: { bytes: Uint8Array; type: ImageType; source: ImageSource }
  format: ConvertFormat
  dpi: FilingDpi
  /** 'auto' decides per image; 'bilevel' and 'gray' force the tone. */
  mode: FilingMode
  /** PDF page size (ignored by PNG and TIFF). */
  page: PageSize
}

export interface ConvertOutput {
  file: StoredFile
  preview?: StoredFile
  /** How the page was filed. */
  mode: FiledMode
  /** Why: the tone decision with its feature values, or that the caller forced it (for logs). */
  modeReason: string
  /** What the user should know about the file (an image enlarged beyond its real detail). */
  warnings: string[]
}

/** Enlarging an image more than this to fill the preset is said in `warnings`. */
const ENLARGEMENT_WARNED = 1.5

const CONTENT_TYPE: Record<ConvertFormat, string> = {
  png: 'image/png',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
}
const EXTENSION: Record<ConvertFormat, string> = { png: 'png', tiff: 'tif', pdf: 'pdf' }

/** Converts and stores the result in the request's batch (`converted.{ext}`, `preview.png`). */
export async function convertImage(
  input: ConvertInput,
  ports: { outputs: OutputBatch; kernels: Kernels },
): Promise<ConvertOutput> {
  const { outputs, kernels } = ports
  const { image, format, dpi, mode, page: pageSize } = input
  const made = await mapCodecFailures(image.source, async () => {
    const open = async () =>
      flattenToGray(
        await openImage(image.bytes, image.type, { prefer: 'luma', zlib: kernels.zlib }),
      )
    const gray = await open()
    const size = fitLongEdge(gray.width, gray.height, PRESET_LONG_EDGE_PX[dpi])
    const resample = (source: GrayRows) =>
      resampleGray(source, size.width, size.height, { wasm: kernels.resample })
    const page = await fileThePage(
      resample(gray),
      mode,
      {
        file(rows, filedMode) {
          const main = createFilingEncoder({
            format,
            mode: filedMode,
            ...size,
            dpi,
            page: pageSize,
            zlib: kernels.zlib,
          })
          const preview =
            format !== 'png' ? previewEncoder(size.width, size.height, dpi, kernels) : null
          return pump(rows, main, preview)
        },
        again: async () => resample(await open()),
      },
      { zlib: kernels.zlib },
    )
    return {
      mode: page.mode,
      modeReason: page.reason,
      size,
      source: { width: gray.width, height: gray.height },
      ...page.filed,
    }
  })

  const { id } = outputs
  const extension = EXTENSION[format]
  const stored: ConvertOutput = {
    mode: made.mode,
    modeReason: made.modeReason,
    warnings: enlargementWarning(made.source, made.size, dpi),
    file: await storeOutput(outputs, `converted.${extension}`, made.file, {
      contentType: CONTENT_TYPE[format],
      disposition: format === 'png' ? 'inline' : 'attachment',
      filename: `figure-${id}.${extension}`,
      ...made.size,
    }),
  }
  if (made.preview) {
    stored.preview = await storeOutput(outputs, 'preview.png', made.preview.file, {
      contentType: 'image/png',
      disposition: 'inline',
      filename: `figure-${id}-preview.png`,
      ...made.preview.size,
    })
  }
  return stored
}

interface PreviewEncoder {
  size: { width: number; height: number }
  start(source: GrayRows): Promise<EncodedFile>
}

/**
 * A small image filed at the preset is enlarged: it looks soft and holds less detail than its DPI
 * says, which a drafter must know before filing it (a 720 px photo at 300 DPI is really ~106).
 */
function enlargementWarning(
  source: { width: number; height: number },
  size: { width: number; height: number },
  dpi: FilingDpi,
): string[] {
  const factor = size.width / source.width
  if (factor <= ENLARGEMENT_WARNED) return []
  return [
    `The image is ${source.width} × ${source.height} px: filed at ${dpi} DPI (${size.width} × ${size.height} px) it is enlarged ${factor.toFixed(2)}×, so it holds the detail of about ${Math.round(dpi / factor)} DPI; send a larger original, or enhance it first (/v1/enhance)`,
  ]
}

/** The preview: long edge ≤ 1024, its pHYs scaled so the printed size matches the file's. */
function previewEncoder(
  width: number,
  height: number,
  dpi: FilingDpi,
  kernels: Kernels,
): PreviewEncoder {
  const size = previewSize(width, height)
  const previewDpi = Math.round((dpi * size.width) / width)
  return {
    size,
    async start(source) {
      const encoder = createPngEncoder({
        ...size,
        channels: 1,
        density: { x: previewDpi, y: previewDpi },
        zlib: kernels.zlib,
      })
      const wasm = kernels.resample
      for await (const row of resampleGray(source, size.width, size.height, { wasm }).rows) {
        await encoder.write(row)
      }
      return encoder.finish()
    },
  }
}

/**
 * Feeds every row to the main encoder and, as it passes, to the preview pipeline, which pulls
 * the rows (no channel between two pipelines: a handoff cost each row three promises).
 */
async function pump(rows: GrayRows, main: FilingEncoder, preview: PreviewEncoder | null) {
  let written = 0
  // Its result is awaited only when the encoder is asynchronous: a G4 row is encoded at once.
  const write = (row: Uint8Array) => {
    written++
    return main.write(row)
  }
  const previewFile = preview
    ? await preview.start({
        ...rows,
        rows: (async function* () {
          for await (const row of rows.rows) {
            const done = write(row)
            if (done) await done
            yield row
          }
        })(),
      })
    : null
  // Without a preview the rows are only filed (no generator between them and the encoder).
  if (!preview) {
    for await (const row of rows.rows) {
      const done = write(row)
      if (done) await done
    }
  }
  // The preview's resampler reads its source to the end; this says so if that ever changes.
  if (written !== rows.height) throw new Error(`${written} of ${rows.height} rows were filed`)
  const file = await main.finish()
  return {
    file,
    preview: preview && previewFile ? { file: previewFile, size: preview.size } : null,
  }
}
