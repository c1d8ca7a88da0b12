/** Output files in R2 under `out/{accountId}/{ulid}/{kind}.{ext}` (PLATFORM.md §5 rule 4). */

import type { OutputMeta, OutputStore, OutputUpload } from '../ports'
import { R2Upload } from './upload'

/** R2-backed {@link OutputStore}. */
export class R2OutputStore implements OutputStore {
  constructor(private readonly bucket: R2Bucket) {}

  async put(key: string, parts: readonly Uint8Array[], meta: OutputMeta): Promise<void> {
    // A Blob of the parts gives R2 a known length without concatenating them first.
    await this.bucket.put(key, new Blob(parts as Uint8Array<ArrayBuffer>[]), {
      httpMetadata: { contentType: meta.contentType, contentDisposition: meta.contentDisposition },
    })
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
}
