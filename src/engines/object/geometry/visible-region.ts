/**
 * Which part is seen at each point of the view: the scene's triangles rasterized nearest-first
 * into a small id buffer (REGION_SIDE_PX on the long side), made only when a caller asks. It
 * answers where a numeral's lead may end: the point of a part's visible surface nearest to a given
 * point, optionally at least some distance inside its visible region (a chamfer distance
 * transform of the part's pixels), and the point deepest inside it.
 */

import type { Point } from '../../vector'
import type { Bounds2, ViewMesh } from './view-mesh'

/** Pixels along the long side of the id buffer (a 512² buffer is 1.25 MB). */
export const REGION_SIDE_PX = 512

/** The id buffer: owner[y · width + x] = part index + 1, or 0 where no part is seen. */
export interface RegionBuffer {
  width: number
  height: number
  originX: number
  originY: number
  /** 2D units per pixel. */
  pixel: number
  owner: Uint16Array
}

/** What the id buffer is drawn from: the view's projected vertices and triangles. */
export type RegionSource = Pick<ViewMesh, 'proj' | 'triInv'> & {
  scene: Pick<ViewMesh['scene'], 'triangles' | 'triPart'>
}

/** The span of a row inside a triangle: [left, right]. */
const SPAN = new Float64Array(2)

/** Widens SPAN by where the row y = py crosses the edge (x0, y0)–(x1, y1). */
function cross(x0: number, y0: number, x1: number, y1: number, py: number): void {
  if ((py < y0 && py < y1) || (py > y0 && py > y1)) return
  if (y0 === y1) {
    SPAN[0] = Math.min(SPAN[0]!, x0, x1)
    SPAN[1] = Math.max(SPAN[1]!, x0, x1)
    return
  }
  const x = x0 + ((x1 - x0) * (py - y0)) / (y1 - y0)
  SPAN[0] = Math.min(SPAN[0]!, x)
  SPAN[1] = Math.max(SPAN[1]!, x)
}

/**
 * Rasterizes the view's triangles, nearest wins (ties: the earlier part), `side` pixels on the
 * long side.
 */
export function rasterizeRegions(
  vm: RegionSource,
  bounds: Bounds2,
  side = REGION_SIDE_PX,
): RegionBuffer {
  const spanX = Math.max(bounds.maxX - bounds.minX, 1e-9)
  const spanY = Math.max(bounds.maxY - bounds.minY, 1e-9)
  const pixel = Math.max(spanX, spanY) / (side - 2)
  const width = Math.ceil(spanX / pixel) + 2
  const height = Math.ceil(spanY / pixel) + 2
  const originX = bounds.minX - pixel
  const originY = bounds.minY - pixel
  const owner = new Uint16Array(width * height)
  const depth = new Float32Array(width * height).fill(-Infinity)
  const { proj, triInv } = vm
  const t = vm.scene.triangles
  const triPart = vm.scene.triPart
  for (let k = 0; k < triInv.length; k++) {
    const inv = triInv[k]!
    if (inv === 0) continue
    const a = 3 * t[3 * k]!
    const b = 3 * t[3 * k + 1]!
    const c = 3 * t[3 * k + 2]!
    const minX = Math.min(proj[a]!, proj[b]!, proj[c]!)
    const maxX = Math.max(proj[a]!, proj[b]!, proj[c]!)
    const minY = Math.min(proj[a + 1]!, proj[b + 1]!, proj[c + 1]!)
    const maxY = Math.max(proj[a + 1]!, proj[b + 1]!, proj[c + 1]!)
    const i0 = Math.max(0, Math.ceil((minX - originX) / pixel - 0.5))
    const i1 = Math.min(width - 1, Math.floor((maxX - originX) / pixel - 0.5))
    const j0 = Math.max(0, Math.ceil((minY - originY) / pixel - 0.5))
    const j1 = Math.min(height - 1, Math.floor((maxY - originY) / pixel - 0.5))
    const id = triPart[k]! + 1
    // Nearness is affine on the image: near = gx · x + gy · y + g0.
    const ax = proj[a]!
    const ay = proj[a + 1]!
    const bx = proj[b]!
    const by = proj[b + 1]!
    const cx = proj[c]!
    const cy = proj[c + 1]!
    const na = proj[a + 2]!
    const nb = proj[b + 2]!
    const nc = proj[c + 2]!
    const gx = ((nb - na) * (cy - ay) - (nc - na) * (by - ay)) * inv
    const gy = ((nc - na) * (bx - ax) - (nb - na) * (cx - ax)) * inv
    const g0 = na - gx * ax - gy * ay
    for (let j = j0; j <= j1; j++) {
      const py = originY + (j + 0.5) * pixel
      // The row's span inside the triangle: where it crosses the edges.
      SPAN[0] = Infinity
      SPAN[1] = -Infinity
      cross(ax, ay, bx, by, py)
      cross(bx, by, cx, cy, py)
      cross(cx, cy, ax, ay, py)
      const xl = SPAN[0]!
      const xr = SPAN[1]!
      if (!(xl <= xr)) continue
      const s0 = Math.max(i0, Math.ceil((xl - originX) / pixel - 0.5))
      const s1 = Math.min(i1, Math.floor((xr - originX) / pixel - 0.5))
      for (let i = s0; i <= s1; i++) {
        const px = originX + (i + 0.5) * pixel
        const near = gx * px + gy * py + g0
        const p = j * width + i
        if (near > depth[p]!) {
          depth[p] = near
          owner[p] = id
        }
      }
    }
  }
  return { width, height, originX, originY, pixel, owner }
}

