/**
 * Trace engine (POST /v1/vectorize), stage 3: the speckle filter, applied to each path as path
 * decomposition finds it (potrace's turdsize).
 */

/*
 * Stage: speckle filter (Selinger 2003, Sec. 2.1, despeckling).
 * Job: drop outlines and holes that enclose fewer than speckleAreaPx pixels.
 * Input → output: a path's signed area → keep or drop.
 * Why per path: a path nested inside another encloses less area, so dropping an outline also
 *   drops everything inside it, and a dropped hole is simply covered by its layer (with
 *   even-odd filling nothing else changes). A dropped speck of an upper colour shows the layer
 *   under it, which already covers it (layers.ts), so specks are absorbed, never punched out.
 * Default: bilevel images 3 px², potrace's turdsize 2 (which drops areas ≤ 2): fine stippling at
 *   300 DPI has dots of 4–10 px², and every dropped dot costs IoU against potrace. Colour images
 *   12 px² up to a 2000-px long edge, then growing with its square (27 at 3000 px): quantisation
 *   leaves tiny islands along colour edges, and colour scans carry noise that grows with
 *   resolution.
 */

/**
 * Default speckle area for an image, px² (see the banner).
 * @param longEdgePx the image's longer side, px
 * @param bilevel whether quantisation found two levels
 */
export function defaultSpeckleArea(longEdgePx: number, bilevel: boolean): number {
  if (bilevel) return 3
  return Math.round(12 * Math.max(1, (longEdgePx / 2000) ** 2))
}

/** True when a path of this signed area (px²) is a speckle and must be dropped. */
export function isSpeckle(area: number, speckleAreaPx: number): boolean {
  return Math.abs(area) < speckleAreaPx
}
