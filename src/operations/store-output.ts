/**
 * The storage step every operation ends with: put a finished file in R2 under its output key
 * and remember it, so a failure later in the same request can delete what was written.
 */

import type { OutputStore } from '../adapters/ports'
import type { EncodedFile } from '../lib/rows'

/** A stored output file. */
export interface StoredFile {
  key: string
  contentType: string
  byteLength: number
  width: number
  height: number
}

/**
 * Stores `file` at `key` and appends the key to `written`.
 * @param meta content type and disposition served with the file; width and height reported
 */
export async function storeOutput(
  outputs: OutputStore,
  written: string[],
  key: string,
  file: EncodedFile,
  meta: { contentType: string; disposition: string; width: number; height: number },
): Promise<StoredFile> {
  try {
    await outputs.put(key, file.parts, {
      contentType: meta.contentType,
      contentDisposition: meta.disposition,
    })
  } catch (error) {
    // A put can be stored and still fail to answer: make sure no object is left under the key.
    await outputs.delete([key]).catch(() => {})
    throw error
  }
  written.push(key)
  return {
    key,
    contentType: meta.contentType,
    byteLength: file.byteLength,
    width: meta.width,
    height: meta.height,
  }
}
