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

/** Rasterizes the view's triangles, nearest wins (ties: the earlier part). */
export function rasterizeRegions(vm: RegionSource, bounds: Bounds2): RegionBuffer {
  const spanX = Math.max(bounds.maxX - bounds.minX, 1e-9)
  const spanY = Math.max(bounds.maxY - bounds.minY, 1e-9)
  const pixel = Math.max(spanX, spanY) / (REGION_SIDE_PX - 2)
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
    for (let j = j0; j <= j1; j++) {
      const py = originY + (j + 0.5) * pixel
      for (let i = i0; i <= i1; i++) {
        const px = originX + (i + 0.5) * pixel
        const ax = proj[a]! - px
        const ay = proj[a + 1]! - py
        const bx = proj[b]! - px
        const by = proj[b + 1]! - py
        const cx = proj[c]! - px
        const cy = proj[c + 1]! - py
        const la = (bx * cy - by * cx) * inv
        const lb = (cx * ay - cy * ax) * inv
        const lc = 1 - la - lb
        if (la < 0 || lb < 0 || lc < 0) continue
        const near = la * proj[a + 2]! + lb * proj[b + 2]! + lc * proj[c + 2]!
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

/** One part's visible region in the id buffer. */
export class PartRegion {
  readonly #buffer: RegionBuffer
  readonly #id: number
  #pixels: Int32Array | null = null
  #distance: Float32Array | null = null

  constructor(buffer: RegionBuffer, part: number) {
    this.#buffer = buffer
    this.#id = part + 1
  }

  /** The part's pixels (indices into the buffer), ascending. */
  #ownPixels(): Int32Array {
    if (!this.#pixels) {
      const list: number[] = []
      const owner = this.#buffer.owner
      for (let p = 0; p < owner.length; p++) if (owner[p] === this.#id) list.push(p)
      this.#pixels = Int32Array.from(list)
    }
    return this.#pixels
  }

  /** Per own pixel: its chamfer distance (pixels) to the nearest pixel not of this part. */
  #depths(): Float32Array {
    if (this.#distance) return this.#distance
    const { width, height, owner } = this.#buffer
    const pixels = this.#ownPixels()
    const d = new Float32Array(width * height)
    for (const p of pixels) d[p] = 1e9
    // Two passes of the 3-4 chamfer mask (distances in thirds of a pixel).
    const step = (p: number, q: number, w: number) => {
      if (d[q]! + w < d[p]!) d[p] = d[q]! + w
    }
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = y * width + x
        if (owner[p] !== this.#id) continue
        if (x === 0 || y === 0) d[p] = Math.min(d[p]!, 3)
        if (x > 0) step(p, p - 1, 3)
        if (y > 0) {
          step(p, p - width, 3)
          if (x > 0) step(p, p - width - 1, 4)
          if (x + 1 < width) step(p, p - width + 1, 4)
        }
      }
    }
    for (let y = height - 1; y >= 0; y--) {
      for (let x = width - 1; x >= 0; x--) {
        const p = y * width + x
        if (owner[p] !== this.#id) continue
        if (x === width - 1 || y === height - 1) d[p] = Math.min(d[p]!, 3)
        if (x + 1 < width) step(p, p + 1, 3)
        if (y + 1 < height) {
          step(p, p + width, 3)
          if (x + 1 < width) step(p, p + width + 1, 4)
          if (x > 0) step(p, p + width - 1, 4)
        }
      }
    }
    const out = new Float32Array(pixels.length)
    for (let k = 0; k < pixels.length; k++) out[k] = d[pixels[k]!]! / 3
    this.#distance = out
    return out
  }

  /** Area of the visible region, 2D units². */
  area(): number {
    return this.#ownPixels().length * this.#buffer.pixel ** 2
  }

  #centre(p: number): Point {
    const b = this.#buffer
    return {
      x: b.originX + ((p % b.width) + 0.5) * b.pixel,
      y: b.originY + (Math.floor(p / b.width) + 0.5) * b.pixel,
    }
  }

  /**
   * The point of the visible surface nearest to `to` whose distance to the region's edge is at
   * least `inset` (2D units; the deepest points when none is that deep), or null when nothing of
   * the part is visible. Accurate to about a pixel of the id buffer.
   */
  surfacePoint(to: Point, inset = 0): Point | null {
    const pixels = this.#ownPixels()
    if (pixels.length === 0) return null
    let floor = 0
    let depths: Float32Array | null = null
    if (inset > 0) {
      depths = this.#depths()
      let deepest = 0
      for (const d of depths) deepest = Math.max(deepest, d)
      floor = Math.min(inset / this.#buffer.pixel + 0.5, deepest)
    }
    const b = this.#buffer
    let best = -1
    let bestD = Infinity
    for (let k = 0; k < pixels.length; k++) {
      if (depths && depths[k]! < floor) continue
      const p = pixels[k]!
      const dx = b.originX + ((p % b.width) + 0.5) * b.pixel - to.x
      const dy = b.originY + (Math.floor(p / b.width) + 0.5) * b.pixel - to.y
      const d = dx * dx + dy * dy
      if (d < bestD) {
        bestD = d
        best = p
      }
    }
    return best < 0 ? null : this.#centre(best)
  }

  /** The point deepest inside the visible region (first in raster order), or null. */
  interiorPoint(): Point | null {
    const pixels = this.#ownPixels()
    if (pixels.length === 0) return null
    const depths = this.#depths()
    let best = 0
    for (let k = 1; k < pixels.length; k++) if (depths[k]! > depths[best]!) best = k
    return this.#centre(pixels[best]!)
  }
}
