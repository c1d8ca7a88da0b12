/**
 * enhanceImage (spec §4.4): super-resolution x2 or x4 to PNG, the DPI stamped in pHYs.
 * Engine path: decode once into a survey (the gray page, colour, transparency, /convert's tone
 * decision) → the plan (../engines/upscale/plan.ts: line art to the line-art reconstruction,
 * the rest to ESRGAN-slim on haloed tiles in our wasm kernels) → output bands straight into the
 * streaming PNG encoder (1-bit for bilevel) → storage in parts as they are made. The output never
 * exists whole; the input exists whole only as the gray page (1 byte per pixel, 3 MB at the
 * cap), and colour is decoded a second time, row by row, as the bands reach it.
 */

import type { OutputBatch } from '../adapters/ports'
import { openImage } from '../codecs/decode'
import { createPngEncoder } from '../codecs/png/encode'
import type { ImageType } from '../codecs/sniff'
import { upscaleImage } from '../engines/upscale'
import { upscaleLineArt } from '../engines/upscale/lineart'
import { loadUpscaler, type Scale } from '../engines/upscale/models'
import {
  type EnhanceMode,
  type EnhancePlan,
  planEnhance,
  surveyRows,
} from '../engines/upscale/plan'
import type { OutputBand } from '../engines/upscale/tiles'
import type { ImageSource } from '../errors'
import type { Kernels } from '../kernels/kernels'
import { releaseBuffer } from '../lib/release'
import { mapCodecFailures } from './refusals'
import type { StoredFile } from './store-output'

export type EnhanceScale = Scale
export type EnhanceDpi = 300 | 600

/** Output long edge never above this (spec §4.4 issue: 8192 px). */
export const MAX_OUTPUT_EDGE_PX = 8192

/**
 * Input caps per scale, from the engine's measured time on the 2-core dev box (Node 20): at the
 * caps, 15.5 s for 1732 × 1732 (3 MP) at x2 and 11.6 s for 1414 × 1414 (2 MP) at x4, well inside
 * wrangler.toml's `limits.cpu_ms` of 60 s. (Before the Winograd kernels the caps were 2 MP and
 * 1 MP, at 24.0 s and 13.6 s; x4 now runs tiles half as tall, 13% more tile area: see TILE_PX.)
 * Memory does not set them: the kernels take 40 MiB at x2 and 25 MiB at x4 whatever the size,
 * the input is read and the output stored as they go (5 MiB parts), and what grows is one band
 * of input and of output rows. The long edge keeps the output within MAX_OUTPUT_EDGE_PX.
 */
export const ENHANCE_LIMITS: Record<
  Scale,
  { maxPixels: number; maxLongEdge: number; operation: string }
> = {
  2: { maxPixels: 3_000_000, maxLongEdge: MAX_OUTPUT_EDGE_PX / 2, operation: '/enhance at x2' },
  4: { maxPixels: 2_000_000, maxLongEdge: MAX_OUTPUT_EDGE_PX / 4, operation: '/enhance at x4' },
}

export interface EnhanceInput {
  image: { bytes: Uint8Array; type: ImageType; source: ImageSource }
  scale: EnhanceScale
  dpi: EnhanceDpi
  mode: EnhanceMode
}

/** What was made: the file, and how (the plan, and why the tone was judged as it was). */
export interface EnhanceOutput {
  file: StoredFile
  plan: EnhancePlan
  modeReason: string
  /** What to know before filing it (detail below the filing density). */
  warnings: string[]
}

/** The least density whose detail a drawing for filing should have (USPTO, EPO: 300 DPI). */
const FILING_DETAIL_DPI = 300

/** Upscales, encodes and stores the PNG in the request's batch as `enhanced.png`, in parts. */
export async function enhanceImage(
  input: EnhanceInput,
  ports: { outputs: OutputBatch; kernels: Kernels },
): Promise<EnhanceOutput> {
  const { outputs, kernels } = ports
  const { image, scale, dpi, mode } = input
  const open = () =>
    mapCodecFailures(image.source, () =>
      // No zlib kernel: its wasm memory (about 13 MB of workerd RSS at the x2 cap) would take
      // the photo path past the memory bench's bound, for a decode the network dwarfs.
      openImage(image.bytes, image.type, { prefer: 'color' }),
    )
  const first = await open()
  const { width, height } = first
  const survey = await mapCodecFailures(image.source, () =>
    surveyRows(first.rows, width, height, first.channels),
  )
  const plan = planEnhance(survey, mode)
  let bands: AsyncGenerator<OutputBand>
  let channels: 1 | 2 | 3 | 4 = 1
  if (plan.method === 'lineart') bands = upscaleLineArt(survey.page, width, height, scale)
  else if (plan.output === 'gray') {
    bands = upscaleImage(survey.page, width, height, 1, await loadUpscaler(scale, kernels.upscale))
  } else {
    // Colour is read again row by row as the bands reach it: the page is not needed any more.
    releaseBuffer(survey.page)
    const rows = await open()
    channels = rows.channels
    bands = upscaleImage(
      rows.rows,
      width,
      height,
      channels,
      await loadUpscaler(scale, kernels.upscale),
    )
  }
  const outWidth = width * scale
  const outHeight = height * scale
  const encoder = createPngEncoder({
    width: outWidth,
    height: outHeight,
    channels,
    bitDepth: plan.output === 'bilevel' ? 1 : 8,
    density: { x: dpi, y: dpi },
  })
  // Parts go to storage as they are made (R2 multipart once 5 MiB have piled up): neither the
  // pixels nor the compressed file are ever whole in memory.
  const { key, upload } = outputs.upload('enhanced.png', {
    contentType: 'image/png',
    disposition: 'attachment',
    filename: `figure-${outputs.id}-x${scale}.png`,
  })
  let byteLength: number
  try {
    const rowBytes = outWidth * channels
    // A corrupt colour image can still fail mid-way, on its second reading: hence mapCodecFailures.
    await mapCodecFailures(image.source, async () => {
      for await (const band of bands) {
        for (let y = 0; y < band.rows; y++) {
          await encoder.write(band.data.subarray(y * rowBytes, (y + 1) * rowBytes))
        }
        await upload.write(await encoder.take())
      }
    })
    await upload.write((await encoder.finish()).parts)
    byteLength = await upload.finish()
  } catch (error) {
    await upload.abort()
    throw error
  }
  const file: StoredFile = {
    key,
    contentType: 'image/png',
    byteLength,
    width: outWidth,
    height: outHeight,
  }
  return { file, plan, modeReason: survey.toneReason, warnings: detailWarning(plan, scale, dpi) }
}

/**
 * The network sharpens but invents no detail: its output holds the input's, `dpi / scale` at the
 * density stamped. Line art is redrawn at the output's size, so it is not warned about.
 */
function detailWarning(plan: EnhancePlan, scale: Scale, dpi: EnhanceDpi): string[] {
  const detail = dpi / scale
  if (plan.method !== 'network' || detail >= FILING_DETAIL_DPI) return []
  return [
    `Upscaled ${scale}× by the network and stamped ${dpi} DPI, the image holds the detail of about ${detail} DPI: edges are sharpened, but detail the input did not have is not made up; for filing, start from a larger original`,
  ]
}
