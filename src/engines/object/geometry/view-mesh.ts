/**
 * The scene's triangles seen from one camera: every vertex projected, every triangle filed in a
 * 2D grid, and the two questions hidden-line removal asks of them. Is a point hidden (does any
 * triangle cover its image nearer to the eye)? Where does a segment pass through another part's
 * surface? Casting the ray from a point to the eye is the same as finding the triangles whose
 * images contain the point's image, so the grid answers both with a handful of triangles.
 */

import { type Camera, nearnessMargin, projectPoint } from './camera'
import { buildGrid, CellList, cellAt, type Grid2D, segmentCells, triangleCells } from './grid-2d'
import type { PreparedScene } from './prepare-scene'
import { hypot3 } from './vec3'

/** A point is hidden only by a surface nearer than this fraction of the scene's diagonal. */
export const DEPTH_MARGIN_FRACTION = 1e-6
/** Barycentric slack: a point on a triangle's image border is inside it. */
const BARY_SLACK = 1e-9

/** 2D bounds. */
export interface Bounds2 {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

/** The scene's triangles projected by one camera. */
export interface ViewMesh {
  cam: Camera
  scene: PreparedScene
  /** Per vertex: x, y (2D) and nearness (camera.ts). */
  proj: Float64Array
  /** Per triangle: 1 / twice its signed 2D area, 0 when its image has no area (edge-on). */
  triInv: Float64Array
  /** Per triangle: its nearest vertex's nearness (a quick reject). */
  triNear: Float64Array
  grid: Grid2D
  bounds: Bounds2
  /** Depth margin, world units. */
  margin: number
  /** Per triangle: the last query that looked at it (so each is tested once per query). */
  stamp: Int32Array
  query: number
  /** Per part: whether the segment being pierced may meet it. */
  partMeets: Uint8Array
}

/**
 * Projects the scene for `cam` and files its triangles in a grid of about `cellsPerTriangle` ×
 * triangles cells (0: one cell, a plain list).
 */
export function buildViewMesh(
  scene: PreparedScene,
  cam: Camera,
  cellsPerTriangle: number,
): ViewMesh {
  const n = scene.positions.length / 3
  const proj = new Float64Array(3 * n)
  const bounds: Bounds2 = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  for (let v = 0; v < n; v++) {
    const o = 3 * v
    projectPoint(
      cam,
      scene.positions[o]!,
      scene.positions[o + 1]!,
      scene.positions[o + 2]!,
      proj,
      o,
    )
    bounds.minX = Math.min(bounds.minX, proj[o]!)
    bounds.maxX = Math.max(bounds.maxX, proj[o]!)
    bounds.minY = Math.min(bounds.minY, proj[o + 1]!)
    bounds.maxY = Math.max(bounds.maxY, proj[o + 1]!)
  }
  const t = scene.triangles
  const count = t.length / 3
  const triInv = new Float64Array(count)
  const triNear = new Float64Array(count)
  for (let k = 0; k < count; k++) {
    const a = 3 * t[3 * k]!
    const b = 3 * t[3 * k + 1]!
    const c = 3 * t[3 * k + 2]!
    const abx = proj[b]! - proj[a]!
    const aby = proj[b + 1]! - proj[a + 1]!
    const acx = proj[c]! - proj[a]!
    const acy = proj[c + 1]! - proj[a + 1]!
    const area2 = abx * acy - aby * acx
    const scale = abx * abx + aby * aby + acx * acx + acy * acy
    triInv[k] = Math.abs(area2) > 1e-10 * scale ? 1 / area2 : 0
    triNear[k] = Math.max(proj[a + 2]!, proj[b + 2]!, proj[c + 2]!)
  }
  const grid = buildGrid(
    bounds,
    cellsPerTriangle > 0 ? cellsPerTriangle * count : 1,
    count,
    (k, g, list) => {
      const a = 3 * t[3 * k]!
      const b = 3 * t[3 * k + 1]!
      const c = 3 * t[3 * k + 2]!
      triangleCells(g, proj[a]!, proj[a + 1]!, proj[b]!, proj[b + 1]!, proj[c]!, proj[c + 1]!, list)
    },
  )
  return {
    cam,
    scene,
    proj,
    triInv,
    triNear,
    grid,
    bounds,
    margin: DEPTH_MARGIN_FRACTION * scene.size,
    stamp: new Int32Array(count),
    query: 0,
    partMeets: new Uint8Array(scene.parts.length),
  }
}

const P = new Float64Array(3)
const cells = new CellList()

/**
 * Whether world point (x, y, z) is hidden: some triangle's image contains its image and is
 * nearer by more than the margin. Triangles of smooth patch `patch` of part `part` must be nearer
 * by `selfMargin` (world units) instead: a silhouette point lies on the exact surface, and the
 * patch's own facets beside it deviate from that surface by up to a chord.
 */
export function isHidden(
  vm: ViewMesh,
  x: number,
  y: number,
  z: number,
  part: number,
  patch: number,
  selfMargin: number,
): boolean {
  projectPoint(vm.cam, x, y, z, P, 0)
  const px = P[0]!
  const py = P[1]!
  const key = P[2]!
  const cell = cellAt(vm.grid, px, py)
  if (cell < 0) return false
  const margin = nearnessMargin(vm.cam, vm.margin, key)
  const self = patch >= 0 ? nearnessMargin(vm.cam, selfMargin, key) : margin
  const { proj, triInv, triNear, grid } = vm
  const t = vm.scene.triangles
  const triPart = vm.scene.triPart
  const triPatch = vm.scene.triPatch
  for (let i = grid.start[cell]!; i < grid.start[cell + 1]!; i++) {
    const k = grid.items[i]!
    const inv = triInv[k]!
    if (inv === 0 || triNear[k]! <= key + margin) continue
    const a = 3 * t[3 * k]!
    const b = 3 * t[3 * k + 1]!
    const c = 3 * t[3 * k + 2]!
    const ax = proj[a]! - px
    const ay = proj[a + 1]! - py
    const bx = proj[b]! - px
    const by = proj[b + 1]! - py
    const cx = proj[c]! - px
    const cy = proj[c + 1]! - py
    const la = (bx * cy - by * cx) * inv
    if (la < -BARY_SLACK) continue
    const lb = (cx * ay - cy * ax) * inv
    if (lb < -BARY_SLACK) continue
    const lc = 1 - la - lb
    if (lc < -BARY_SLACK) continue
    const near = la * proj[a + 2]! + lb * proj[b + 2]! + lc * proj[c + 2]!
    const m = triPart[k] === part && triPatch[k] === patch ? self : margin
    if (near > key + m) return true
  }
  return false
}

/**
 * Appends to `out` the parameters t ∈ (0, 1) where the segment at seg[o ..] (view-lines.ts
 * layout: world ends, then image ends) passes through a triangle of a part other than `part`.
 */
export function piercings(
  vm: ViewMesh,
  seg: Float64Array,
  o: number,
  part: number,
  out: number[],
): void {
  const scene = vm.scene
  const pos = scene.positions
  const t = scene.triangles
  const q = ++vm.query
  const x0 = seg[o]!
  const y0 = seg[o + 1]!
  const z0 = seg[o + 2]!
  const dx = seg[o + 3]! - x0
  const dy = seg[o + 4]! - y0
  const dz = seg[o + 5]! - z0
  const ia = seg[o + 6]!
  const ja = seg[o + 7]!
  const ib = seg[o + 9]!
  const jb = seg[o + 10]!
  const dl = hypot3(dx, dy, dz)
  if (dl === 0) return
  // Only parts whose boxes the segment's box meets can be pierced (usually none): the 20-part
  // desk's splitting went from 7.8 to 4.6 ms (bench/object-geometry.mjs, perspective).
  const parts = scene.parts
  const lox = Math.min(x0, x0 + dx)
  const hix = Math.max(x0, x0 + dx)
  const loy = Math.min(y0, y0 + dy)
  const hiy = Math.max(y0, y0 + dy)
  const loz = Math.min(z0, z0 + dz)
  const hiz = Math.max(z0, z0 + dz)
  // Touching boxes (a part resting on another) do not count: a segment lying on a face is not
  // piercing it.
  const e = vm.margin
  let any = false
  for (let k = 0; k < parts.length; k++) {
    const m = parts[k]!
    const meets =
      k !== part &&
      m.min[0] < hix - e &&
      m.max[0] > lox + e &&
      m.min[1] < hiy - e &&
      m.max[1] > loy + e &&
      m.min[2] < hiz - e &&
      m.max[2] > loz + e
    vm.partMeets[k] = meets ? 1 : 0
    any ||= meets
  }
  if (!any) return
  cells.count = 0
  segmentCells(vm.grid, ia, ja, ib, jb, 1e-9 * (vm.grid.cellW + vm.grid.cellH), cells)
  for (let n = 0; n < cells.count; n++) {
    const cell = cells.cells[n]!
    for (let i = vm.grid.start[cell]!; i < vm.grid.start[cell + 1]!; i++) {
      const k = vm.grid.items[i]!
      if (vm.stamp[k] === q) continue
      vm.stamp[k] = q
      if (!vm.partMeets[scene.triPart[k]!]) continue
      const a = 3 * t[3 * k]!
      const b = 3 * t[3 * k + 1]!
      const c = 3 * t[3 * k + 2]!
      const e1x = pos[b]! - pos[a]!
      const e1y = pos[b + 1]! - pos[a + 1]!
      const e1z = pos[b + 2]! - pos[a + 2]!
      const e2x = pos[c]! - pos[a]!
      const e2y = pos[c + 1]! - pos[a + 1]!
      const e2z = pos[c + 2]! - pos[a + 2]!
      // Möller–Trumbore for the segment.
      const px = dy * e2z - dz * e2y
      const py = dz * e2x - dx * e2z
      const pz = dx * e2y - dy * e2x
      const det = e1x * px + e1y * py + e1z * pz
      const e1 = hypot3(e1x, e1y, e1z)
      const e2 = hypot3(e2x, e2y, e2z)
      if (Math.abs(det) <= 1e-9 * dl * e1 * e2) continue
      const inv = 1 / det
      const sx = x0 - pos[a]!
      const sy = y0 - pos[a + 1]!
      const sz = z0 - pos[a + 2]!
      const u = (sx * px + sy * py + sz * pz) * inv
      if (u < -BARY_SLACK || u > 1 + BARY_SLACK) continue
      const qx = sy * e1z - sz * e1y
      const qy = sz * e1x - sx * e1z
      const qz = sx * e1y - sy * e1x
      const v = (dx * qx + dy * qy + dz * qz) * inv
      if (v < -BARY_SLACK || u + v > 1 + BARY_SLACK) continue
      const s = (e2x * qx + e2y * qy + e2z * qz) * inv
      if (s > 1e-7 && s < 1 - 1e-7) out.push(s)
    }
  }
}
