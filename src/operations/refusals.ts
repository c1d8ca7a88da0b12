/**
 * The one place expected failures of codecs and engines become API errors (STYLE.md §3): each
 * reason they can give is mapped by an exhaustive switch, so a new reason does not compile until
 * it has its code. The engines' detailed messages are kept; statuses come from errors.ts.
 */

import type { ReadFailureReason } from '../engines/figure/read-figure'
import { ApiError, type ImageSource, imageError } from '../errors'
import { CodecError, type CodecFailure } from '../lib/codec-error'

/**
 * Runs codec work on the request's input image (decoding can fail mid-stream, after its header
 * passed); a CodecError becomes {@link codecRefusal}'s error, anything else goes on as it is.
 */
export async function mapCodecFailures<T>(source: ImageSource, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof CodecError) throw codecRefusal(error.reason, source, error.message)
    throw error
  }
}

/** A codec failure on the request's input image: 400 for an upload, 422 for an imageUrl. */
export function codecRefusal(reason: CodecFailure, source: ImageSource, message: string): ApiError {
  switch (reason) {
    case 'corrupt':
      return imageError('INVALID_IMAGE', source, `The image could not be read: ${message}`)
    case 'unsupported':
      return imageError('UNSUPPORTED_IMAGE_TYPE', source, message)
    case 'too_large':
      return imageError('IMAGE_DIMENSIONS_TOO_LARGE', source, message)
  }
}

/**
 * A prompt the diagram reader or the object reader could not read. `null` when the reason is not
 * a refusal: the prompt is not of that reader's kind, and the next reader (or the image model)
 * may draw it.
 */
export function readingRefusal(
  reason: ReadFailureReason | 'not_an_object',
  message: string,
): ApiError | null {
  switch (reason) {
    case 'too_complex':
      return new ApiError('FIGURE_TOO_COMPLEX', message)
    case 'not_understood':
      return new ApiError('PROMPT_NOT_UNDERSTOOD', message)
    case 'not_a_diagram':
    case 'not_an_object':
      return null
  }
}

/**
 * A picture the line extraction found nothing to draw in (`blank`) or could not untangle
 * (`too_busy`): the image model's drawing is a processing failure (refunded), a reference image
 * the caller's (/figures has no 422).
 */
export function lineDrawingRefusal(
  reason: 'blank' | 'too_busy',
  message: string,
  from: { kind: 'model' } | { kind: 'reference'; index: number },
): ApiError {
  switch (reason) {
    case 'blank':
    case 'too_busy':
      return from.kind === 'model'
        ? new ApiError(
            'PROCESSING_FAILED',
            `The image model's drawing could not be used: ${message}`,
          )
        : new ApiError(
            'REFERENCE_IMAGE_UNAVAILABLE',
            `referenceImageUrls[${from.index}] could not be drawn: ${message}`,
          )
  }
}

/** The trace engine gave up on an input image (its budget of outline segments is spent). */
export function traceRefusal(
  reason: 'too_detailed',
  source: ImageSource,
  message: string,
  hint: string,
): ApiError {
  switch (reason) {
    case 'too_detailed':
      return imageError(
        'IMAGE_TOO_DETAILED',
        source,
        `The image cannot be traced: ${message}; ${hint}`,
      )
  }
}
