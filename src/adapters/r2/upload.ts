/**
 * An output file sent to R2 while it is being made: what is written is copied into one part
 * buffer until one multipart part's worth (5 MiB, R2's smallest) has arrived, then sent as a part
 * of a multipart upload, so memory holds at most one part. A file that never fills a part is
 * stored with one put, as `R2OutputStore.put` does. Every part but the last has the same size, as
 * R2 requires.
 *
 * The part buffer is one per upload, reused for every part and freed at the end, and writes are
 * copied in as they come: keeping the writer's pieces until a part filled, then copying them into
 * a new body per part, left 10 MB of garbage per part (the pieces had lived long enough to reach
 * V8's old space), which workerd kept until its next full GC: 30 MB of the /enhance x4 peak.
 */

import { releaseBuffer } from '../../lib/release'
import type { OutputMeta, OutputUpload } from '../ports'

/** Size of the part buffer when the first bytes arrive; it doubles up to a part as needed. */
const FIRST_BUFFER_BYTES = 64 * 1024

/** Bytes of every multipart part but the last: R2's minimum part size. */
export const R2_PART_BYTES = 5 * 1024 * 1024

export class R2Upload implements OutputUpload {
  readonly #bucket: R2Bucket
  readonly #key: string
  readonly #meta: OutputMeta
  readonly #partBytes: number
  /** Written and not yet sent: the first `#bufferedBytes` of the part buffer. */
  #buffer: Uint8Array | null = null
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
      this.#totalBytes += part.length
      for (let at = 0; at < part.length; ) {
        const n = Math.min(part.length - at, this.#partBytes - this.#bufferedBytes)
        const buffer = this.#reserve(this.#bufferedBytes + n)
        buffer.set(part.subarray(at, at + n), this.#bufferedBytes)
        this.#bufferedBytes += n
        at += n
        if (this.#bufferedBytes === this.#partBytes) await this.#sendPart()
      }
    }
  }

  async finish(): Promise<number> {
    if (this.#done) throw new Error('Expected finish() once, and not after abort()')
    this.#done = true
    const httpMetadata = this.#httpMetadata()
    try {
      if (this.#multipart === null) {
        const rest = this.#buffer?.subarray(0, this.#bufferedBytes) ?? new Uint8Array(0)
        await this.#bucket.put(this.#key, new Blob([rest as Uint8Array<ArrayBuffer>]), {
          httpMetadata,
        })
      } else {
        if (this.#bufferedBytes > 0) await this.#sendPart()
        await this.#multipart.complete(this.#sent)
      }
    } catch (error) {
      // The object may have been stored before the call failed: the caller treats it as absent.
      this.#finishFailed = true
      throw error
    } finally {
      this.#dropBuffer()
    }
    return this.#totalBytes
  }

  async abort(): Promise<void> {
    this.#done = true
    this.#dropBuffer()
    try {
      await this.#multipart?.abort()
    } catch {
      // Nothing to undo beyond this: R2 expires incomplete uploads on its own.
    }
    if (this.#finishFailed) await this.#bucket.delete(this.#key).catch(() => {})
  }

  /** Sends the buffered bytes as the next part; the buffer is free again once it is sent. */
  async #sendPart(): Promise<void> {
    const body = this.#buffer!.subarray(0, this.#bufferedBytes)
    this.#multipart ??= await this.#bucket.createMultipartUpload(this.#key, {
      httpMetadata: this.#httpMetadata(),
    })
    this.#sent.push(await this.#multipart.uploadPart(this.#sent.length + 1, body))
    this.#bufferedBytes = 0
  }

  /**
   * The part buffer, grown (doubling, at most to a part) to hold `bytes`: a small file never
   * takes a whole part's memory.
   */
  #reserve(bytes: number): Uint8Array {
    const old = this.#buffer
    if (old !== null && old.length >= bytes) return old
    let size = Math.max(old?.length ?? 0, FIRST_BUFFER_BYTES)
    while (size < bytes) size *= 2
    const grown = new Uint8Array(Math.min(size, this.#partBytes))
    if (old !== null) {
      grown.set(old.subarray(0, this.#bufferedBytes))
      releaseBuffer(old)
    }
    this.#buffer = grown
    return grown
  }

  /** Frees the part buffer: nothing reads it once the upload is over. */
  #dropBuffer(): void {
    releaseBuffer(this.#buffer)
    this.#buffer = null
    this.#bufferedBytes = 0
  }

  #httpMetadata(): R2HTTPMetadata {
    return {
      contentType: this.#meta.contentType,
      contentDisposition: this.#meta.contentDisposition,
    }
  }
}
