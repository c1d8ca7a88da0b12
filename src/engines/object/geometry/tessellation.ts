/**
 * How finely curved surfaces are cut into triangles: by the sag a chord may leave against the
 * true surface, as a fraction of the whole scene's size, so a small screw gets few facets and a
 * large drum many, and a scene of 48 parts stays within its triangle budget (SCENE_TRIANGLE_BUDGET).
 * Silhouettes are computed on the exact surfaces (contours.ts); the facets only decide occlusion.
 */

/** Largest sag of a chord against its arc, as a fraction of the scene diagonal (≈ 1 px at 2000 px). */
export const SAG_FRACTION = 0.0005
/**
 * Fewest and most segments a full turn of a round surface gets (multiples of 4); a part over its
 * share of the budget may get as few as ABSOLUTE_MIN_TURN_SEGMENTS (a 100-turn spring in a
 * 48-part scene).
 */
export const MIN_TURN_SEGMENTS = 8
export const ABSOLUTE_MIN_TURN_SEGMENTS = 4
export const MAX_TURN_SEGMENTS = 72
/** Triangles all parts of one scene may use together (≈ 20 bytes each while projecting a view). */
export const SCENE_TRIANGLE_BUDGET = 100_000
/** A part never needs to be coarser than this to fit the budget. */
export const MIN_PART_TRIANGLES = 1_500

/** How finely one part is cut. */
export interface Tessellation {
  /** Largest chord sag, world units. */
  sag: number
  /** Most segments a full turn gets. */
  maxTurnSegments: number
}

/** Segments for a full turn of radius `radius`: a multiple of 4, so quarter turns are vertices. */
export function turnSegments(radius: number, t: Tessellation): number {
  const n = radius <= t.sag ? MIN_TURN_SEGMENTS : Math.ceil(Math.PI / Math.acos(1 - t.sag / radius))
  const four = Math.ceil(n / 4) * 4
  return Math.min(t.maxTurnSegments, Math.max(MIN_TURN_SEGMENTS, four))
}

/** Segments for an arc of `angle` radians and radius `radius` (at least 1). */
export function arcSegments(radius: number, angle: number, t: Tessellation): number {
  return Math.max(1, Math.ceil((turnSegments(radius, t) * Math.abs(angle)) / (2 * Math.PI)))
}
