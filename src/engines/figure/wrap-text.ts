/**
 * Word wrapping with real advance widths: a label is broken into lines that fit a width when set
 * in the figure font, so the drafter can size each box to the text resvg will draw.
 */

import type { FontMetrics } from './font-metrics'

/**
 * Greedy word wrap of `text` at `size` user units into lines no wider than `maxWidth`, except a
 * single word longer than that, which is hyphenated at the last character that fits (a word of
 * more than 1.25 × the width) or kept whole.
 * @returns at least one line; whitespace runs become single spaces
 */
export function wrapText(
  text: string,
  maxWidth: number,
  size: number,
  metrics: FontMetrics,
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
    while (width(word) > maxWidth * 1.25) {
      let cut = word.length - 1
      while (cut > 2 && width(`${word.slice(0, cut)}-`) > maxWidth) cut--
      lines.push(`${word.slice(0, cut)}-`)
      word = word.slice(cut)
    }
    line = word
  }
  if (line || lines.length === 0) lines.push(line)
  return lines
}
