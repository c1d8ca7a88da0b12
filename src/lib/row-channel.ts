/**
 * A rendezvous channel from a push side (RowSink) to a pull side (PixelRows), so one stream of
 * rows can feed a second pull-based pipeline (e.g. the preview's resampler) in step with the
 * first, holding one row at a time.
 */

import type { Channels, PixelRows, RowSink } from './rows'

/**
 * The two ends of a channel. `close()` ends the stream; `fail()` makes the reader throw;
 * `abandon()` says the reader will not read (its consumer failed, perhaps before its first row),
 * so a pending write and every later one return at once instead of waiting for it.
 */
export interface RowChannel {
  sink: RowSink & { close(): void; fail(error: unknown): void }
  source: PixelRows
  abandon(): void
}

/** Creates a channel for `height` rows of `width * channels` bytes. */
export function createRowChannel(width: number, height: number, channels: Channels): RowChannel {
  // One pending handoff at a time: the writer waits until the reader has taken its row.
  let pending: { row: Uint8Array; taken: () => void } | null = null
  let wakeReader: (() => void) | null = null
  let closed = false
  let failure: unknown = null
  // Set when the reader stopped (finished or failed): later writes are dropped, never stuck.
  let readerGone = false
  // Two row buffers, used in turn: the reader's consumer holds the row it was given only until it
  // asks for the next, and the writer cannot get two rows ahead, so a third is never needed and
  // no row is allocated per write.
  const buffers = [new Uint8Array(width * channels), new Uint8Array(width * channels)]
  let turn = 0

  const wake = () => {
    const wakeUp = wakeReader
    wakeReader = null
    wakeUp?.()
  }

  const sink = {
    write(row: Uint8Array): Promise<void> {
      if (closed) throw new Error('write after close')
      if (pending) throw new Error('write before the previous write finished')
      if (readerGone) return Promise.resolve()
      if (row.length !== width * channels) {
        throw new RangeError(
          `Expected a row of ${width * channels} bytes for the channel but received ${row.length}`,
        )
      }
      const copy = buffers[turn]!
      turn ^= 1
      copy.set(row)
      return new Promise<void>((taken) => {
        pending = { row: copy, taken }
        wake()
      })
    },
    close() {
      closed = true
      wake()
    },
    fail(error: unknown) {
      failure = error
      closed = true
      wake()
    },
  }

  async function* rows(): AsyncGenerator<Uint8Array> {
    try {
      for (;;) {
        while (!pending && !closed) await new Promise<void>((resolve) => (wakeReader = resolve))
        if (failure) throw failure
        if (!pending) return
        const { row, taken } = pending as { row: Uint8Array; taken: () => void }
        pending = null
        taken()
        yield row
      }
    } finally {
      readerGone = true
      const left = pending as { taken: () => void } | null
      pending = null
      left?.taken()
    }
  }

  const abandon = () => {
    readerGone = true
    const left = pending as { taken: () => void } | null
    pending = null
    left?.taken()
  }

  return { sink, source: { width, height, channels, rows: rows() }, abandon }
}
