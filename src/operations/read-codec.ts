/**
 * Maps codec failures met while an operation reads its input to the input-image errors: 400 for
 * an upload, 422 for an imageUrl (PLATFORM.md §0). Shared by every image operation.
 */

import type { ImageSource } from '../errors'
import { CodecError } from '../lib/codec-error'
import { codecRefusal } from './refusals'

/** Runs codec work; a CodecError becomes INVALID_IMAGE, UNSUPPORTED_IMAGE_TYPE or too large. */
export async function readCodec<T>(source: ImageSource, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof CodecError)) throw error
    throw codecRefusal(error.reason, source, error.message)
  }
}
