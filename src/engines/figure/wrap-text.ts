/**
 * Word wrapping with real advance widths: a label is broken into lines that fit a width when set
 * in the figure font, so the drafter can size each box to the text resvg will draw.
 */

import type { FontMetrics } from './font-metrics'

/**
 * Greedy word wrap of `text` at `size` user units into lines no wider than `maxWidth`, except a
 * single word longer than that, which is kept whole up to `overflow` × the width and past that
 * broken after its last hyphen that fits, or else hyphenated at the last character that fits.
 * @returns at least one line; whitespace runs become single spaces
 */
export function wrapText(
  text: string,
  maxWidth: number,
  size: number,
  metrics: FontMetrics,
  overflow = 1.25,
): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean)
  const lines: string[] = []
  let line = ''
  const width = (s: string) => metrics.measure(s, size)
  for (let word of words) {
    const candidate = line ? `${line} ${word}` : word
    if (width(candidate) <= maxWidth) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    line = ''
    while (width(word) > maxWidth * overflow) {
      // After a hyphen the word has ("DIGITAL-TO-" / "ANALOG"), else at the last letter that fits.
      let hyphen = word.lastIndexOf('-', word.length - 2)
      while (hyphen > 0 && width(word.slice(0, hyphen + 1)) > maxWidth) {
        hyphen = word.lastIndexOf('-', hyphen - 1)
      }
      let cut = hyphen > 0 ? hyphen + 1 : word.length - 1
      if (hyphen <= 0) while (cut > 2 && width(`${word.slice(0, cut)}-`) > maxWidth) cut--
      lines.push(hyphen > 0 ? word.slice(0, cut) : `${word.slice(0, cut)}-`)
      word = word.slice(cut)
    }
    line = word
  }
  if (line || lines.length === 0) lines.push(line)
  return lines
}
