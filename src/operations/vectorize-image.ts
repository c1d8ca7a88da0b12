/**
 * vectorizeImage (spec §4.3): a raster → SVG, DXF or PDF through one of our two tracers.
 * Engine path: decode → normalize (gray for `lineart`; gray, RGB or RGBA as decoded for `trace`)
 * → engine (../engines/lineart | ../engines/trace) → write (../writers) → store.
 */

import { openImage } from '../codecs/decode'
import type { ImageType } from '../codecs/sniff'
import { traceLineart } from '../engines/lineart'
import type { RasterImage } from '../engines/raster'
import { traceImage } from '../engines/trace'
import type { VectorDrawing } from '../engines/vector'
import type { ImageSource } from '../errors'
import { ulid } from '../lib/ids'
import { readAllRows } from '../lib/rows'
import type { OutputStore } from '../storage/ports'
import { type VectorFormat, WRITERS } from '../writers'
import { readCodec } from './read-codec'
import { readGrayImage } from './read-gray'
import { type StoredFile, storeOutput } from './store-output'

export type VectorEngine = 'lineart' | 'trace'
export type { VectorFormat }

/**
 * Pixel caps per engine, from `npm run bench -- memory` and a stage-by-stage profile (a stippled
 * + hatched sheet, the tracers' worst drawing: tens of thousands of strokes). Both hold the whole
 * image. `lineart` at 12 MP peaks at about 81 MB live: the gray image (12 MB), the wasm kernels'
 * 3 bytes per pixel (36 MB), and the stroke graph, which the engine keeps under 40 MB by tracing
 * an absurd skeleton (noise) at a coarser scale; 16 MP would leave under 20 MB of the isolate's
 * 128 MB for the runtime and the request. `trace` peaked at 124 MB live at 16 MP with PDF output
 * (its vector model costs ~340 bytes per segment), so it gets half. WebP keeps its decoder's
 * 5 MP cap (see convert-image).
 */
export const VECTORIZE_LIMITS = {
  maxPixels: 12_000_000,
  maxPixelsByType: { webp: 5_000_000 } as Partial<Record<ImageType, number>>,
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
}

export interface VectorizeOutput {
  file: StoredFile
  /** What the tracer produced, for the response and the logs. */
  paths: number
  segments: number
}

/** Traces, writes and stores the result under `out/{accountId}/{ulid}/vector.{ext}`. */
export async function vectorizeImage(
  input: VectorizeInput,
  ports: { outputs: OutputStore; accountId: string },
): Promise<VectorizeOutput> {
  const { image, format, engine } = input
  const drawing = await readCodec(image.source, () => trace(image.bytes, image.type, engine))
  const writer = WRITERS[format]
  const bytes = await writer.write(drawing)
  const id = ulid()
  const file = await storeOutput(
    ports.outputs,
    [],
    `out/${ports.accountId}/${id}/vector.${writer.extension}`,
    { parts: [bytes], byteLength: bytes.byteLength },
    {
      contentType: writer.mime,
      disposition: `attachment; filename="figure-${id}.${writer.extension}"`,
      width: drawing.width,
      height: drawing.height,
    },
  )
  let paths = 0
  let segments = 0
  for (const layer of drawing.layers) {
    paths += layer.paths.length
    for (const path of layer.paths) segments += path.segments.length
  }
  return { file, paths, segments }
}

/** Decode → normalize → engine. Gray stays gray (1 byte per pixel) all the way. */
async function trace(
  bytes: Uint8Array,
  type: ImageType,
  engine: VectorEngine,
): Promise<VectorDrawing> {
  if (engine === 'lineart') {
    const gray = await readGrayImage(bytes, type)
    return (await traceLineart(gray, { releaseImage: true })).drawing
  }
  const rows = await openImage(bytes, type, { prefer: 'color' })
  const image: RasterImage = {
    width: rows.width,
    height: rows.height,
    channels: rows.channels,
    data: await readAllRows(rows),
    ...(rows.density ? { density: rows.density } : {}),
  }
  return traceImage(image)
}
