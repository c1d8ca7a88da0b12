/**
 * Stage: the filing page (convert path, after resampling). Decides whether the page is filed as
 * black and white or as 8-bit gray, and binarizes it when black and white.
 * Input: resampled gray rows. Output: the same size as gray rows (0/255 when bilevel).
 * Why a page buffer: the decision and the threshold come from the whole page's histogram, which
 * is known only after the last row. At the preset size the page is at most 4096 x 4096 bytes
 * (16 MiB), 8-bit gray, which PLATFORM.md §7 rule 7 allows; a forced gray page streams through
 * without it.
 */

import type { GrayRows } from '../../lib/rows'
import { createWasmBinarizer } from '../../lib/zlib-wasm'
import { binarizePage, chooseThreshold } from '../gray/binarize'
import { classifyTone, pageHistogram } from '../gray/tone'

/** How the caller wants the page: decided by the image, or forced. */
export type FilingMode = 'auto' | 'bilevel' | 'gray'

/** How the page is filed. */
export type FiledMode = 'bilevel' | 'gray'

/** The page ready for encoding, and why it got its mode. */
export interface FilingPage {
  mode: FiledMode
  /** Why: the classifier's reason, or that the caller forced it. */
  reason: string
  rows: GrayRows
}

/** Collects, decides and (for line art) binarizes the page. */
export async function prepareFilingPage(
  source: GrayRows,
  requested: FilingMode,
  options: { zlib?: WebAssembly.Module | null } = {},
): Promise<FilingPage> {
  if (requested === 'gray') return { mode: 'gray', reason: 'gray was requested', rows: source }
  const { width, height } = source
  const page = new Uint8Array(width * height)
  let y = 0
  for await (const row of source.rows) page.set(row, y++ * width)
  const histogram = pageHistogram(page)
  // Forced bilevel still asks: a photo gets Otsu's cut rather than the line-art rule.
  const decision = classifyTone(page, { width, height }, histogram)
  const mode: FiledMode =
    requested === 'bilevel' || decision.kind === 'lineart' ? 'bilevel' : 'gray'
  const reason = requested === 'bilevel' ? 'bilevel was requested' : decision.reason
  if (mode === 'bilevel') {
    const levels = chooseThreshold(histogram, decision.kind)
    if (options.zlib) {
      // The wasm kernel binarizes row by row as the rows are taken (same bytes).
      const binarize = await createWasmBinarizer(options.zlib, width, height, levels)
      const rows = binarize((y) => page.subarray(y * width, (y + 1) * width))
      return { mode, reason, rows: { width, height, channels: 1, rows: released(rows, page) } }
    }
    binarizePage(page, width, height, levels)
  }
  const rows = released(pageRowsOf(page, width, height), page)
  return { mode, reason, rows: { width, height, channels: 1, rows } }
}

/** The page's rows as views. */
function* pageRowsOf(page: Uint8Array, width: number, height: number) {
  for (let y = 0; y < height; y++) yield page.subarray(y * width, (y + 1) * width)
}

/**
 * `rows`, then the page's memory: once the last row has been taken, it is handed back at
 * once (transferring its buffer to length 0 detaches it) rather than at the isolate's next
 * garbage collection, which let the pages of back-to-back conversions pile up: three 600-DPI
 * line-art pages in a row peaked at 55 MB of RSS, 27 MB with each page freed.
 */
async function* released(rows: Iterable<Uint8Array>, page: Uint8Array) {
  yield* rows
  const buffer = page.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }
  buffer.transfer?.(0)
}
