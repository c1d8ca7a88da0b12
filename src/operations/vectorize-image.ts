/**
 * vectorizeImage (spec §4.3): a raster → SVG, DXF or PDF through one of our two tracers.
 * Engine path: decode → normalize (gray for `lineart`; gray, RGB or RGBA as decoded for `trace`)
 * → engine (../engines/lineart | ../engines/trace) → write (../writers) → store.
 */

import type { OutputBatch } from '../adapters/ports'
import { openImage } from '../codecs/decode'
import type { ImageType } from '../codecs/sniff'
import { traceLineart } from '../engines/lineart'
import type { RasterImage } from '../engines/raster'
import { DEFAULT_MAX_SEGMENTS, traceImageWithStats } from '../engines/trace'
import type { VectorDrawing } from '../engines/vector'
import type { ImageSource } from '../errors'
import type { Kernels } from '../kernels/kernels'
import { readAllRows } from '../lib/rows'
import { type VectorFormat, WRITERS } from '../writers'
import { readGrayImage } from './read-gray'
import { mapCodecFailures, traceRefusal } from './refusals'
import { type StoredFile, storeOutput } from './store-output'

export type VectorEngine = 'lineart' | 'trace'
export type { VectorFormat }

/**
 * Pixel caps per engine, from `npm run memory` (each request's peak workerd RSS above idle, which
 * must stay under 100 MB) on a stippled + hatched sheet, the tracers' worst drawing (tens of
 * thousands of strokes), and on half-ink noise. Both engines hold the whole image. `lineart` at
 * 12 MP: the gray image (12 MB, freed before the stroke graph), the wasm kernels' 2 bytes per
 * pixel (24 MB) and the typed-array stroke graph, which the engine keeps in budget by tracing an
 * absurd skeleton (noise) at a coarser scale: 79-90 MB peak for SVG and DXF (noise: 42-49 MB).
 * `trace` at 8 MP: 81-83 MB for SVG and PDF (its vector model costs ~170-330 bytes per segment,
 * 178 000 segments there), so it gets two thirds.
 */
export const VECTORIZE_LIMITS = {
  maxPixels: 12_000_000,
  operation: '/vectorize',
}

/** The caps that apply to one engine. */
export function vectorizeLimits(engine: VectorEngine): typeof VECTORIZE_LIMITS {
  return engine === 'trace'
    ? { ...VECTORIZE_LIMITS, maxPixels: 8_000_000, operation: '/vectorize with engine trace' }
    : VECTORIZE_LIMITS
}

export interface VectorizeInput {
  image: { bytes: Uint8Array; type: ImageType; source: ImageSource }
  format: VectorFormat
  engine: VectorEngine
  /** A PDF's filing sheet; absent, the page is the drawing's size. */
  page?: 'a4' | 'letter' | undefined
}

export interface VectorizeOutput {
  file: StoredFile
  /** What the tracer produced, for the response and the logs. */
  paths: number
  segments: number
  /** What to know before using it: a drawing that lost most of the image's ink. */
  warnings: string[]
}

/**
 * `lineart` drawings whose strokes hold less than this share of the ink the threshold found are
 * warned about. The corpus's 21 sheets hold 0.52-1.01 (the least: sheets with solid black fills,
 * which centerlines cover only in part); a drawing that lost most of its ink holds far less.
 */
const MIN_INK_DRAWN = 0.4

