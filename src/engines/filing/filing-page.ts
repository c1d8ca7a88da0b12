/**
 * Stage: the filing page (convert path, after resampling). Decides whether the page is filed as
 * black and white or as 8-bit gray, binarizes it when black and white, and hands the rows to the
 * caller's encoders for that mode.
 * Input: resampled gray rows. Output: what the encoders made, with the mode and why.
 * The decision and the threshold come from the whole page (its histogram and sampled
 * neighbourhoods, counted as the rows pass: gray/tone.ts), so the rows wait in a held page
 * (held-page.ts) until the last one is in. A 600-DPI page that is not mostly paper does not stay
 * there: when it has filled an eighth of its size and its rows so far read as continuous tone, it
 * is encoded as gray while the rows keep coming, and no copy of it is kept. If the whole page
 * then reads as line art after all, it is decoded and resampled a second time for the black and
 * white file. A forced gray page streams straight through.
 */

import { createRowChannel } from '../../lib/row-channel'
import type { GrayRows } from '../../lib/rows'
import { createWasmBinarizer } from '../../lib/zlib-wasm'
import { type BinarizeParams, binarizePage, chooseThreshold } from '../gray/binarize'
import { decideTone, ToneTally } from '../gray/tone'
import { holdPage } from './held-page'

/** How the caller wants the page: decided by the image, or forced. */
export type FilingMode = 'auto' | 'bilevel' | 'gray'

/** How the page is filed. */
export type FiledMode = 'bilevel' | 'gray'

/** The caller's side: the encoders for a mode, and the page's rows once more. */
export interface FilingSinks<T> {
  /** Encodes `rows`, filed in `mode`, into the caller's files. */
  file(rows: GrayRows, mode: FiledMode): Promise<T>
  /** The page's rows again from the first, exactly as the first time (a second pass). */
  again(): Promise<GrayRows>
}

/** The filed page: what the encoders made, its mode and why. */
export interface FiledPage<T> {
  mode: FiledMode
  /** Why: the classifier's reason, or that the caller forced it. */
  reason: string
  filed: T
}

/**
 * A held page stops growing at this share of the page's size: past it, a page that reads as
 * continuous tone so far is encoded as gray without waiting (its compressed file is its copy).
 */
const HELD_SHARE = 1 / 8

/** Decides, binarizes when black and white, and files the page. */
export async function fileThePage<T>(
  source: GrayRows,
  requested: FilingMode,
  sinks: FilingSinks<T>,
  options: { zlib?: WebAssembly.Module | null } = {},
): Promise<FiledPage<T>> {
  if (requested === 'gray') {
    return { mode: 'gray', reason: 'gray was requested', filed: await sinks.file(source, 'gray') }
  }
  const { width, height } = source
  const tally = new ToneTally(width, height)
  const held = await holdPage(width, height, options.zlib)
  // Forced black and white needs the rows whatever they look like.
  let limit = requested === 'auto' && held.coded ? width * height * HELD_SHARE : Infinity
  let gray: GrayFiling<T> | null = null
  try {
    for await (const row of source.rows) {
      tally.add(row)
      if (gray) {
        await gray.write(row)
        continue
      }
      held.add(row)
      if (held.byteLength <= limit) continue
      limit = Infinity
      if (decideTone(tally.features()).kind !== 'continuous') continue
      gray = fileAsGray(sinks, width, height)
      for (const heldRow of held.rows()) await gray.write(heldRow)
    }
  } catch (error) {
    gray?.fail(error)
    throw error
  }

  // Forced black and white still asks: a photo gets Otsu's cut rather than the line-art rule.
  const decision = decideTone(tally.features())
  const mode: FiledMode =
    requested === 'bilevel' || decision.kind === 'lineart' ? 'bilevel' : 'gray'
  const reason = requested === 'bilevel' ? 'bilevel was requested' : decision.reason
  const page = { width, height, channels: 1 as const }
  const bilevel = (rows: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) =>
    binarized(rows, page, chooseThreshold(tally.histogram, decision.kind), options)
  if (!gray) {
    const rows = held.rows()
    const filed = await sinks.file(
      { ...page, rows: mode === 'gray' ? asAsync(rows) : await bilevel(rows) },
      mode,
    )
    return { mode, reason, filed }
  }
  const speculative = await gray.finish()
  if (mode === 'gray') return { mode, reason, filed: speculative }
  // The top of the page read as continuous tone, the whole page does not: a second pass.
  const again = await sinks.again()
  return {
    mode,
    reason,
    filed: await sinks.file({ ...page, rows: await bilevel(again.rows) }, mode),
  }
}

/** A gray filing started before the decision, fed through a channel as the rows come. */
interface GrayFiling<T> {
  write(row: Uint8Array): Promise<void>
  fail(error: unknown): void
  finish(): Promise<T>
}

function fileAsGray<T>(sinks: FilingSinks<T>, width: number, height: number): GrayFiling<T> {
  const channel = createRowChannel(width, height, 1)
  const done = sinks.file(channel.source as GrayRows, 'gray')
  let failed = false
  // A failing encoder may never have started its reader: nothing waits for it to take a row.
  done.catch(() => {
    failed = true
    channel.abandon()
  })
  return {
    write: async (row) => {
      // The encoder's own error, at once, rather than reading the rest of the page for nothing.
      if (failed) await done
      await channel.sink.write(row)
    },
    fail: (error) => channel.sink.fail(error),
    finish() {
      channel.sink.close()
      return done
    },
  }
}

/** The rows as black (0) and white (255): in wasm with Kernels.zlib, else on a page buffer. */
async function binarized(
  rows: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  size: { width: number; height: number },
  params: BinarizeParams,
  options: { zlib?: WebAssembly.Module | null },
): Promise<AsyncIterable<Uint8Array>> {
  const { width, height } = size
  if (options.zlib) {
    const binarize = await createWasmBinarizer(options.zlib, width, height, params)
    return binarize(rows)
  }
  const page = new Uint8Array(width * height)
  let y = 0
  for await (const row of rows) page.set(row, y++ * width)
  binarizePage(page, width, height, params)
  return asAsync(
    (function* () {
      for (let y = 0; y < height; y++) yield page.subarray(y * width, (y + 1) * width)
    })(),
  )
}

async function* asAsync(rows: Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield* rows
}
