/**
 * An output file sent to R2 while it is being made: parts are buffered until one multipart part's
 * worth (5 MiB, R2's smallest) has arrived, then sent as a part of a multipart upload, so memory
 * holds at most one part plus its copy. A file that never fills a part is stored with one put,
 * as `R2OutputStore.put` does. Every part but the last has the same size, as R2 requires.
 */

import type { OutputMeta, OutputUpload } from '../ports'

/** Bytes of every multipart part but the last: R2's minimum part size. */
export const R2_PART_BYTES = 5 * 1024 * 1024

export class R2Upload implements OutputUpload {
  readonly #bucket: R2Bucket
  readonly #key: string
  readonly #meta: OutputMeta
  readonly #partBytes: number
  /** Written and not yet sent, oldest first. */
  #buffered: Uint8Array[] = []
  #bufferedBytes = 0
  #totalBytes = 0
  #multipart: R2MultipartUpload | null = null
  readonly #sent: R2UploadedPart[] = []
  #done = false
  /** finish() failed, possibly after R2 stored the object. */
  #finishFailed = false

  /** @param partBytes size of every part but the last (tests use a smaller one than R2's) */
  constructor(bucket: R2Bucket, key: string, meta: OutputMeta, partBytes = R2_PART_BYTES) {
    this.#bucket = bucket
    this.#key = key
    this.#meta = meta
    this.#partBytes = partBytes
  }

  async write(parts: readonly Uint8Array[]): Promise<void> {
    if (this.#done) throw new Error('Expected write() before finish() or abort()')
    for (const part of parts) {
      if (part.length === 0) continue
      this.#buffered.push(part)
      this.#bufferedBytes += part.length
      this.#totalBytes += part.length
    }
    while (this.#bufferedBytes >= this.#partBytes) await this.#sendPart(this.#partBytes)
  }

  async finish(): Promise<number> {
    if (this.#done) throw new Error('Expected finish() once, and not after abort()')
    this.#done = true
    const httpMetadata = this.#httpMetadata()
    try {
      if (this.#multipart === null) {
        await this.#bucket.put(this.#key, new Blob(this.#buffered as Uint8Array<ArrayBuffer>[]), {
          httpMetadata,
        })
      } else {
        if (this.#bufferedBytes > 0) await this.#sendPart(this.#bufferedBytes)
        await this.#multipart.complete(this.#sent)
      }
    } catch (error) {
      // The object may have been stored before the call failed: the caller treats it as absent.
      this.#finishFailed = true
      throw error
    }
    this.#buffered = []
    return this.#totalBytes
  }

  async abort(): Promise<void> {
    this.#done = true
    this.#buffered = []
    try {
      await this.#multipart?.abort()
    } catch {
      // Nothing to undo beyond this: R2 expires incomplete uploads on its own.
    }
    if (this.#finishFailed) await this.#bucket.delete(this.#key).catch(() => {})
  }

  /** Sends the first `size` buffered bytes as the next part (one copy of them). */
  async #sendPart(size: number): Promise<void> {
    const body = new Uint8Array(size)
    let filled = 0
    while (filled < size) {
      const part = this.#buffered[0]!
      const n = Math.min(part.length, size - filled)
      body.set(part.subarray(0, n), filled)
      filled += n
      if (n === part.length) this.#buffered.shift()
      else this.#buffered[0] = part.subarray(n)
    }
    this.#bufferedBytes -= size
    this.#multipart ??= await this.#bucket.createMultipartUpload(this.#key, {
      httpMetadata: this.#httpMetadata(),
    })
    this.#sent.push(await this.#multipart.uploadPart(this.#sent.length + 1, body))
  }

  #httpMetadata(): R2HTTPMetadata {
    return {
      contentType: this.#meta.contentType,
      contentDisposition: this.#meta.contentDisposition,
    }
  }
}
