/**
 * The object geometry engine: a 3D scene of primitive parts (object-scene.ts) drawn as patent
 * line work, one view at a time. Pure and deterministic; imports nothing from the request path.
 *
 *   projectScene(scene, view, options?) → SceneProjection
 *     scene    { parts: ObjectPart[] } (an ObjectScene; its `views` are the caller's to loop over)
 *     view     ObjectView | ViewKind: front, rear, left, right, top, bottom (orthographic, world
 *              units), perspective or exploded (three-quarter from the view's `viewpoint` octant,
 *              front-right-above by default, scaled so lengths at the scene's centre keep their
 *              size; the drafter moves exploded parts)
 *     options  { hidden?: boolean (default true), index?: 'grid' | 'none' (benchmark peer) }
 *   → { view, camera, bounds: Rect, project(worldPoint) → Point, stats,
 *       parts: Map<id, { visible: Point[][], hidden: Point[][], bounds: Rect,
 *                        surfacePoint(to, inset?) → Point | null, interiorPoint(), visibleArea() }> }
 *
 * 2D coordinates are x right, y down (like figure/scene.ts). Several views of one scene: call
 * prepareScene(scene) once and projectPrepared(prepared, view) per view. Hidden polylines are
 * always returned (unless options.hidden is false) whatever ObjectView.hidden says: dashing them
 * is the drafter's choice. A hidden stretch under a visible line, or under an earlier hidden one,
 * is not returned; visible lines of different parts may lie on each other (a leg's edge on the
 * top's). surfacePoint's `inset` keeps a lead's end that far inside the part's visible region.
 * Shapes as object-scene.ts describes them; `position` is the centre of the part's own box
 * before rotation (the world box's centre for every symmetric shape); a hollow cylinder or box
 * opens at its top, a hollow cone at its wide base, a hollow tube is a pipe (other shapes are
 * drawn solid).
 *
 * Stages, in order (project-scene.ts): meshes per part with their smooth patches and feature
 * edges (part-mesh.ts, shape-*.ts) and junction curves between parts (intersect-parts.ts) →
 * camera (camera.ts) → triangles projected into a 2D grid (view-mesh.ts) → silhouettes on the
 * exact surfaces (contours.ts) → all lines as segments (view-lines.ts) → cut where an outline
 * crosses or a surface is pierced (split-lines.ts) → each piece judged by its midpoint
 * (classify-lines.ts) → doubled stretches dropped (dedupe-lines.ts) → polylines (polylines.ts);
 * the visible regions (visible-region.ts) are rasterized only when asked.
 *
 *   chooseViewpoint(prepared, elements) → Viewpoint: the octant where most of the elements (lists
 *   of part indices) show, judged on coarse id buffers (choose-viewpoint.ts).
 */

export type { Camera } from './camera'
export { viewCamera } from './camera'
export { chooseViewpoint } from './choose-viewpoint'
export { type PreparedScene, prepareScene } from './prepare-scene'
export {
  type PartProjection,
  type ProjectionStats,
  type ProjectOptions,
  projectPrepared,
  projectScene,
  type SceneProjection,
} from './project-scene'
