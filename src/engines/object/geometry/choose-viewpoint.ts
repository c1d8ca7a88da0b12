/**
 * The octant a perspective is seen from when the figure leaves it open: the one where most
 * numbered elements show, as an illustrator turns the object so its numbered parts face the
 * reader (front-right-above, then VIEWPOINTS' order, on ties). Only areas are compared, so each
 * octant is judged on a small id buffer of the scene's triangles (visible-region.ts's raster),
 * not by hidden-line removal.
 */

import { VIEWPOINTS, type Viewpoint } from '../object-scene'
import { projectPoint, viewCamera } from './camera'
import type { PreparedScene } from './prepare-scene'
import type { Bounds2 } from './view-mesh'
import { rasterizeRegions } from './visible-region'

/** Pixels along the long side of each octant's id buffer: coarse, areas are all it answers. */
export const VIEWPOINT_SIDE_PX = 192
/**
 * An element shows from an octant when it covers this share of the drawing there (room for a
 * lead's end, as a chair's low backrest has from the front) ...
 */
export const SHOWN_FRACTION = 0.003
/**
 * ... or shows at least this share as well as from its best octant (a small knob), not a sliver
 * at a silhouette (number-views' MAIN_VIEW_SHARE alike).
 */
export const SHOWN_SHARE = 0.25

/** Visible area of each part of `scene` seen from `viewpoint`, world units² near its centre. */
export function visibleAreas(scene: PreparedScene, viewpoint: Viewpoint): Float64Array {
  const cam = viewCamera('perspective', scene.min, scene.max, viewpoint)
  const n = scene.positions.length / 3
  const proj = new Float64Array(3 * n)
  const bounds: Bounds2 = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  const pos = scene.positions
  for (let v = 0; v < n; v++) {
    const o = 3 * v
    projectPoint(cam, pos[o]!, pos[o + 1]!, pos[o + 2]!, proj, o)
    bounds.minX = Math.min(bounds.minX, proj[o]!)
    bounds.maxX = Math.max(bounds.maxX, proj[o]!)
    bounds.minY = Math.min(bounds.minY, proj[o + 1]!)
    bounds.maxY = Math.max(bounds.maxY, proj[o + 1]!)
  }
  const t = scene.triangles
  const triInv = new Float64Array(t.length / 3)
  for (let k = 0; k < triInv.length; k++) {
    const a = 3 * t[3 * k]!
    const b = 3 * t[3 * k + 1]!
    const c = 3 * t[3 * k + 2]!
    const area2 =
      (proj[b]! - proj[a]!) * (proj[c + 1]! - proj[a + 1]!) -
      (proj[b + 1]! - proj[a + 1]!) * (proj[c]! - proj[a]!)
    // Edge-on triangles cover nothing (the raster skips a 0).
    triInv[k] = area2 !== 0 ? 1 / area2 : 0
  }
  const buffer = rasterizeRegions({ proj, triInv, scene }, bounds, VIEWPOINT_SIDE_PX)
  const areas = new Float64Array(scene.parts.length)
  const pixelArea = buffer.pixel * buffer.pixel
  for (const id of buffer.owner) if (id > 0) areas[id - 1]! += pixelArea
  return areas
}

/**
 * The octant from which most of `elements` show (see the module header); each element is the
 * list of its parts' indices in `scene.parts` (a counted part's copies, an assembly's members).
 */
export function chooseViewpoint(
  scene: PreparedScene,
  elements: readonly (readonly number[])[],
): Viewpoint {
  if (elements.length === 0) return VIEWPOINTS[0]
  const areas = VIEWPOINTS.map((v) => visibleAreas(scene, v))
  const drawing = areas.map((a) => a.reduce((sum, x) => sum + x, 0))
  const shown = VIEWPOINTS.map(() => 0)
  for (const parts of elements) {
    const seen = areas.map((a) => parts.reduce((sum, p) => sum + (a[p] ?? 0), 0))
    const most = Math.max(...seen)
    if (most <= 0) continue
    seen.forEach((area, k) => {
      const patch = area >= SHOWN_FRACTION * drawing[k]!
      if (area > 0 && (patch || area >= SHOWN_SHARE * most)) shown[k]!++
    })
  }
  const best = Math.max(...shown)
  return VIEWPOINTS[shown.indexOf(best)]!
}
