/**
 * generateFigure's reference images as the image model takes them (POST /figures, step 10):
 * each downloaded reference is decoded, flattened onto white, reduced to gray and fitted within
 * 512 × 512, then written as PNG. Engine path: decode → normalize → resample → encode.
 */

import { openImage } from '../codecs/decode'
import { encodePng } from '../codecs/png/encode'
import type { ImageType } from '../codecs/sniff'
import { fitLongEdge } from '../engines/filing/sizes'
import { flattenToGray } from '../engines/gray/flatten-to-gray'
import { resampleGray } from '../engines/gray/resample'
import { ApiError } from '../errors'
import type { Kernels } from '../kernels/kernels'
import { concatBytes } from '../lib/bytes'
import { CodecError } from '../lib/codec-error'

/**
 * Longest side of a reference the model receives, pixels: FLUX.2 on Workers AI takes input
 * images of at most 512 × 512 (its launch note), and is billed per 512 × 512 input tile.
 */
export const MODEL_REFERENCE_SIDE_PX = 512

/**
 * Caps on reference downloads beyond the global 40 MP: 16 MP, because without an image model
 * each reference is decoded whole as gray (16 MB) before it is reduced to the line engine's
 * 1.5 MP working size.
 */
export const REFERENCE_IMAGE_LIMITS = {
  maxPixels: 16_000_000,
  operation: '/figures',
}

/**
 * One reference image as the model input: 8-bit gray on white (colour and alpha only distract a
 * model asked for a black-and-white figure), long side at most 512 px with the aspect ratio kept,
 * never upscaled, as PNG. Rows stream from decoder to encoder, so memory stays at a few rows of
 * the source plus the output (at most 512 × 512 bytes before compression).
 * @param bytes the file as downloaded (sniffed and admitted by its header)
 * @param type its sniffed type
 * @param kernels our inflate and the resample passes
 * @returns a gray PNG of at most 512 × 512 px
 * @throws CodecError when the file turns out to be unreadable
 */
export async function referenceForModel(
  bytes: Uint8Array,
  type: ImageType,
  kernels: Pick<Kernels, 'zlib' | 'resample'>,
): Promise<Uint8Array> {
  const gray = flattenToGray(
    await openImage(bytes, type, {
      prefer: 'luma',
      zlib: kernels.zlib,
    }),
  )
  const size =
    Math.max(gray.width, gray.height) <= MODEL_REFERENCE_SIDE_PX
      ? { width: gray.width, height: gray.height }
      : fitLongEdge(gray.width, gray.height, MODEL_REFERENCE_SIDE_PX)
  const file = await encodePng(
    resampleGray(gray, size.width, size.height, { wasm: kernels.resample }),
  )
  return concatBytes(file.parts)
}

/**
 * Every reference as model input, one at a time (so at most one decoder is open), in input order.
 * @param images the downloaded references, in the order of `referenceImageUrls`
 * @throws ApiError REFERENCE_IMAGE_UNAVAILABLE (400) naming the index, when one cannot be decoded
 */
export async function referencesForModel(
  images: readonly { bytes: Uint8Array; type: ImageType }[],
  kernels: Pick<Kernels, 'zlib' | 'resample'>,
): Promise<Uint8Array[]> {
  const out: Uint8Array[] = []
  for (const [i, image] of images.entries()) {
    out.push(await readReference(i, () => referenceForModel(image.bytes, image.type, kernels)))
  }
  return out
}

/**
 * Runs codec work on reference `index`; a file that turns out unreadable is a 400
 * REFERENCE_IMAGE_UNAVAILABLE naming it (/figures has no 422).
 */
export async function readReference<T>(index: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof CodecError)) throw error
    const reason =
      error.reason === 'corrupt'
        ? `the image could not be read (${error.message})`
        : error.reason === 'unsupported'
          ? `the image uses a feature we do not read (${error.message})`
          : `the image is too large to decode (${error.message})`
    throw new ApiError(
      'REFERENCE_IMAGE_UNAVAILABLE',
      `referenceImageUrls[${index}] could not be used: ${reason}`,
      { cause: error, internal: `${error.reason}: ${error.message}` },
    )
  }
}
