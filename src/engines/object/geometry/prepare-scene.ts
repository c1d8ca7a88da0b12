/**
 * The view-independent half of drawing a scene: every part's posed mesh, all triangles in one
 * array (for occlusion by the whole scene), and the junction curves where parts pass into each
 * other. Built once and projected into as many views as the figure has (project-scene.ts).
 */

import type { ObjectPart } from '../object-scene'
import { intersectParts, type JunctionEdge } from './intersect-parts'
import { buildPartMesh, type PartMesh } from './part-mesh'
import { partPose, posePoint } from './pose'
import { MIN_PART_TRIANGLES, SCENE_TRIANGLE_BUDGET } from './tessellation'
import type { Vec3 } from './vec3'

/** Where parts cross, a vertex nearer a face than this fraction of the scene is on it. */
export const JUNCTION_EPSILON_FRACTION = 1e-7

/** A scene ready to be projected. */
export interface PreparedScene {
  parts: PartMesh[]
  junctions: JunctionEdge[]
  /** Every part's vertices, part after part (x, y, z). */
  positions: Float64Array
  normals: Float64Array
  /** First vertex of each part in `positions`. */
  vertexOffset: Int32Array
  /** Every triangle, with indices into `positions`. */
  triangles: Uint32Array
  triPart: Uint16Array
  triPatch: Int16Array
  min: Vec3
  max: Vec3
  /** The diagonal of the scene's bounding box, world units. */
  size: number
}

/** A rough world box of a part from its size and pose, to choose the tessellation. */
function roughBox(part: ObjectPart): { min: Vec3; max: Vec3 } {
  let half: Vec3 = [part.size[0] / 2, part.size[1] / 2, part.size[2] / 2]
  if (part.shape === 'tube' && part.path) {
    const r = part.size[0] / 2
    const extent = [0, 1, 2].map((k) => {
      const values = part.path!.map((p) => p[k]!)
      return (Math.max(...values) - Math.min(...values)) / 2 + r
    })
    half = extent as Vec3
  }
  const pose = partPose(part.rotation ?? [0, 0, 0], part.position, [0, 0, 0])
  const min: Vec3 = [Infinity, Infinity, Infinity]
  const max: Vec3 = [-Infinity, -Infinity, -Infinity]
  const p = [0, 0, 0]
  for (let k = 0; k < 8; k++) {
    posePoint(
      pose,
      k & 1 ? half[0] : -half[0],
      k & 2 ? half[1] : -half[1],
      k & 4 ? half[2] : -half[2],
      p,
      0,
    )
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a]!, p[a]!)
      max[a] = Math.max(max[a]!, p[a]!)
    }
  }
  return { min, max }
}

/** Meshes every part of `parts` and finds where they pass into each other. */
export function prepareScene(scene: { parts: ObjectPart[] }): PreparedScene {
  const rough = scene.parts.map(roughBox)
  const lo = [0, 1, 2].map((a) => Math.min(...rough.map((r) => r.min[a]!)))
  const hi = [0, 1, 2].map((a) => Math.max(...rough.map((r) => r.max[a]!)))
  const roughSize = Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!) || 1
  const share = Math.max(MIN_PART_TRIANGLES, Math.floor(SCENE_TRIANGLE_BUDGET / scene.parts.length))
  const parts = scene.parts.map((part, i) => buildPartMesh(part, i, roughSize, share))

  const min: Vec3 = [Infinity, Infinity, Infinity]
  const max: Vec3 = [-Infinity, -Infinity, -Infinity]
  let vertices = 0
  let triangles = 0
  for (const m of parts) {
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a]!, m.min[a]!)
      max[a] = Math.max(max[a]!, m.max[a]!)
    }
    vertices += m.positions.length / 3
    triangles += m.triangles.length / 3
  }
  const size = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) || 1

  const positions = new Float64Array(3 * vertices)
  const normals = new Float64Array(3 * vertices)
  const vertexOffset = new Int32Array(parts.length)
  const tris = new Uint32Array(3 * triangles)
  const triPart = new Uint16Array(triangles)
  const triPatch = new Int16Array(triangles)
  let v = 0
  let t = 0
  for (const [i, m] of parts.entries()) {
    vertexOffset[i] = v
    positions.set(m.positions, 3 * v)
    normals.set(m.normals, 3 * v)
    // The part keeps views of the scene's arrays, not a second copy.
    m.positions = positions.subarray(3 * v, 3 * v + m.positions.length)
    m.normals = normals.subarray(3 * v, 3 * v + m.normals.length)
    for (let k = 0; k < m.triangles.length; k++) tris[3 * t + k] = m.triangles[k]! + v
    const count = m.triangles.length / 3
    triPart.fill(i, t, t + count)
    triPatch.set(m.triPatch, t)
    v += m.positions.length / 3
    t += count
  }
  const junctions = intersectParts(parts, JUNCTION_EPSILON_FRACTION * size)
  return {
    parts,
    junctions,
    positions,
    normals,
    vertexOffset,
    triangles: tris,
    triPart,
    triPatch,
    min,
    max,
    size,
  }
}