/** Every part's pixels, listed once for all parts of a buffer (by counting sort). */
export class RegionIndex {
  readonly buffer: RegionBuffer
  /** Pixels of part p: pixels[start[p] .. start[p + 1]), ascending. */
  readonly start: Int32Array
  readonly pixels: Int32Array

  constructor(buffer: RegionBuffer, parts: number) {
    this.buffer = buffer
    const owner = buffer.owner
    const start = new Int32Array(parts + 2)
    for (let p = 0; p < owner.length; p++) start[owner[p]! + 1]!++
    for (let k = 0; k < parts + 1; k++) start[k + 1]! += start[k]!
    const pixels = new Int32Array(owner.length - start[1]!)
    const fill = start.slice(0, parts + 1)
    for (let p = 0; p < owner.length; p++) {
      const id = owner[p]!
      if (id > 0) pixels[fill[id]!++ - start[1]!] = p
    }
    // Shift so part p (id p + 1) starts at start[p].
    this.start = start.subarray(1).map((v) => v - start[1]!)
    this.pixels = pixels
  }
}

/** One part's visible region in the id buffer. */
export class PartRegion {
  readonly #index: RegionIndex
  readonly #id: number
  readonly #part: number
  /** The part's pixel box with a one-pixel border: origin (x0, y0) in the buffer, size. */
  #box: { x0: number; y0: number; w: number; h: number } | null = null
  /** Over the box: chamfer distance (pixels) of each own pixel to the nearest other pixel. */
  #distance: Float32Array | null = null

  constructor(index: RegionIndex, part: number) {
    this.#index = index
    this.#part = part
    this.#id = part + 1
  }

