/**
 * Fill-layer nesting for the DXF writer (vectorize path, write step): which closed paths of an
 * even-odd fill layer are outlines and which are the holes in them, so that each filled region
 * becomes one HATCH holding its outer loop and its holes.
 */

import type { VectorPath } from '../engines/vector'
import { grownArray } from '../lib/release'
import { bulgeArc } from './arc-geometry'

/*
 * Stage: loop nesting.
 * Job: give every closed path of a fill layer its parent (the smallest path around it), hence
 * its depth: even depths are filled (outlines), odd depths are holes of their parent (the
 * even-odd rule the model fills with).
 * Input → output: a fill layer's paths (pixels) → islands, each [outline, its holes…] as indices.
 * Method: each path is flattened to a polygon within 0.1 px. A path's candidate parents are the
 * larger paths whose bounding box holds its box, found in a loose grid of boxes by size (a box
 * sits at the level whose cells are at least its size, in the cell of its centre, so the boxes
 * around a point are in 2 × 2 cells per level). They are tried smallest area first; the first
 * that holds two of three points spread along the path is the parent. A polygon of many edges
 * gets a band index of its edges, so a region with thousands of holes is not walked whole for
 * each of them.
 * Assumes paths do not cross (trace's contours do not); a crossing path goes where most of its
 * three points lie.
 */

/** Largest distance between a path and its polygon, in pixels: only nesting is decided here. */
const FLATTEN_TOLERANCE_PX = 0.1
/** Most pieces one arc or cubic is flattened into. */
const MAX_PIECES = 64
/** Paths enclosing less than this are dropped: they fill nothing a reader could show. */
const MIN_AREA_PX2 = 1e-6
/** Finest grid level: cells of 1/4096 of the layer's extent. */
const MAX_LEVEL = 12
const CELLS = 2 ** MAX_LEVEL + 2
/**
 * Polygons with at least this many edges are tested through a band index, built at their first
 * test: on a traced 1000 × 1000 noise sheet, walking them for two points before indexing cost a
 * fifth more edge visits and index entries than indexing at once.
 */
const BAND_INDEX_MIN_EDGES = 32
/** Edges per band aimed at, and the most band entries per edge before bands are halved. */
const EDGES_PER_BAND = 8
const MAX_ENTRIES_PER_EDGE = 4

/**
 * Groups a fill layer's paths into filled regions. Paths that enclose no area (dots, lines
 * folded back on themselves) are left out.
 * @returns islands in the order of their outlines; each lists its outline's path index, then its
 *   holes' (the paths directly inside it) in path order
 */
export function fillIslands(paths: readonly VectorPath[]): number[][] {
  const polygons = new Polygons(paths)
  const n = paths.length
  const grid = new BoxGrid(polygons)
  const parent = new Int32Array(n).fill(-1)
  const candidates: number[] = []
  const area = polygons.area
  const valid: number[] = []
  for (let i = 0; i < n; i++) {
    if (!polygons.valid(i)) continue
    valid.push(i)
    grid.containers(i, candidates)
    candidates.sort((a, b) => area[a]! - area[b]!)
    for (const j of candidates) {
      if (polygons.holds(j, i)) {
        parent[i] = j
        break
      }
    }
  }
  // A parent is larger than its child, so by decreasing area every parent's depth comes first.
  const depth = new Int32Array(n)
  for (const i of [...valid].sort((a, b) => area[b]! - area[a]!)) {
    const p = parent[i]!
    depth[i] = p < 0 ? 0 : depth[p]! + 1
  }
  const islandOf = new Int32Array(n).fill(-1)
  const islands: number[][] = []
  for (const i of valid) {
    if ((depth[i]! & 1) === 0) {
      islandOf[i] = islands.length
      islands.push([i])
    }
  }
  for (const i of valid) {
    if ((depth[i]! & 1) === 1) islands[islandOf[parent[i]!]!]!.push(i)
  }
  return islands
}

/** A polygon's edges bucketed by horizontal bands: a point's ray meets only its band's edges. */
interface BandIndex {
  y0: number
  /** Bands per pixel. */
  perPx: number
  bands: number
  /** Band b's edges are edges[start[b] … start[b + 1]). */
  start: Int32Array
  edges: Int32Array
}

