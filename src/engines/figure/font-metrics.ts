/**
 * Advance widths of a TrueType font, for sizing boxes and wrapping labels in /figures before the
 * SVG is rendered: the drafter must know how wide "NETWORK INTERFACE 108" is in DejaVu Sans at a
 * given size to break it into lines that fit its box. Reads only what that needs (OpenType spec,
 * "The OpenType Font File"): `head` (unitsPerEm), `hhea` (ascender, descender, the number of
 * horizontal metrics), `hmtx` (advances) and `cmap` (Unicode → glyph, formats 4 and 12).
 * No kerning: DejaVu Sans's `kern`/GPOS pairs move capitals by a few per cent at most, and a
 * label is wrapped with room to spare.
 */

/** Widths of one font, in em (multiply by the font size for user units). */
export interface FontMetrics {
  readonly unitsPerEm: number
  /** Above and below the baseline, in em (descender positive). */
  readonly ascent: number
  readonly descent: number
  /** Advance of one code point, in em; a code point the font lacks gets the .notdef glyph's. */
  advance(codePoint: number): number
  /** Width of `text` set at `size` (user units), the sum of its advances. */
  measure(text: string, size: number): number
}

/**
 * Reads the metrics of a TrueType/OpenType font file.
 *
 * @throws Error when a table it needs is missing or the data is cut short (a corrupt font)
 */
export function readFontMetrics(font: Uint8Array): FontMetrics {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
  const tables = new Map<string, number>()
  const count = view.getUint16(4)
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16
    const tag = String.fromCharCode(
      view.getUint8(at),
      view.getUint8(at + 1),
      view.getUint8(at + 2),
      view.getUint8(at + 3),
    )
    tables.set(tag, view.getUint32(at + 8))
  }
  const table = (tag: string) => {
    const at = tables.get(tag)
    if (at === undefined) throw new Error(`Expected a '${tag}' table in the font`)
    return at
  }
  const unitsPerEm = view.getUint16(table('head') + 18)
  const hhea = table('hhea')
  const ascender = view.getInt16(hhea + 4)
  const descender = view.getInt16(hhea + 6)
  const metrics = view.getUint16(hhea + 34)
  const hmtx = table('hmtx')
  const advances = new Uint16Array(metrics)
  for (let g = 0; g < metrics; g++) advances[g] = view.getUint16(hmtx + g * 4)
  /** Glyphs past the last long metric share its advance (monospaced tails). */
  const glyphAdvance = (glyph: number) => advances[Math.min(glyph, metrics - 1)]!
  const glyphOf = readCmap(view, table('cmap'))
  const cache = new Map<number, number>()
  const advance = (codePoint: number) => {
    let em = cache.get(codePoint)
    if (em === undefined) {
      em = glyphAdvance(glyphOf(codePoint)) / unitsPerEm
      cache.set(codePoint, em)
    }
    return em
  }
  return {
    unitsPerEm,
    ascent: ascender / unitsPerEm,
    descent: -descender / unitsPerEm,
    advance,
    measure(text, size) {
      let em = 0
      for (const char of text) em += advance(char.codePointAt(0)!)
      return em * size
    },
  }
}

/** The Unicode → glyph lookup of the best `cmap` subtable: format 12 (full), else format 4 (BMP). */
function readCmap(view: DataView, cmap: number): (codePoint: number) => number {
  const subtables = view.getUint16(cmap + 2)
  let format4 = -1
  let format12 = -1
  for (let i = 0; i < subtables; i++) {
    const at = cmap + 4 + i * 8
    const platform = view.getUint16(at)
    const encoding = view.getUint16(at + 2)
    const offset = cmap + view.getUint32(at + 4)
    const format = view.getUint16(offset)
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))
    if (!unicode) continue
    if (format === 12) format12 = offset
    if (format === 4) format4 = offset
  }
  if (format12 >= 0) {
    const groups = view.getUint32(format12 + 12)
    return (codePoint) => {
      for (let g = 0; g < groups; g++) {
        const at = format12 + 16 + g * 12
        const start = view.getUint32(at)
        if (codePoint < start) return 0
        if (codePoint <= view.getUint32(at + 4)) return view.getUint32(at + 8) + codePoint - start
      }
      return 0
    }
  }
  if (format4 < 0) throw new Error('Expected a Unicode cmap subtable (format 4 or 12) in the font')
  const segments = view.getUint16(format4 + 6) / 2
  const ends = format4 + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  return (codePoint) => {
    if (codePoint > 0xffff) return 0
    for (let s = 0; s < segments; s++) {
      if (codePoint > view.getUint16(ends + s * 2)) continue
      const start = view.getUint16(starts + s * 2)
      if (codePoint < start) return 0
      const delta = view.getInt16(deltas + s * 2)
      const rangeOffset = view.getUint16(rangeOffsets + s * 2)
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff
      const at = rangeOffsets + s * 2 + rangeOffset + (codePoint - start) * 2
      const glyph = view.getUint16(at)
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff
    }
    return 0
  }
}
