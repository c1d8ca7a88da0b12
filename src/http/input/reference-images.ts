/**
 * Step 8 of POST /figures: downloads the `referenceImageUrls` behind the same SSRF guard, 10 MiB
 * cap, sniff and dimension caps as `imageUrl` (image-input.ts), at most 3 at a time. /figures has
 * no 422 (PLATFORM.md §0), so every failure is a 400 REFERENCE_IMAGE_UNAVAILABLE naming the URL.
 * Uploaded `referenceImages` go through the rules of an uploaded `file`, their codes kept.
 */

import type { Deps } from '../../deps'
import { ApiError } from '../../errors'
import { REFERENCE_IMAGE_LIMITS } from '../../operations/figure-references'
import {
  type ImageInput,
  type ImageLimits,
  type LoadedImage,
  loadImage,
  uploadInput,
} from './image-input'

/**
 * Downloads in flight at once: PLATFORM.md §6 rule 10 keeps 3 of a Worker's 6 simultaneous
 * connections free for R2 and the AI binding.
 */
export const REFERENCE_FETCH_CONCURRENCY = 3

/**
 * Fetches, sniffs and admits every reference URL, at most {@link REFERENCE_FETCH_CONCURRENCY}
 * at a time. After the first failure no new download starts; the ones in flight finish, and the
 * failure with the lowest index is reported, so the answer does not depend on timing among them.
 * @param urls the request's `referenceImageUrls` (1-4, validated by the schema)
 * @param limits per-operation caps on top of the global ones (default: /figures' 16 MP)
 * @returns the images in the order of `urls`
 * @throws ApiError REFERENCE_IMAGE_UNAVAILABLE (400), message
 *   `referenceImageUrls[i] could not be used: <reason>`, with the imageUrl code in `internal`
 *
 * @example
 * const references = await loadReferenceImages(body.referenceImageUrls ?? [], c.var.deps)
 */
export async function loadReferenceImages(
  urls: readonly string[],
  deps: Pick<Deps, 'resolver'>,
  limits: ImageLimits = REFERENCE_IMAGE_LIMITS,
): Promise<LoadedImage[]> {
  const loaded: LoadedImage[] = new Array(urls.length)
  const failures: { index: number; error: ApiError }[] = []
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < urls.length && failures.length === 0) {
      const index = next++
      try {
        loaded[index] = await loadReference(urls[index]!, deps, limits)
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        failures.push({ index, error })
      }
    }
  }
  const workers = Math.min(REFERENCE_FETCH_CONCURRENCY, urls.length)
  await Promise.all(Array.from({ length: workers }, worker))
  const first = failures.sort((a, b) => a.index - b.index)[0]
  if (first) throw unavailable(first.index, first.error)
  return loaded
}

async function loadReference(
  url: string,
  deps: Pick<Deps, 'resolver'>,
  limits: ImageLimits,
): Promise<LoadedImage> {
  try {
    new URL(url)
  } catch (error) {
    // loadImage would say "imageUrl is not a valid URL", which names the wrong field here.
    throw new ApiError('IMAGE_URL_NOT_ALLOWED', 'it is not a valid URL', { cause: error })
  }
  return loadImage({ kind: 'url', url }, deps, limits)
}

/**
 * The 400 for reference `index`. The imageUrl code goes to `internal` for the logs; the URL does
 * not, as a pre-signed URL carries its credentials in the query.
 */
function unavailable(index: number, error: ApiError): ApiError {
  return new ApiError(
    'REFERENCE_IMAGE_UNAVAILABLE',
    `referenceImageUrls[${index}] could not be used: ${lowerFirst(error.message)}`,
    { cause: error, internal: `${error.code}${error.internal ? `: ${error.internal}` : ''}` },
  )
}

/** "The server answered 404" → "the server answered 404"; "PNG …" and "IP …" stay as they are. */
const lowerFirst = (text: string): string =>
  /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text

/**
 * The uploaded `referenceImages` parts read for the fingerprint (their SHA-256), in order.
 * @throws ApiError FILE_TOO_LARGE (400) naming the part: `referenceImages[1]: the file exceeds ...`
 */
export async function readUploadedReferences(files: readonly File[]): Promise<ImageInput[]> {
  return Promise.all(files.map((file, index) => namingPart(index, () => uploadInput(file))))
}

/**
 * Admits the uploaded references under the rules of an uploaded `file` (spec §4.7: type and
 * dimensions), in order.
 * @throws ApiError with the code of the rule a file breaks (400), naming the part
 */
export async function admitUploadedReferences(
  uploads: readonly ImageInput[],
  deps: Pick<Deps, 'resolver'>,
  limits: ImageLimits = REFERENCE_IMAGE_LIMITS,
): Promise<LoadedImage[]> {
  const images: LoadedImage[] = []
  for (const [index, upload] of uploads.entries()) {
    images.push(await namingPart(index, () => loadImage(upload, deps, limits)))
  }
  return images
}

/** Runs `step`, its ApiError's message prefixed with the part it is about. */
async function namingPart<T>(index: number, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    throw new ApiError(error.code, `referenceImages[${index}]: ${lowerFirst(error.message)}`, {
      cause: error,
    })
  }
}
