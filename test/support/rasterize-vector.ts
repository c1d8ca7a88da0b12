// A small rasterizer for the vector model, for engine tests (trace and lineart) that compare a
// drawing with the pixels it came from, without an external renderer. Obviously correct over fast:
// curves are flattened to fine polylines, fills are sampled at pixel centres with the even-odd
// rule, strokes mark the pixel centres within half the pen width. Pure; runs under workerd.

import type {
  FillLayer,
  Point,
  StrokeLayer,
  VectorDrawing,
  VectorLayer,
  VectorPath,
} from '../../src/engines/vector'

/** Longest chord of a flattened arc or cubic, px. */
const FLATTEN_STEP_PX = 0.25

/**
 * A path as a polyline: x0, y0, x1, y1, …, from `start` through every segment's end (lines as
 * they are, arcs from their bulge, cubics sampled uniformly, no chord longer than about 0.25 px).
 * A closed path is not repeated at its start: its closing edge is implied.
 */
export function flattenPath(path: VectorPath): number[] {
  const out = [path.start.x, path.start.y]
  let from: Point = path.start
  for (const s of path.segments) {
    if (s.kind === 'line') out.push(s.to.x, s.to.y)
    else if (s.kind === 'cubic') {
      const length = dist(from, s.c1) + dist(s.c1, s.c2) + dist(s.c2, s.to) // ≥ the curve's length
      const n = Math.max(1, Math.ceil(length / FLATTEN_STEP_PX))
      for (let i = 1; i <= n; i++) {
        const t = i / n
        const u = 1 - t
        const a = u * u * u
        const b = 3 * u * u * t
        const c = 3 * u * t * t
        const d = t * t * t
        out.push(
          a * from.x + b * s.c1.x + c * s.c2.x + d * s.to.x,
          a * from.y + b * s.c1.y + c * s.c2.y + d * s.to.y,
        )
      }
    } else out.push(...flattenArc(from, s.to, s.bulge))
    from = s.to
  }
  if (path.closed && out.length >= 4) {
    const n = out.length
    if (out[n - 2] === out[0] && out[n - 1] === out[1]) out.length = n - 2
  }
  return out
}

/**
 * Points after `from` of an arc to `to` with DXF bulge b = tan(θ/4), positive turning
 * counterclockwise as seen on screen (y down), the end included.
 */
export function flattenArc(from: Point, to: Point, bulge: number): number[] {
  const dx = to.x - from.x
  const dy = to.y - from.y
  const chord = Math.hypot(dx, dy)
  if (bulge === 0 || chord === 0) return [to.x, to.y]
  const theta = 4 * Math.atan(bulge)
  const radius = (chord * (1 + bulge * bulge)) / (4 * Math.abs(bulge))
  // Seen on screen (y down), a counterclockwise arc bulges to the side (−dy, dx) of its chord:
  // its middle lies at the sagitta b · chord / 2 from the chord's middle, the centre r beyond.
  const sagitta = (bulge * chord) / 2
  const nx = -dy / chord
  const ny = dx / chord
  const midX = (from.x + to.x) / 2 + sagitta * nx
  const midY = (from.y + to.y) / 2 + sagitta * ny
  const cx = midX - Math.sign(bulge) * radius * nx
  const cy = midY - Math.sign(bulge) * radius * ny
  const start = Math.atan2(from.y - cy, from.x - cx)
  const n = Math.max(1, Math.ceil((Math.abs(theta) * radius) / FLATTEN_STEP_PX))
  const out: number[] = []
  for (let i = 1; i < n; i++) {
    // Counterclockwise on screen is a decreasing angle in (x, y-down) coordinates.
    const a = start - (theta * i) / n
    out.push(cx + radius * Math.cos(a), cy + radius * Math.sin(a))
  }
  out.push(to.x, to.y)
  return out
}

/**
 * Coverage of one layer, 1 byte per pixel (1 = covered): a fill by the even-odd rule over all of
 * its paths (a closed polyline each) sampled at pixel centres; a stroke as every pixel centre
 * within width / 2 of a flattened path (a dot, an open path with no segments, as a disc).
 */
export function rasterizeLayer(layer: VectorLayer, width: number, height: number): Uint8Array {
  return layer.kind === 'fill'
    ? fillEvenOdd(layer, width, height)
    : strokeLayer(layer, width, height)
}

/** Union of all layers' coverage (1 = ink), width · height bytes. */
export function rasterizeCoverage(drawing: VectorDrawing): Uint8Array {
  const { width, height } = drawing
  const out = new Uint8Array(width * height)
  for (const layer of drawing.layers) {
    const mask = rasterizeLayer(layer, width, height)
    for (let i = 0; i < out.length; i++) out[i]! |= mask[i]!
  }
  return out
}

