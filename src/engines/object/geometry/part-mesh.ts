/**
 * One part of the scene as a posed mesh: its shape built in the local frame (shape-*.ts), centred
 * on its local bounding box, rotated and moved to its position; cut finely enough for the scene's
 * size and coarsened until it fits its share of the triangle budget.
 */

import type { ObjectPart, PartShape } from '../object-scene'
import {
  type Evaluate,
  type FeatureEdge,
  type LocalMesh,
  MeshBuilder,
  type SmoothPatch,
} from './mesh-builder'
import { partPose, posePoint, poseVector } from './pose'
import { buildBox } from './shape-box'
import { buildFrustum } from './shape-frustum'
import { buildPipe } from './shape-pipe'
import { buildPlate } from './shape-plate'
import { buildRoundedBox } from './shape-rounded-box'
import { buildSphere } from './shape-sphere'
import { ellipseSpine, helixSpine, pathSpine, type Spine } from './spines'
import {
  ABSOLUTE_MIN_TURN_SEGMENTS,
  MAX_TURN_SEGMENTS,
  SAG_FRACTION,
  type Tessellation,
  turnSegments,
} from './tessellation'
import type { Vec3 } from './vec3'

/** A hollow part's wall, as a fraction of its smaller horizontal size. */
export const HOLLOW_WALL_FRACTION = 0.06
/** A rounded box's corner radius when none is given, as a fraction of its smaller side. */
export const DEFAULT_CORNER_FRACTION = 0.15
/** A tube's bends, in bar diameters. */
export const TUBE_BEND_DIAMETERS = 1.5
/** A hollow tube's bore, as a fraction of its outer radius. */
export const TUBE_BORE_FRACTION = 0.7
/** A spring's wire when none is given, as a fraction of its coil diameter. */
export const DEFAULT_WIRE_FRACTION = 0.1
/** Fewest segments per turn of a spring (its silhouettes need them; tessellation.ts). */
export const MIN_HELIX_SEGMENTS_PER_TURN = 16

/** A part's mesh in world coordinates. */
export interface PartMesh extends LocalMesh {
  id: string
  /** Its index in the scene's parts. */
  index: number
  shape: PartShape
  /** World bounding box of its vertices. */
  min: Vec3
  max: Vec3
}

/** The centre curve and radii of a bar-shaped part (torus, tube, helix), or null. */
function pipePlan(
  part: ObjectPart,
  t: Tessellation,
): { spine: Spine; radius: number; bore: number } | null {
  const size = part.size
  switch (part.shape) {
    case 'torus': {
      const r = size[2] / 2
      const rx = Math.max(size[0] / 2 - r, 0.1 * r)
      const ry = Math.max(size[1] / 2 - r, 0.1 * r)
      return { spine: ellipseSpine(rx, ry, r, t), radius: r, bore: 0 }
    }
    case 'tube': {
      const r = size[0] / 2
      const path: Vec3[] = part.path ?? [
        [0, 0, -size[2] / 2],
        [0, 0, size[2] / 2],
      ]
      const spine = pathSpine(path, TUBE_BEND_DIAMETERS * size[0], r, t)
      return { spine, radius: r, bore: part.hollow ? TUBE_BORE_FRACTION * r : 0 }
    }
    case 'helix': {
      const wire = Math.min(
        part.wire ?? DEFAULT_WIRE_FRACTION * Math.min(size[0], size[1]),
        0.45 * Math.min(size[0], size[1]),
      )
      const rx = size[0] / 2 - wire / 2
      const ry = size[1] / 2 - wire / 2
      const z0 = -size[2] / 2 + wire / 2
      const turns = part.turns ?? Math.max(1, Math.min(100, Math.round(size[2] / (2.5 * wire))))
      const perTurn = Math.max(
        Math.min(MIN_HELIX_SEGMENTS_PER_TURN, t.maxTurnSegments),
        turnSegments(Math.max(rx, ry), t),
      )
      return { spine: helixSpine(rx, ry, z0, -z0, turns, perTurn), radius: wire / 2, bore: 0 }
    }
    default:
      return null
  }
}

/** Triangles a part will have at `t`, when that is cheap to know (bars), else null. */
function estimateTriangles(part: ObjectPart, t: Tessellation): number | null {
  const plan = pipePlan(part, t)
  if (!plan) return null
  const around = turnSegments(plan.radius, t)
  return 2 * plan.spine.samples.length * around * (plan.bore > 0 ? 2 : 1)
}

