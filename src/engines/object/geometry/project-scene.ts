/**
 * One view of a scene as 2D line work: per part its visible and hidden polylines, its 2D box,
 * and where on its visible surface a numeral's lead may end. The orchestrator of the engine.
 *
 * Approach: silhouettes on the exact surfaces, creases and boundaries from the shapes, and
 * junctions where parts meet are cut wherever an outline crosses them or they pass through a
 * surface, and each piece is judged by casting its midpoint against all the scene's triangles
 * through a 2D grid (object-space lines, exact to the tessellation, deterministic: no z-buffer
 * bias to tune and no pixel size in the answer).
 */

import type { Rect } from '../../figure/scene'
import type { Point } from '../../vector'
import type { ObjectView, ViewKind } from '../object-scene'
import { type Camera, projectPoint, viewCamera } from './camera'
import { classifyLines } from './classify-lines'
import { extractContours } from './contours'
import { dedupeLines } from './dedupe-lines'
import { assemblePolylines } from './polylines'
import { type PreparedScene, prepareScene } from './prepare-scene'
import { splitLines } from './split-lines'
import type { Vec3 } from './vec3'
import { gatherLines } from './view-lines'
import { type Bounds2, buildViewMesh } from './view-mesh'
import { PartRegion, RegionIndex, type RegionSource, rasterizeRegions } from './visible-region'

/** Two lines closer than this fraction of the scene's diagonal are drawn as one. */
export const COINCIDENT_FRACTION = 1e-4
/** Polylines are thinned to within this fraction of the scene's diagonal. */
export const SIMPLIFY_FRACTION = 5e-5
/** Grid cells per triangle (occlusion) and per segment (crossings, coincidence). */
const CELLS_PER_TRIANGLE = 0.5
const CELLS_PER_SEGMENT = 1

/** Options of projectScene. */
export interface ProjectOptions {
  /** Whether hidden polylines are returned (default true); the drafter dashes them on request. */
  hidden?: boolean
  /**
   * 'grid' (default) files triangles and segments in 2D grids; 'none' tests every pair, the
   * same algorithm without spatial indexing (the benchmark's peer).
   */
  index?: 'grid' | 'none'
}

/** One part in one view. */
export interface PartProjection {
  id: string
  /** Visible polylines, 2D units, y down. */
  visible: Point[][]
  /** Hidden polylines (none where a visible line or an earlier hidden one lies already). */
  hidden: Point[][]
  /** The 2D box of the whole part, seen or not. */
  bounds: Rect
  /**
   * The point of the part's visible surface nearest to `to`, at least `inset` (2D units) inside
   * its visible region where it is that wide; null when the part is entirely hidden.
   */
  surfacePoint(to: Point, inset?: number): Point | null
  /** The point deepest inside the part's visible region, or null. */
  interiorPoint(): Point | null
  /** Area of the part's visible region, 2D units² (0: entirely hidden). */
  visibleArea(): number
}

/** What one view's projection counted, for benchmarks and tests. */
export interface ProjectionStats {
  triangles: number
  segments: number
  pieces: number
  silhouettes: number
}

/** One view of a scene. */
export interface SceneProjection {
  view: ViewKind
  camera: Camera
  /** By part id, in the scene's order. */
  parts: Map<string, PartProjection>
  /** The 2D box of all parts. */
  bounds: Rect
  /** The 2D image of a world point (for alignment lines of exploded views, and the like). */
  project(p: Vec3): Point
  stats: ProjectionStats
}

const toRect = (b: Bounds2): Rect => ({
  x: b.minX,
  y: b.minY,
  width: b.maxX - b.minX,
  height: b.maxY - b.minY,
})