/** The drawing painted over white, layers in order, RGB (3 bytes per pixel). */
export function paintDrawing(drawing: VectorDrawing): Uint8Array {
  const { width, height } = drawing
  const out = new Uint8Array(width * height * 3).fill(255)
  for (const layer of drawing.layers) {
    const mask = rasterizeLayer(layer, width, height)
    const { r, g, b } = layer.color
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue
      out[3 * i] = r
      out[3 * i + 1] = g
      out[3 * i + 2] = b
    }
  }
  return out
}

function fillEvenOdd(layer: FillLayer, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height)
  // Crossings of every edge with the rows' centre lines, bucketed by row.
  const rows: number[][] = Array.from({ length: height }, () => [])
  for (const path of layer.paths) {
    const pts = flattenPath(path)
    const n = pts.length / 2
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n
      const x0 = pts[2 * i]!
      const y0 = pts[2 * i + 1]!
      const x1 = pts[2 * j]!
      const y1 = pts[2 * j + 1]!
      if (y0 === y1) continue
      const lo = Math.min(y0, y1)
      const hi = Math.max(y0, y1)
      // Rows whose centre c = y + 0.5 satisfies lo ≤ c < hi (half-open: a vertex counts once).
      for (let y = Math.max(0, Math.ceil(lo - 0.5)); y < height && y + 0.5 < hi; y++) {
        const c = y + 0.5
        rows[y]!.push(x0 + ((c - y0) * (x1 - x0)) / (y1 - y0))
      }
    }
  }
  for (let y = 0; y < height; y++) {
    const xs = rows[y]!.sort((a, b) => a - b)
    for (let k = 0; k + 1 < xs.length; k += 2) {
      // Pixel centres x + 0.5 in [xs[k], xs[k + 1]).
      const from = Math.max(0, Math.ceil(xs[k]! - 0.5))
      const to = Math.min(width, Math.ceil(xs[k + 1]! - 0.5))
      out.fill(1, y * width + from, y * width + Math.max(from, to))
    }
  }
  return out
}

function strokeLayer(layer: StrokeLayer, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height)
  const r = layer.width / 2
  const mark = (ax: number, ay: number, bx: number, by: number) => {
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - r))
    const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + r))
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - r))
    const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + r))
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (segmentDistance(x + 0.5, y + 0.5, ax, ay, bx, by) <= r) out[y * width + x] = 1
      }
    }
  }
  for (const path of layer.paths) {
    const pts = flattenPath(path)
    const n = pts.length / 2
    if (n === 1) mark(pts[0]!, pts[1]!, pts[0]!, pts[1]!)
    const edges = path.closed ? n : n - 1
    for (let i = 0; i < edges; i++) {
      const j = (i + 1) % n
      mark(pts[2 * i]!, pts[2 * i + 1]!, pts[2 * j]!, pts[2 * j + 1]!)
    }
  }
  return out
}

function segmentDistance(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const ux = bx - ax
  const uy = by - ay
  const len2 = ux * ux + uy * uy
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * ux + (py - ay) * uy) / len2))
  return Math.hypot(px - ax - t * ux, py - ay - t * uy)
}

function dist(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y)
}

/** Intersection over union of two 0/1 masks of equal length (1 when both are empty). */
export function iou(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`lengths differ: ${a.length} and ${b.length}`)
  let both = 0
  let either = 0
  for (let i = 0; i < a.length; i++) {
    both += a[i]! & b[i]!
    either += a[i]! | b[i]!
  }
  return either === 0 ? 1 : both / either
}

/** Mask pixels with a 4-neighbour outside the mask (the image's outside counts as outside). */
export function boundaryOf(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      if (!mask[i]) continue
      if (
        x === 0 ||
        y === 0 ||
        x === width - 1 ||
        y === height - 1 ||
        !mask[i - 1] ||
        !mask[i + 1] ||
        !mask[i - width] ||
        !mask[i + width]
      )
        out[i] = 1
    }
  }
  return out
}

/**
 * Boundary F1 within k pixels: the boundary pixels (boundaryOf) of `result` that lie within
 * Euclidean distance k of a boundary pixel of `reference` (precision), and conversely (recall),
 * and their harmonic mean. Both empty scores 1.
 */
export function boundaryF1(
  result: Uint8Array,
  reference: Uint8Array,
  width: number,
  height: number,
  k: number,
): { precision: number; recall: number; f1: number } {
  const a = boundaryOf(result, width, height)
  const b = boundaryOf(reference, width, height)
  const near = (from: Uint8Array, to: Uint8Array): number => {
    let total = 0
    let hits = 0
    const r = Math.ceil(k)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (!from[y * width + x]) continue
        total++
        search: for (let dy = -r; dy <= r; dy++) {
          const yy = y + dy
          if (yy < 0 || yy >= height) continue
          for (let dx = -r; dx <= r; dx++) {
            const xx = x + dx
            if (xx >= 0 && xx < width && dx * dx + dy * dy <= k * k && to[yy * width + xx]) {
              hits++
              break search
            }
          }
        }
      }
    }
    return total === 0 ? 1 : hits / total
  }
  const precision = near(a, b)
  const recall = near(b, a)
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
  return { precision, recall, f1 }
}