/** Every path as a flattened polygon (one shared pool), with its box and absolute area. */
class Polygons {
  /** x, y pairs of every polygon, one after another; a polygon's closing edge is implied. */
  xy = new Float32Array(1024)
  #used = 0
  /** Polygon i is vertices first[i] … first[i] + count[i] − 1. */
  readonly first: Int32Array
  readonly count: Int32Array
  /** minX, minY, maxX, maxY per polygon. */
  readonly box: Float64Array
  readonly area: Float64Array
  readonly #bands = new Map<number, BandIndex>()

  constructor(paths: readonly VectorPath[]) {
    const n = paths.length
    this.first = new Int32Array(n)
    this.count = new Int32Array(n)
    this.box = new Float64Array(4 * n)
    this.area = new Float64Array(n)
    for (let i = 0; i < n; i++) this.#add(i, paths[i]!)
  }

  valid(i: number): boolean {
    return this.count[i]! >= 3 && this.area[i]! >= MIN_AREA_PX2
  }

  /** Whether polygon `outer` holds polygon `inner`: two of three of its points inside. */
  holds(outer: number, inner: number): boolean {
    const c = this.count[inner]!
    const base = this.first[inner]!
    let inside = 0
    for (let k = 0; k < 3; k++) {
      const v = 2 * (base + Math.floor((k * c) / 3))
      if (this.#contains(outer, this.xy[v]!, this.xy[v + 1]!)) inside++
      // Two alike decide it.
      if (inside === 2 || inside === k - 1) break
    }
    return inside >= 2
  }

  /** Even-odd test of (x, y) against polygon j, by a ray towards +x. */
  #contains(j: number, x: number, y: number): boolean {
    const c = this.count[j]!
    let index = this.#bands.get(j)
    if (index === undefined && c >= BAND_INDEX_MIN_EDGES) {
      index = this.#index(j)
      this.#bands.set(j, index)
    }
    if (index === undefined) {
      let inside = false
      for (let e = 0; e < c; e++) if (this.#crosses(j, e, x, y)) inside = !inside
      return inside
    }
    const b = band(index, y)
    let inside = false
    for (let k = index.start[b]!; k < index.start[b + 1]!; k++) {
      if (this.#crosses(j, index.edges[k]!, x, y)) inside = !inside
    }
    return inside
  }

  /** Whether edge e of polygon j crosses the ray from (x, y) towards +x (half-open in y). */
  #crosses(j: number, e: number, x: number, y: number): boolean {
    const xy = this.xy
    const base = this.first[j]!
    const a = 2 * (base + e)
    const b = 2 * (base + (e + 1 === this.count[j]! ? 0 : e + 1))
    const ay = xy[a + 1]!
    const by = xy[b + 1]!
    if (ay > y === by > y) return false
    const ax = xy[a]!
    return ax + ((y - ay) * (xy[b]! - ax)) / (by - ay) > x
  }

  /** Builds polygon j's band index, halving the bands while long edges fill too many entries. */
  #index(j: number): BandIndex {
    const c = this.count[j]!
    const y0 = this.box[4 * j + 1]!
    const span = this.box[4 * j + 3]! - y0
    let bands = Math.max(1, Math.min(4096, Math.ceil(c / EDGES_PER_BAND)))
    for (;;) {
      const index: BandIndex = {
        y0,
        perPx: span > 0 ? bands / span : 0,
        bands,
        start: new Int32Array(bands + 1),
        edges: new Int32Array(0),
      }
      let entries = 0
      this.#eachEdgeBands(j, index, (lo, hi) => {
        for (let b = lo; b <= hi; b++) index.start[b + 1]!++
        entries += hi - lo + 1
      })
      if (entries > MAX_ENTRIES_PER_EDGE * c && bands > 1) {
        bands = Math.max(1, bands >> 1)
        continue
      }
      for (let b = 0; b < bands; b++) index.start[b + 1]! += index.start[b]!
      const cursor = index.start.slice(0, bands)
      index.edges = new Int32Array(entries)
      let e = 0
      this.#eachEdgeBands(j, index, (lo, hi) => {
        for (let b = lo; b <= hi; b++) index.edges[cursor[b]!++] = e
        e++
      })
      return index
    }
  }

  /** Calls `visit(lo, hi)` with the band range of each edge of polygon j, in edge order. */
  #eachEdgeBands(j: number, index: BandIndex, visit: (lo: number, hi: number) => void): void {
    const c = this.count[j]!
    const base = this.first[j]!
    for (let e = 0; e < c; e++) {
      const ay = this.xy[2 * (base + e) + 1]!
      const by = this.xy[2 * (base + (e + 1 === c ? 0 : e + 1)) + 1]!
      visit(band(index, Math.min(ay, by)), band(index, Math.max(ay, by)))
    }
  }

  /** Flattens `path` as polygon i, with its box and area. */
  #add(i: number, path: VectorPath): void {
    this.first[i] = this.#used / 2
    let x = path.start.x
    let y = path.start.y
    this.#push(x, y)
    for (const segment of path.segments) {
      const { to } = segment
      if (segment.kind === 'cubic') {
        const { c1, c2 } = segment
        // Wang's bound: n pieces keep a cubic within tolerance when n² ≥ 3/4 · max|Δ²| / tol.
        const ax = x - 2 * c1.x + c2.x
        const ay = y - 2 * c1.y + c2.y
        const bx = c1.x - 2 * c2.x + to.x
        const by = c1.y - 2 * c2.y + to.y
        const m = Math.sqrt(Math.max(ax * ax + ay * ay, bx * bx + by * by))
        const n = pieces(Math.sqrt((0.75 * m) / FLATTEN_TOLERANCE_PX))
        for (let k = 1; k < n; k++) {
          const t = k / n
          const u = 1 - t
          const a = u * u * u
          const b = 3 * u * u * t
          const d = 3 * u * t * t
          const e = t * t * t
          this.#push(a * x + b * c1.x + d * c2.x + e * to.x, a * y + b * c1.y + d * c2.y + e * to.y)
        }
      } else if (segment.kind === 'arc' && Number.isFinite(segment.bulge)) {
        // In pixels (y down) the model's positive bulge turns towards decreasing atan2 angle.
        const arc = bulgeArc(x, y, to.x, to.y, -segment.bulge)
        if (arc !== null) {
          const { cx, cy, radius, startAngle, sweep } = arc
          const step =
            radius > FLATTEN_TOLERANCE_PX
              ? 2 * Math.acos(1 - FLATTEN_TOLERANCE_PX / radius)
              : Math.PI / 2
          const n = pieces(Math.abs(sweep) / step)
          for (let k = 1; k < n; k++) {
            const angle = startAngle + (sweep * k) / n
            this.#push(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle))
          }
        }
      }
      this.#push(to.x, to.y)
      x = to.x
      y = to.y
    }
    const first = this.first[i]!
    let count = this.#used / 2 - first
    // A closed path ends on its start: the polygon's implied closing edge draws that.
    if (count > 1 && x === path.start.x && y === path.start.y) {
      count--
      this.#used -= 2
    }
    this.count[i] = count
    let minX = Number.POSITIVE_INFINITY
    let minY = Number.POSITIVE_INFINITY
    let maxX = Number.NEGATIVE_INFINITY
    let maxY = Number.NEGATIVE_INFINITY
    let twice = 0
    const xy = this.xy
    for (let k = 0; k < count; k++) {
      const v = 2 * (first + k)
      const w = 2 * (first + (k + 1 === count ? 0 : k + 1))
      const vx = xy[v]!
      const vy = xy[v + 1]!
      if (vx < minX) minX = vx
      if (vx > maxX) maxX = vx
      if (vy < minY) minY = vy
      if (vy > maxY) maxY = vy
      twice += vx * xy[w + 1]! - xy[w]! * vy
    }
    this.box[4 * i] = minX
    this.box[4 * i + 1] = minY
    this.box[4 * i + 2] = maxX
    this.box[4 * i + 3] = maxY
    this.area[i] = Math.abs(twice) / 2
  }

  #push(x: number, y: number): void {
    if (this.#used + 2 > this.xy.length) this.xy = grownArray(this.xy, 2 * this.xy.length)
    this.xy[this.#used++] = x
    this.xy[this.#used++] = y
  }
}

/** Pieces for a curve that needs `n` (rounded up, at least 1, at most {@link MAX_PIECES}). */
function pieces(n: number): number {
  return Math.min(MAX_PIECES, Math.max(1, Math.ceil(n)))
}

/** The band of height y in a band index, clamped to its bands. */
function band(index: BandIndex, y: number): number {
  const b = Math.floor((y - index.y0) * index.perPx)
  return b < 0 ? 0 : b >= index.bands ? index.bands - 1 : b
}

/**
 * A loose grid of the valid polygons' boxes, level by size: level l has cells of extent / 2^l,
 * and a box sits at the finest level whose cells are at least its size, in the cell of its
 * centre. A box around a point q then has its centre within half a cell of q: in q's cell or the
 * neighbour on the side of q's nearer half, on each axis.
 */
class BoxGrid {
  readonly #polygons: Polygons
  readonly #cells = new Map<number, number[]>()
  #minX = Number.POSITIVE_INFINITY
  #minY = Number.POSITIVE_INFINITY
  #extent = 0

  constructor(polygons: Polygons) {
    this.#polygons = polygons
    const { box } = polygons
    const n = polygons.count.length
    let maxX = Number.NEGATIVE_INFINITY
    let maxY = Number.NEGATIVE_INFINITY
    for (let i = 0; i < n; i++) {
      if (!polygons.valid(i)) continue
      this.#minX = Math.min(this.#minX, box[4 * i]!)
      this.#minY = Math.min(this.#minY, box[4 * i + 1]!)
      maxX = Math.max(maxX, box[4 * i + 2]!)
      maxY = Math.max(maxY, box[4 * i + 3]!)
    }
    this.#extent = Math.max(maxX - this.#minX, maxY - this.#minY)
    for (let i = 0; i < n; i++) {
      if (!polygons.valid(i)) continue
      const level = this.#level(i)
      const cell = this.#extent / 2 ** level
      const key = this.#key(
        level,
        Math.floor(((box[4 * i]! + box[4 * i + 2]!) / 2 - this.#minX) / cell),
        Math.floor(((box[4 * i + 1]! + box[4 * i + 3]!) / 2 - this.#minY) / cell),
      )
      const list = this.#cells.get(key)
      if (list === undefined) this.#cells.set(key, [i])
      else list.push(i)
    }
  }

  /** Fills `out` with the larger polygons whose box holds polygon i's box. */
  containers(i: number, out: number[]): void {
    out.length = 0
    const { box, area } = this.#polygons
    const x0 = box[4 * i]!
    const y0 = box[4 * i + 1]!
    const x1 = box[4 * i + 2]!
    const y1 = box[4 * i + 3]!
    const qx = (x0 + x1) / 2 - this.#minX
    const qy = (y0 + y1) / 2 - this.#minY
    // A box that holds this one is at least as large, so it sits at this level or a coarser one.
    const deepest = this.#level(i)
    for (let level = 0; level <= deepest; level++) {
      const cell = this.#extent / 2 ** level
      const fx = qx / cell
      const fy = qy / cell
      const cx = Math.floor(fx)
      const cy = Math.floor(fy)
      const nx = fx - cx < 0.5 ? cx - 1 : cx + 1
      const ny = fy - cy < 0.5 ? cy - 1 : cy + 1
      // The 2 × 2 cells: q's own and its neighbours on the sides of q's nearer halves.
      for (let k = 0; k < 4; k++) {
        const gx = k & 1 ? nx : cx
        const gy = k & 2 ? ny : cy
        if (gx < 0 || gy < 0) continue
        const list = this.#cells.get(this.#key(level, gx, gy))
        if (list === undefined) continue
        for (const j of list) {
          if (
            j !== i &&
            area[j]! > area[i]! &&
            box[4 * j]! <= x0 &&
            box[4 * j + 1]! <= y0 &&
            box[4 * j + 2]! >= x1 &&
            box[4 * j + 3]! >= y1
          )
            out.push(j)
        }
      }
    }
  }

  /** The finest level whose cells are at least polygon i's size. */
  #level(i: number): number {
    const { box } = this.#polygons
    const size = Math.max(box[4 * i + 2]! - box[4 * i]!, box[4 * i + 3]! - box[4 * i + 1]!)
    if (!(size > 0)) return MAX_LEVEL
    let level = Math.max(0, Math.min(MAX_LEVEL, Math.floor(Math.log2(this.#extent / size))))
    while (level > 0 && this.#extent / 2 ** level < size) level--
    while (level < MAX_LEVEL && this.#extent / 2 ** (level + 1) >= size) level++
    return level
  }

  #key(level: number, x: number, y: number): number {
    return (level * CELLS + y) * CELLS + x
  }
}
