// Whole-stream helpers over ZlibInflater for tests that check what an encoder compressed.

import { concatBytes } from '../../src/lib/bytes'
import { type InflateOptions, ZlibInflater } from '../../src/lib/inflate'

/** Bytes per read while inflating a whole stream. */
const READ_BYTES = 64 * 1024

/** What reads a stream: ZlibInflater, or the wasm kernel's inflater in tests of both. */
export type MakeInflater = (
  parts: readonly Uint8Array[],
  options?: InflateOptions,
) => { read(out: Uint8Array): number }

const typescript: MakeInflater = (parts, options) => new ZlibInflater(parts, options)

/** Inflates a complete stream; throws CodecError 'corrupt' when it is not one. */
export function inflateAll(
  parts: readonly Uint8Array[],
  options?: InflateOptions,
  make: MakeInflater = typescript,
): Uint8Array {
  const inflater = make(parts, options)
  const chunks: Uint8Array[] = []
  for (;;) {
    const chunk = new Uint8Array(READ_BYTES)
    const n = inflater.read(chunk)
    chunks.push(chunk.subarray(0, n))
    if (n < chunk.length) break
  }
  return concatBytes(chunks)
}

/** Inflates a complete stream through one reused buffer and returns its length. */
export function drain(
  parts: readonly Uint8Array[],
  options?: InflateOptions,
  make: MakeInflater = typescript,
): number {
  const inflater = make(parts, options)
  const scratch = new Uint8Array(READ_BYTES)
  let total = 0
  for (;;) {
    const n = inflater.read(scratch)
    total += n
    if (n < scratch.length) return total
  }
}
