/** Output files in R2 under `out/{accountId}/{ulid}/{kind}.{ext}` (PLATFORM.md §5 rule 4). */

import { openOutputBatch } from '../output-batch'
import type { OutputBatch, OutputMeta, OutputStore, OutputUpload } from '../ports'
import { R2Upload } from './upload'

/** R2-backed {@link OutputStore}. */
export class R2OutputStore implements OutputStore {
  constructor(private readonly bucket: R2Bucket) {}

  async put(key: string, parts: readonly Uint8Array[], meta: OutputMeta): Promise<void> {
    const httpMetadata = {
      contentType: meta.contentType,
      contentDisposition: meta.contentDisposition,
    }
    if (parts.length <= 1) {
      await this.bucket.put(key, parts[0] ?? new Uint8Array(0), { httpMetadata })
      return
    }
    // Many parts (a writer's chunks) are streamed with their known length: a Blob of them would
    // be one more whole copy of the file, held until V8 collects the Blob.
    let length = 0
    for (const part of parts) length += part.byteLength
    const { readable, writable } = new FixedLengthStream(length)
    const writer = writable.getWriter()
    // If R2 refuses the put early nothing reads the stream any more: abort it, or the writes
    // below would wait forever.
    const stored = this.bucket.put(key, readable, { httpMetadata }).catch(async (error) => {
      await writer.abort(error).catch(() => {})
      throw error
    })
    try {
      for (const part of parts) await writer.write(part)
      await writer.close()
    } catch {
      // The put fails too (its body ended short, or it failed first): its error is reported.
    }
    await stored
  }

  upload(key: string, meta: OutputMeta): OutputUpload {
    return new R2Upload(this.bucket, key, meta)
  }

  get(key: string): Promise<R2ObjectBody | null> {
    return this.bucket.get(key)
  }

  head(key: string): Promise<R2Object | null> {
    return this.bucket.head(key)
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.bucket.delete([...keys])
  }

  batch(accountId: string): OutputBatch {
    return openOutputBatch(this, accountId)
  }
}
