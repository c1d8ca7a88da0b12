/**
 * Step 8 of the image endpoints (spec §4.7, PLATFORM.md §6): the input image from a multipart
 * `file` or a JSON `imageUrl`, identified by magic bytes and admitted by its header dimensions
 * before anything decodes it. Upload problems are 400s; imageUrl problems are 422s.
 */

import { type SniffedImage, sniffImage } from '../../codecs/sniff'
import type { Deps } from '../../deps'
import { ApiError, type ImageSource, imageError } from '../../errors'
import { sha256Hex } from '../../lib/crypto'
import { MAX_IMAGE_BYTES } from '../middleware/body-guard'
import { fetchImage } from './fetch-image'

/** Largest accepted side, px (PLATFORM.md §6 rule 9). */
export const MAX_IMAGE_SIDE_PX = 12_000
/** Largest accepted area, px (40 MP). */
export const MAX_IMAGE_PIXELS = 40_000_000

/** Where the image comes from, as the request gave it. */
export type ImageInput =
  | { kind: 'url'; url: string }
  | { kind: 'upload'; bytes: Uint8Array; sha256: string }

/** Per-operation caps on top of the global ones (e.g. what a decoder can hold in memory). */
export interface ImageLimits {
  /** The operation's own pixel cap (below the global one), from its measured memory. */
  maxPixels?: number
  /** The longest side allowed, pixels (/enhance: so the output stays within its edge cap). */
  maxLongEdge?: number
  /** Names the operation in refusals, e.g. '/vectorize'. */
  operation?: string
}

/** An admitted image and where it came from (which decides 400 vs 422 for later errors). */
export interface LoadedImage extends SniffedImage {
  source: ImageSource
}

/** Normalises an uploaded file: its bytes and the hash the fingerprint uses. */
export async function uploadInput(file: File): Promise<ImageInput> {
  if (file.size > MAX_IMAGE_BYTES) {
    throw new ApiError('FILE_TOO_LARGE', `The file exceeds ${MAX_IMAGE_BYTES} bytes (10 MiB)`)
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  return { kind: 'upload', bytes, sha256: await sha256Hex(bytes) }
}

/**
 * The image of a validated dual-body request (spec §4.7): the multipart `file` part, or the
 * JSON `imageUrl`.
 */
export async function imageInputOf(
  body: { file: File } | { imageUrl: string },
): Promise<ImageInput> {
  return 'file' in body ? uploadInput(body.file) : { kind: 'url', url: body.imageUrl }
}

/** Whether a request's Content-Type is JSON (else the multipart body was validated). */
export const isJsonContentType = (contentType: string | undefined): boolean =>
  contentType?.toLowerCase().includes('json') ?? false

/** The parameters an input contributes to the request fingerprint. */
export const inputParameters = (input: ImageInput): Record<string, string> =>
  input.kind === 'url' ? { imageUrl: input.url } : { fileSha256: input.sha256 }

/** Fetches (for a URL), sniffs and admits the image. Throws the 400/422 ApiErrors. */
export async function loadImage(
  input: ImageInput,
  deps: Pick<Deps, 'resolver'>,
  limits: ImageLimits = {},
): Promise<LoadedImage> {
  const source: ImageSource = input.kind === 'url' ? 'url' : 'upload'
  let bytes: Uint8Array
  if (input.kind === 'url') {
    const fetched = await fetchImage(input.url, {
      resolver: deps.resolver,
      maxBytes: MAX_IMAGE_BYTES,
    })
    if (!fetched.ok) throw new ApiError(fetched.error.code, fetched.error.message)
    bytes = fetched.value
  } else {
    bytes = input.bytes
  }
  const sniffed = sniffImage(bytes)
  if (!sniffed.ok) {
    const code = sniffed.error.reason === 'unsupported' ? 'UNSUPPORTED_IMAGE_TYPE' : 'INVALID_IMAGE'
    throw imageError(code, source, sniffed.error.message)
  }
  const image = sniffed.value
  const refusal = dimensionRefusal(image, limits)
  if (refusal) throw imageError('IMAGE_DIMENSIONS_TOO_LARGE', source, refusal)
  return { ...image, source }
}

function dimensionRefusal(image: SniffedImage, limits: ImageLimits): string | null {
  const { width, height } = image
  const size = `${width}x${height}`
  if (width > MAX_IMAGE_SIDE_PX || height > MAX_IMAGE_SIDE_PX) {
    return `The image is ${size}; sides are limited to ${MAX_IMAGE_SIDE_PX} px`
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    return `The image is ${size} (${megapixels(width * height)}); the limit is ${megapixels(MAX_IMAGE_PIXELS)}`
  }
  if (limits.maxPixels !== undefined && width * height > limits.maxPixels) {
    return `The image is ${size} (${megapixels(width * height)}); ${limits.operation ?? 'this operation'} is limited to ${megapixels(limits.maxPixels)}`
  }
  if (limits.maxLongEdge !== undefined && Math.max(width, height) > limits.maxLongEdge) {
    return `The image is ${size}; ${limits.operation ?? 'this operation'} is limited to ${limits.maxLongEdge} px on the long edge`
  }
  return null
}

const megapixels = (pixels: number): string => `${(pixels / 1e6).toFixed(1)} MP`
