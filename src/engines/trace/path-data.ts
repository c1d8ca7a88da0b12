/**
 * Trace engine (POST /v1/vectorize): the per-path record that stages 5–8 fill in turn (the role
 * of potrace's curve.h), kept in typed arrays that grow to the longest path and are reused.
 */

/**
 * One closed lattice path and everything derived from it. Each stage documents which fields it
 * reads and writes. Point arrays hold `n` (+ 1 or 2) meaningful entries, vertex arrays `m` (+ 1);
 * their lengths are capacities. Memory: 111 bytes per point of the longest path so far (34 of
 * them for its runs, listed twice, room for a run per point), plus 150 bytes per polygon vertex
 * (a vertex per ~10 points on curves, fewer on straight lines).
 */
export class PathData {
  /** Number of points of the lattice path. */
  n = 0
  /** Point coordinates, pixels (integers). Point 0 is a corner of the path (a turn). */
  x = new Int32Array(0)
  y = new Int32Array(0)
  /** Direction of the step from point k to k + 1: 0 E, 1 S, 2 W, 3 N (screen, y down). */
  dir = new Uint8Array(0)
  /**
   * The path's runs (maximal steps of one direction), listed twice (the second time with point
   * indices + n) and two more, so scans cross the wrap without modulo (straight-runs.ts): first
   * point, its coordinates, the direction, and the first run at or after it by which all four
   * directions have occurred.
   */
  runStart = new Int32Array(0)
  /** x, y of each run's first point. */
  runXY = new Int32Array(0)
  runDir = new Uint8Array(0)
  runHorizon = new Int32Array(0)
  /**
   * Straight subpaths (Sec. 2.2.1): the last point, unwrapped (k < straightEnd[k] < k + n), up to
   * which the path from point k is straight; non-decreasing in k.
   */
  straightEnd = new Int32Array(0)
  /**
   * Prefix sums over points 0 … n (point n = point 0) of x, y, x², xy, y², coordinates taken
   * relative to point 0: entry 5k + c sums points 0 … k − 1.
   */
  sums = new Float64Array(0)
  /** Polygon search per point (optimal-polygon.ts): farthest side end, first point reaching it,
   * sides needed to reach it, best predecessor; and the best penalty. */
  reach = new Int32Array(0)
  from = new Int32Array(0)
  layer = new Int32Array(0)
  previous = new Int32Array(0)
  best = new Float64Array(0)

  /** Number of polygon vertices (Sec. 2.2). */
  m = 0
  /** Path index of each polygon vertex, ascending; vertex 0 is point 0. */
  polygon = new Int32Array(0)
  /** Adjusted vertex positions (Sec. 2.3.1), pixels. */
  vx = new Float64Array(0)
  vy = new Float64Array(0)
  /** Smoothing parameter of each vertex (Sec. 2.3.2), in [0.55, 1] for curves. */
  alpha = new Float64Array(0)
  /** 1 where the vertex is a corner (two straight lines), 0 where it is a curve. */
  corner = new Uint8Array(0)
  /** Number of output pieces after curve optimisation (Sec. 2.4). */
  pieces = 0
  /** First vertex of each piece; a piece covers vertices pieceStart[i] … pieceStart[i + 1] − 1. */
  pieceStart = new Int32Array(0)
  /** Control points c1, c2 (x, y, x, y) of each piece that is a curve. */
  control = new Float64Array(0)
  /** Per-vertex scratch of stages 5–8: 4 numbers per vertex (side lines, join candidates). */
  vertexWork = new Float64Array(0)
  /** Per-vertex scratch of stages 5–8 (layers' first points, segment areas, turns, penalties). */
  vertexA = new Float64Array(0)
  vertexB = new Float64Array(0)
  vertexC = new Float64Array(0)
  /** Per-vertex integer scratch of curve optimisation (convexity, piece counts, predecessors). */
  vertexI = new Int32Array(0)
  vertexJ = new Int32Array(0)
  vertexK = new Int32Array(0)

  /** Loads a path, rotated so that point 0 is a corner; grows the point buffers as needed. */
  load(points: Int32Array, n: number): void {
    this.reservePoints(n)
    const { x, y } = this
    let start = 0
    for (let k = 0; k < n; k++) {
      const prev = k === 0 ? n - 1 : k - 1
      const next = k + 1 === n ? 0 : k + 1
      const inX = points[2 * k]! - points[2 * prev]!
      const inY = points[2 * k + 1]! - points[2 * prev + 1]!
      const outX = points[2 * next]! - points[2 * k]!
      const outY = points[2 * next + 1]! - points[2 * k + 1]!
      if (inX !== outX || inY !== outY) {
        start = k
        break
      }
    }
    for (let k = 0, j = start; k < n; k++, j = j + 1 === n ? 0 : j + 1) {
      x[k] = points[2 * j]!
      y[k] = points[2 * j + 1]!
    }
    this.n = n
  }

  /** Grows the vertex buffers to hold `m` vertices (+ 1). */
  reserveVertices(m: number): void {
    if (m + 1 <= this.polygon.length) return
    const cap = capacityFor(m + 1)
    this.polygon = new Int32Array(cap)
    this.vx = new Float64Array(cap)
    this.vy = new Float64Array(cap)
    this.alpha = new Float64Array(cap)
    this.corner = new Uint8Array(cap)
    this.pieceStart = new Int32Array(cap)
    this.control = new Float64Array(4 * cap)
    this.vertexWork = new Float64Array(4 * cap)
    this.vertexA = new Float64Array(cap)
    this.vertexB = new Float64Array(cap)
    this.vertexC = new Float64Array(cap)
    this.vertexI = new Int32Array(cap)
    this.vertexJ = new Int32Array(cap)
    this.vertexK = new Int32Array(cap)
  }

  /** Grows the run buffers to hold `count` runs. */
  reserveRuns(count: number): void {
    if (count <= this.runStart.length) return
    const cap = capacityFor(count)
    this.runStart = new Int32Array(cap)
    this.runXY = new Int32Array(2 * cap)
    this.runDir = new Uint8Array(cap)
    this.runHorizon = new Int32Array(cap)
  }

  private reservePoints(n: number): void {
    if (n + 2 <= this.x.length) return
    const cap = capacityFor(n + 2)
    this.x = new Int32Array(cap)
    this.y = new Int32Array(cap)
    this.dir = new Uint8Array(cap)
    this.straightEnd = new Int32Array(cap)
    this.sums = new Float64Array(5 * cap)
    this.reach = new Int32Array(cap)
    this.from = new Int32Array(cap)
    this.layer = new Int32Array(cap)
    this.previous = new Int32Array(cap)
    this.best = new Float64Array(cap)
  }
}

/** The next power of two ≥ `size`, at least 64. */
function capacityFor(size: number): number {
  return Math.max(64, 2 ** Math.ceil(Math.log2(size)))
}
