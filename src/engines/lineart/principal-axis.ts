/**
 * The least-squares line through a set of points (their principal axis), used by the lineart
 * stages that straighten lines into junctions and corners.
 */

/** A line through (cx, cy) along the unit vector (dx, dy). */
export interface Axis {
  cx: number
  cy: number
  dx: number
  dy: number
}

/**
 * Accumulates points and gives the line through their centroid along the direction of largest
 * spread: angle = ½ · atan2(2 · cov(x, y), var(x) − var(y)).
 */
export class AxisFit {
  #n = 0
  #sx = 0
  #sy = 0
  #sxx = 0
  #sxy = 0
  #syy = 0

  add(x: number, y: number): void {
    this.#n++
    this.#sx += x
    this.#sy += y
    this.#sxx += x * x
    this.#sxy += x * y
    this.#syy += y * y
  }

  /** @returns the fitted line, or null with fewer than two points */
  axis(): Axis | null {
    const n = this.#n
    if (n < 2) return null
    const cx = this.#sx / n
    const cy = this.#sy / n
    const vxx = this.#sxx / n - cx * cx
    const vxy = this.#sxy / n - cx * cy
    const vyy = this.#syy / n - cy * cy
    const angle = 0.5 * Math.atan2(2 * vxy, vxx - vyy)
    return { cx, cy, dx: Math.cos(angle), dy: Math.sin(angle) }
  }
}