/** Traces, writes and stores the result in the request's batch as `vector.{ext}`. */
export async function vectorizeImage(
  input: VectorizeInput,
  ports: { outputs: OutputBatch; kernels: Kernels },
): Promise<VectorizeOutput> {
  const { outputs, kernels } = ports
  const { image, format, engine, page } = input
  const traced = await mapCodecFailures(image.source, () =>
    trace(image.bytes, image.type, engine, format, kernels),
  )
  if (!traced.ok) {
    throw traceRefusal(traced.reason, image.source, traced.message, TOO_DETAILED_HINT[format])
  }
  const { drawing, inkDrawn } = traced
  const writer = WRITERS[format]
  let paths = 0
  let segments = 0
  for (const layer of drawing.layers) {
    paths += layer.paths.length
    for (const path of layer.paths) segments += path.segments.length
  }
  // The file in the writer's chunks: the store takes parts, so it is never copied whole.
  const written: string[] = []
  const parts = await writer.parts(drawing, { page, onWarning: (m) => written.push(m) })
  let byteLength = 0
  for (const part of parts) byteLength += part.byteLength
  const file = await storeOutput(
    outputs,
    `vector.${writer.extension}`,
    { parts, byteLength },
    {
      contentType: writer.mime,
      disposition: 'attachment',
      filename: `figure-${outputs.id}.${writer.extension}`,
      width: drawing.width,
      height: drawing.height,
    },
  )
  // `trace` keeps 0.89-1 of the ink on the 87 vectorize-bench inputs (corpus sheets, clean and
  // degraded drawings, colour; 0.66 on a half-size stipple whose smallest dots the speckle filter
  // drops, as potrace's does) and 0 when faint lines or a 1 px stipple go: it warns below half.
  const warnings =
    engine === 'trace'
      ? inkDrawn < 0.5
        ? [
            `The outlines cover about ${Math.round(inkDrawn * 100)} % of the image's ink: faint lines or specks were left out; try a darker or larger scan`,
          ]
        : []
      : inkDrawn < MIN_INK_DRAWN
        ? [
            `The drawing's strokes hold about ${Math.round(inkDrawn * 100)} % of the image's ink: faint, thin or dotted lines were lost; try engine trace, or a darker or larger scan`,
          ]
        : []
  return { file, paths, segments, warnings: [...warnings, ...written] }
}

/**
 * `trace`'s segment budget per output format. DXF writes about 8 times the bytes of SVG per
 * segment and its loop nesting holds every fill path flattened, so it gets a smaller one.
 */
const MAX_TRACE_SEGMENTS: Record<VectorFormat, number> = {
  svg: DEFAULT_MAX_SEGMENTS,
  pdf: DEFAULT_MAX_SEGMENTS,
  dxf: 80_000,
}

/** What to try instead, after a `too_detailed` refusal. */
const TOO_DETAILED_HINT: Record<VectorFormat, string> = {
  svg: 'try engine lineart, or a cleaner or smaller scan',
  pdf: 'try engine lineart, or a cleaner or smaller scan',
  dxf: 'try format svg or pdf, engine lineart, or a cleaner or smaller scan',
}

type Traced =
  | { ok: true; drawing: VectorDrawing; inkDrawn: number }
  | { ok: false; reason: 'too_detailed'; message: string }

/** Decode → normalize → engine. Gray stays gray (1 byte per pixel) all the way. */
async function trace(
  bytes: Uint8Array,
  type: ImageType,
  engine: VectorEngine,
  format: VectorFormat,
  kernels: Kernels,
): Promise<Traced> {
  if (engine === 'lineart') {
    const gray = await readGrayImage(bytes, type, kernels)
    const { drawing, stats } = await traceLineart(gray, {
      releaseImage: true,
      wasm: kernels.lineart,
    })
    return { ok: true, drawing, inkDrawn: stats.inkDrawn }
  }
  const rows = await openImage(bytes, type, {
    prefer: 'color',
    zlib: kernels.zlib,
  })
  const image: RasterImage = {
    width: rows.width,
    height: rows.height,
    channels: rows.channels,
    data: await readAllRows(rows),
    ...(rows.density ? { density: rows.density } : {}),
  }
  // Built for the engine alone: it frees the pixels once their colours are quantised.
  const traced = await traceImageWithStats(image, {
    releaseImage: true,
    maxSegments: MAX_TRACE_SEGMENTS[format],
  })
  return traced.ok ? { ok: true, drawing: traced.drawing, inkDrawn: traced.stats.inkDrawn } : traced
}
