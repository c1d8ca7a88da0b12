/** The storage step every operation ends with: a finished file put in the request's batch. */

import type { OutputBatch, OutputFileMeta } from '../adapters/ports'
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
 * Stores `file` as `name` in the batch.
 * @param meta how it is served; width and height as reported
 */
export async function storeOutput(
  outputs: OutputBatch,
  name: string,
  file: EncodedFile,
  meta: OutputFileMeta & { width: number; height: number },
): Promise<StoredFile> {
  const { width, height, ...served } = meta
  const key = await outputs.put(name, file.parts, served)
  return { key, contentType: meta.contentType, byteLength: file.byteLength, width, height }
}
