/**
 * Triangles covering a rectangle with round holes (a plate's faces), by vertical slabs: cut at
 * every hole vertex's x, each slab crosses each hole in one lower and one upper edge, and the
 * stretches between holes are trapezoids. Holes must be disjoint and inside the rectangle
 * (shape-plate.ts keeps only such holes). Output is 2D; the plate lifts it to its faces.
 */

/** A hole as a convex polygon split at its leftmost and rightmost vertex into two x-sorted chains. */
export interface HoleChains {
  /** x, y pairs from the leftmost to the rightmost vertex, below and above. */
  lower: number[]
  upper: number[]
}

/** y on a chain (x, y pairs, x ascending) at x, which lies inside the chain's range. */
function chainAt(chain: number[], x: number): { y: (at: number) => number } {
  let lo = 0
  let hi = chain.length / 2 - 1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (chain[2 * mid]! <= x) lo = mid
    else hi = mid
  }
  const x0 = chain[2 * lo]!
  const y0 = chain[2 * lo + 1]!
  const x1 = chain[2 * hi]!
  const y1 = chain[2 * hi + 1]!
  return { y: (at) => (x1 === x0 ? y0 : y0 + ((y1 - y0) * (at - x0)) / (x1 - x0)) }
}

/**
 * Triangles (x, y triples flattened: 6 numbers each) covering [−w/2, w/2] × [−d/2, d/2] minus
 * the holes.
 */
export function triangulateHoles(w: number, d: number, holes: HoleChains[]): number[] {
  const xs = new Set<number>([-w / 2, w / 2])
  for (const h of holes) for (let k = 0; k < h.lower.length; k += 2) xs.add(h.lower[k]!)
  for (const h of holes) for (let k = 0; k < h.upper.length; k += 2) xs.add(h.upper[k]!)
  const cuts = [...xs].sort((a, b) => a - b)
  const out: number[] = []
  const bottom = { y: () => -d / 2 }
  const top = { y: () => d / 2 }
  for (let k = 0; k + 1 < cuts.length; k++) {
    const xa = cuts[k]!
    const xb = cuts[k + 1]!
    if (xb - xa <= 0) continue
    const xm = (xa + xb) / 2
    const crossing: { lower: { y: (x: number) => number }; upper: { y: (x: number) => number } }[] =
      []
    for (const h of holes) {
      if (h.lower[0]! < xm && xm < h.lower[h.lower.length - 2]!) {
        crossing.push({ lower: chainAt(h.lower, xm), upper: chainAt(h.upper, xm) })
      }
    }
    crossing.sort((p, q) => p.lower.y(xm) - q.lower.y(xm))
    const bounds = [bottom, ...crossing.flatMap((c) => [c.lower, c.upper]), top]
    for (let j = 0; j < bounds.length; j += 2) {
      const lo = bounds[j]!
      const hi = bounds[j + 1]!
      const a = [xa, lo.y(xa)]
      const b = [xb, lo.y(xb)]
      const c = [xb, hi.y(xb)]
      const e = [xa, hi.y(xa)]
      if (c[1]! > b[1]!) out.push(a[0]!, a[1]!, b[0]!, b[1]!, c[0]!, c[1]!)
      if (e[1]! > a[1]!) out.push(a[0]!, a[1]!, c[0]!, c[1]!, e[0]!, e[1]!)
    }
  }
  return out
}