  /** The part's pixels (indices into the buffer), ascending. */
  #ownPixels(): Int32Array {
    const { start, pixels } = this.#index
    return pixels.subarray(start[this.#part]!, start[this.#part + 1]!)
  }

  /** The chamfer (3-4) distance transform of the part's pixels, over its box. */
  #depths(): { box: { x0: number; y0: number; w: number; h: number }; d: Float32Array } {
    if (this.#box && this.#distance) return { box: this.#box, d: this.#distance }
    const { width, owner } = this.#index.buffer
    const pixels = this.#ownPixels()
    let minX = Infinity
    let maxX = -Infinity
    for (const p of pixels) {
      minX = Math.min(minX, p % width)
      maxX = Math.max(maxX, p % width)
    }
    const box = {
      x0: minX - 1,
      y0: Math.floor(pixels[0]! / width) - 1,
      w: maxX - minX + 3,
      h: Math.floor(pixels[pixels.length - 1]! / width) - Math.floor(pixels[0]! / width) + 3,
    }
    const { w, h } = box
    const d = new Float32Array(w * h)
    for (const p of pixels) d[(Math.floor(p / width) - box.y0) * w + (p % width) - box.x0] = 1e9
    const mine = (x: number, y: number) =>
      x > 0 &&
      y > 0 &&
      x < w - 1 &&
      y < h - 1 &&
      owner[(y + box.y0) * width + x + box.x0] === this.#id
    // Two passes (distances in thirds of a pixel), then in pixels.
    const step = (p: number, q: number, c: number) => {
      if (d[q]! + c < d[p]!) d[p] = d[q]! + c
    }
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        if (!mine(x, y)) continue
        const p = y * w + x
        step(p, p - 1, 3)
        step(p, p - w, 3)
        step(p, p - w - 1, 4)
        step(p, p - w + 1, 4)
      }
    }
    for (let y = h - 2; y >= 1; y--) {
      for (let x = w - 2; x >= 1; x--) {
        if (!mine(x, y)) continue
        const p = y * w + x
        step(p, p + 1, 3)
        step(p, p + w, 3)
        step(p, p + w + 1, 4)
        step(p, p + w - 1, 4)
      }
    }
    for (let k = 0; k < d.length; k++) d[k] = d[k]! / 3
    this.#box = box
    this.#distance = d
    return { box, d }
  }

  /** Area of the visible region, 2D units². */
  area(): number {
    return this.#ownPixels().length * this.#index.buffer.pixel ** 2
  }

  /** The centre of buffer pixel (x, y), 2D units. */
  #centre(x: number, y: number): Point {
    const b = this.#index.buffer
    return { x: b.originX + (x + 0.5) * b.pixel, y: b.originY + (y + 0.5) * b.pixel }
  }

  /**
   * The point of the visible surface nearest to `to` whose distance to the region's edge is at
   * least `inset` (2D units; the deepest points when none is that deep), or null when nothing of
   * the part is visible. Accurate to about a pixel of the id buffer; found by rings of pixels
   * around `to`, so a query on or near the part costs a few pixels.
   */
  surfacePoint(to: Point, inset = 0): Point | null {
    if (this.#ownPixels().length === 0) return null
    const { box, d } = this.#depths()
    const b = this.#index.buffer
    let floor = 0
    if (inset > 0) {
      let deepest = 0
      for (const v of d) deepest = Math.max(deepest, v)
      floor = Math.min(inset / b.pixel + 0.5, deepest)
    }
    // Query position in box pixels (continuous), and the box pixel it falls in (clamped).
    const qx = (to.x - b.originX) / b.pixel - 0.5 - box.x0
    const qy = (to.y - b.originY) / b.pixel - 0.5 - box.y0
    const cx = Math.max(0, Math.min(box.w - 1, Math.round(qx)))
    const cy = Math.max(0, Math.min(box.h - 1, Math.round(qy)))
    const offset = Math.hypot(qx - cx, qy - cy)
    let best = -1
    let bestD = Infinity
    const consider = (x: number, y: number) => {
      if (x < 0 || y < 0 || x >= box.w || y >= box.h) return
      const k = y * box.w + x
      if (d[k]! <= 0 || d[k]! < floor) return
      const dd = (x - qx) ** 2 + (y - qy) ** 2
      if (dd < bestD || (dd === bestD && k < best)) {
        bestD = dd
        best = k
      }
    }
    const maxRing = Math.max(box.w, box.h)
    for (let r = 0; r <= maxRing; r++) {
      // Every pixel at Chebyshev distance r from (cx, cy) is at least r − offset from `to`; and,
      // (cx, cy) being the box pixel nearest `to`, its squared distance is at least
      // offset² + r² − 2r, which ends a search from far outside the box a ring after its best.
      const lower = Math.max(r > offset ? (r - offset) ** 2 : 0, offset ** 2 + r * r - 2 * r)
      if (best >= 0 && lower > bestD) break
      if (r === 0) consider(cx, cy)
      for (let i = -r; i <= r && r > 0; i++) {
        consider(cx + i, cy - r)
        consider(cx + i, cy + r)
        if (i > -r && i < r) {
          consider(cx - r, cy + i)
          consider(cx + r, cy + i)
        }
      }
    }
    if (best < 0) return null
    return this.#centre(box.x0 + (best % box.w), box.y0 + Math.floor(best / box.w))
  }

  /** The point deepest inside the visible region (first in raster order), or null. */
  interiorPoint(): Point | null {
    if (this.#ownPixels().length === 0) return null
    const { box, d } = this.#depths()
    let best = 0
    for (let k = 1; k < d.length; k++) if (d[k]! > d[best]!) best = k
    return this.#centre(box.x0 + (best % box.w), box.y0 + Math.floor(best / box.w))
  }
}