/** Builds the local mesh of `part` at tessellation `t`. */
function buildLocal(part: ObjectPart, t: Tessellation): LocalMesh {
  const b = new MeshBuilder()
  const size = part.size
  const hollow = part.hollow === true
  const wall = Math.min(HOLLOW_WALL_FRACTION * Math.min(size[0], size[1]), 0.25 * size[2])
  switch (part.shape) {
    case 'box':
      buildBox(b, size, hollow, wall)
      break
    case 'rounded-box': {
      const radius = part.radius ?? DEFAULT_CORNER_FRACTION * Math.min(size[0], size[1])
      buildRoundedBox(b, size, radius, hollow, wall, t)
      break
    }
    case 'cylinder':
      buildFrustum(b, size, 1, hollow, wall, t)
      break
    case 'cone':
      buildFrustum(b, size, part.topRatio ?? 0, hollow, wall, t)
      break
    case 'sphere':
      buildSphere(b, size, t)
      break
    case 'torus':
    case 'tube':
    case 'helix': {
      const plan = pipePlan(part, t)!
      buildPipe(b, plan.spine, plan.radius, plan.bore, t)
      break
    }
    case 'plate':
      buildPlate(b, size, part.holes ?? [], t)
      break
  }
  return b.finish()
}

/**
 * The posed mesh of `part` (index `index` in its scene) cut for a scene of diagonal
 * `sceneSize`, with at most about `maxTriangles` triangles (coarser in steps until it fits).
 */
export function buildPartMesh(
  part: ObjectPart,
  index: number,
  sceneSize: number,
  maxTriangles: number,
): PartMesh {
  const t: Tessellation = { sag: SAG_FRACTION * sceneSize, maxTurnSegments: MAX_TURN_SEGMENTS }
  // Over its share: fewer segments per turn, by the square root of the excess (the count grows
  // with the segments along one or two directions), until it fits or cannot get coarser. Bars
  // are sized from their estimate before anything is built.
  const coarsen = (count: number) => {
    const excess = count / maxTriangles
    if (excess <= 1 || t.maxTurnSegments <= ABSOLUTE_MIN_TURN_SEGMENTS) return false
    t.sag *= excess * excess
    t.maxTurnSegments = Math.max(
      ABSOLUTE_MIN_TURN_SEGMENTS,
      Math.floor(t.maxTurnSegments / Math.sqrt(excess) / 4) * 4,
    )
    return true
  }
  for (let step = 0; step < 4; step++) {
    const estimate = estimateTriangles(part, t)
    if (estimate === null || !coarsen(estimate)) break
  }
  let local = buildLocal(part, t)
  for (let step = 0; step < 4 && coarsen(local.triangles.length / 3); step++) {
    local = buildLocal(part, t)
  }
  return posePart(part, index, local)
}

/** Moves a local mesh to the part's pose. */
function posePart(part: ObjectPart, index: number, local: LocalMesh): PartMesh {
  const p = local.positions
  const lo: Vec3 = [Infinity, Infinity, Infinity]
  const hi: Vec3 = [-Infinity, -Infinity, -Infinity]
  for (let k = 0; k < p.length; k += 3) {
    for (let a = 0; a < 3; a++) {
      lo[a] = Math.min(lo[a]!, p[k + a]!)
      hi[a] = Math.max(hi[a]!, p[k + a]!)
    }
  }
  const centre: Vec3 = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2]
  const pose = partPose(part.rotation ?? [0, 0, 0], part.position, centre)
  const positions = new Float64Array(p.length)
  const normals = new Float64Array(p.length)
  for (let k = 0; k < p.length; k += 3) {
    posePoint(pose, p[k]!, p[k + 1]!, p[k + 2]!, positions, k)
    poseVector(pose, local.normals[k]!, local.normals[k + 1]!, local.normals[k + 2]!, normals, k)
  }
  const scratch = new Float64Array(6)
  const patches: SmoothPatch[] = local.patches.map((patch) => {
    const evaluate: Evaluate = (u, v, out) => {
      patch.evaluate(u, v, scratch)
      posePoint(pose, scratch[0]!, scratch[1]!, scratch[2]!, out, 0)
      poseVector(pose, scratch[3]!, scratch[4]!, scratch[5]!, out, 3)
    }
    return { ...patch, evaluate }
  })
  const edges: FeatureEdge[] = local.edges.map((e) => {
    const points = new Float64Array(e.points.length)
    for (let k = 0; k < points.length; k += 3) {
      posePoint(pose, e.points[k]!, e.points[k + 1]!, e.points[k + 2]!, points, k)
    }
    const normals = new Float64Array(e.normals.length)
    for (let k = 0; k < normals.length; k += 3) {
      poseVector(pose, e.normals[k]!, e.normals[k + 1]!, e.normals[k + 2]!, normals, k)
    }
    return { kind: e.kind, points, normals }
  })
  const min: Vec3 = [Infinity, Infinity, Infinity]
  const max: Vec3 = [-Infinity, -Infinity, -Infinity]
  for (let k = 0; k < positions.length; k += 3) {
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a]!, positions[k + a]!)
      max[a] = Math.max(max[a]!, positions[k + a]!)
    }
  }
  return {
    id: part.id,
    index,
    shape: part.shape,
    positions,
    normals,
    triangles: local.triangles,
    triPatch: local.triPatch,
    patches,
    edges,
    min,
    max,
  }
}
