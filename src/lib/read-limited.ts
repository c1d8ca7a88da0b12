/** Reads a byte stream to the end while counting, and stops the moment it passes a limit. */

import { concatBytes } from './bytes'

export type LimitedRead = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too_large' }

/**
 * Reads `stream` fully unless it exceeds `maxBytes`, in which case the stream is cancelled at once
 * (so a chunked or lying upload cannot make us buffer more than `maxBytes` + one chunk).
 */
export async function readLimited(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<LimitedRead> {
  if (!stream) return { ok: true, bytes: new Uint8Array(0) }
  const reader = stream.getReader()
  const parts: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.length
    if (total > maxBytes) {
      await reader.cancel().catch(() => {})
      return { ok: false, reason: 'too_large' }
    }
    parts.push(value)
  }
  return { ok: true, bytes: parts.length === 1 ? parts[0]! : concatBytes(parts) }
}