/** Projects a scene already meshed by prepareScene (meshes are shared by all its views). */
export function projectPrepared(
  scene: PreparedScene,
  view: ObjectView | ViewKind,
  options: ProjectOptions = {},
): SceneProjection {
  const kind = typeof view === 'string' ? view : view.kind
  const grid = options.index !== 'none'
  const cam = viewCamera(
    kind,
    scene.min,
    scene.max,
    typeof view === 'string' ? undefined : view.viewpoint,
  )
  // The triangles first: silhouettes are judged against them, and so is every split and piece.
  const vm = buildViewMesh(scene, cam, grid ? CELLS_PER_TRIANGLE : 0)
  const contours = extractContours(scene, cam)
  const set = gatherLines(scene, cam, contours)
  const splits = splitLines(vm, set, grid ? CELLS_PER_SEGMENT : 0)
  const pieces = classifyLines(vm, set, splits)
  const fragments = dedupeLines(
    pieces,
    set,
    COINCIDENT_FRACTION * scene.size,
    grid ? CELLS_PER_SEGMENT : 0,
  )
  const polylines = assemblePolylines(pieces, fragments, set, SIMPLIFY_FRACTION * scene.size)

  // Each part's box: its facets' images and its silhouettes (which lie just outside the facets).
  const boxes: Bounds2[] = scene.parts.map(() => ({
    minX: Infinity,
    minY: Infinity,
    maxX: -Infinity,
    maxY: -Infinity,
  }))
  const grow = (b: Bounds2, x: number, y: number) => {
    b.minX = Math.min(b.minX, x)
    b.maxX = Math.max(b.maxX, x)
    b.minY = Math.min(b.minY, y)
    b.maxY = Math.max(b.maxY, y)
  }
  for (const [p, part] of scene.parts.entries()) {
    const from = scene.vertexOffset[p]!
    const to = from + part.positions.length / 3
    for (let v = from; v < to; v++) grow(boxes[p]!, vm.proj[3 * v]!, vm.proj[3 * v + 1]!)
  }
  const q = new Float64Array(3)
  for (const c of contours) {
    for (let k = 0; k < c.points.length; k += 3) {
      projectPoint(cam, c.points[k]!, c.points[k + 1]!, c.points[k + 2]!, q, 0)
      grow(boxes[c.part]!, q[0]!, q[1]!)
    }
  }
  const all: Bounds2 = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  for (const b of boxes) {
    grow(all, b.minX, b.minY)
    grow(all, b.maxX, b.maxY)
  }

  // The id buffer is made on the first question about a part's visible surface, from the
  // projected triangles only (the grids and lines are not kept).
  let source: RegionSource | null = {
    proj: vm.proj,
    triInv: vm.triInv,
    scene: { triangles: scene.triangles, triPart: scene.triPart },
  }
  let index: RegionIndex | null = null
  const regions = new Map<number, PartRegion>()
  const region = (p: number) => {
    if (!index) {
      index = new RegionIndex(rasterizeRegions(source!, all), scene.parts.length)
      source = null
    }
    let r = regions.get(p)
    if (!r) {
      r = new PartRegion(index, p)
      regions.set(p, r)
    }
    return r
  }

  const withHidden = options.hidden !== false
  const parts = new Map<string, PartProjection>()
  for (const [p, part] of scene.parts.entries()) {
    const mine = polylines.filter((l) => l.part === p)
    parts.set(part.id, {
      id: part.id,
      visible: mine.filter((l) => !l.hidden).map((l) => l.points),
      hidden: withHidden ? mine.filter((l) => l.hidden).map((l) => l.points) : [],
      bounds: toRect(boxes[p]!),
      surfacePoint: (to, inset) => region(p).surfacePoint(to, inset),
      interiorPoint: () => region(p).interiorPoint(),
      visibleArea: () => region(p).area(),
    })
  }
  return {
    view: kind,
    camera: cam,
    parts,
    bounds: toRect(all),
    project(p) {
      projectPoint(cam, p[0], p[1], p[2], q, 0)
      return { x: q[0]!, y: q[1]! }
    },
    stats: {
      triangles: scene.triangles.length / 3,
      segments: set.count,
      pieces: pieces.count,
      silhouettes: contours.length,
    },
  }
}

/**
 * One view of `scene` (ObjectScene's parts; views are chosen by the caller): see index.ts.
 */
export function projectScene(
  scene: { parts: Parameters<typeof prepareScene>[0]['parts'] },
  view: ObjectView | ViewKind,
  options: ProjectOptions = {},
): SceneProjection {
  return projectPrepared(prepareScene(scene), view, options)
}
