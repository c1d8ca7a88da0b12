/**
 * The drawing sheet /figures lays out on, in its own units: pixels of the 2048 px PNG at 300 DPI
 * (PLATFORM.md §7: 2048 px is 17.34 cm, the long edge a filed figure may take). Text and numerals
 * must be at least 0.32 cm high there (37 CFR 1.84(p)(3)): 38 px of cap height, which DejaVu
 * Sans (cap height 0.729 em) reaches at 52 px; lines one uniform pen of at least 0.3 mm.
 */

/** Long edge of the PNG, px, and its density. */
export const SHEET_LONG_EDGE_PX = 2048
export const SHEET_DPI = 300
/** Cap (and digit) height of DejaVu Sans, em: 1493 of 2048 units. */
export const CAP_HEIGHT_EM = 0.729
/** Smallest allowed height of letters and numerals at print size, px at 300 DPI (0.32 cm). */
export const MIN_TEXT_HEIGHT_PX = 38
/** Text size the layout starts from: caps 39.4 px, a little above the minimum. */
export const FONT_PX = 54
/** Baseline-to-baseline distance of wrapped lines, px. */
export const LINE_HEIGHT_PX = Math.round(FONT_PX * 1.22)
/** The one pen every line is drawn with: 4 px = 0.34 mm at 300 DPI. */
export const PEN_PX = 4
/** Ink-free band inside the sheet's edges, px (the filing margins are added by /convert). */
export const MARGIN_PX = 64
/** Small figures are enlarged at most this much, so a 3-block diagram does not shout. */
export const MAX_ENLARGEMENT = 1.25
/** Arrowheads: filled triangles this long and half as wide as ARROW_HALF_WIDTH_PX × 2, px. */
export const ARROW_LENGTH_PX = 30
export const ARROW_HALF_WIDTH_PX = 10
