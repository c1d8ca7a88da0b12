/**
 * The 3D scene of an object figure: parts as primitives with sizes and poses, and the views to
 * draw of it. The object reader builds one from words, drafting software may send one as the
 * request's `figure.scene`, and every view of a figure is drawn from the same scene.
 *
 * Units are arbitrary lengths (the drafter fits each view to the sheet); the world is right-handed
 * with z up: the front view looks along +y (from the front, at the x–z plane), the top view down
 * along −z, the right view along −x.
 */

import { z } from 'zod'

/** The primitives a part is drawn as. */
export const PART_SHAPES = [
  /** A cuboid: size = [width x, depth y, height z]. */
  'box',
  /** A cuboid with rounded vertical edges (`radius`). */
  'rounded-box',
  /** A cylinder along its local z: size = [diameter x, diameter y, height z] (an ellipse if x ≠ y). */
  'cylinder',
  /** A cone or frustum along its local z, base at the bottom: `topRatio` = top diameter / base. */
  'cone',
  /** A sphere or ellipsoid: size = its three diameters. */
  'sphere',
  /** A ring around its local z: size = [outer diameter x, outer diameter y, tube diameter]. */
  'torus',
  /** A round bar swept along `path` (points in the part's frame): size[0] = bar diameter. */
  'tube',
  /** A flat plate (a box) with round `holes` through its local z. */
  'plate',
  /** A coil spring along its local z: size = [coil diameter, coil diameter, length], `turns`, `wire`. */
  'helix',
] as const
export type PartShape = (typeof PART_SHAPES)[number]

const Vec3Schema = z.tuple([z.number(), z.number(), z.number()])
export type Vec3 = z.infer<typeof Vec3Schema>

const PositiveVec3Schema = z.tuple([
  z.number().positive(),
  z.number().positive(),
  z.number().positive(),
])

export const ObjectPartSchema = z
  .object({
    /** Unique in the scene; the figure's element with the same id carries its numeral and label. */
    id: z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/),
    shape: z.enum(PART_SHAPES),
    size: PositiveVec3Schema,
    /** The centre of the part's bounding box, in the world (not relative to a parent). */
    position: Vec3Schema,
    /** Rotation about x, then y, then z, in degrees, about the part's centre. */
    rotation: Vec3Schema.default([0, 0, 0]),
    /**
     * The figure element it draws, when not its own id: the four copies of "four legs 44" are
     * four scene parts of one element, which carries the numeral (drawn once, on one copy).
     */
    element: z.string().optional(),
    /** The part it belongs to (drawn with it; an exploded view moves it away from it). */
    parent: z.string().optional(),
    /** rounded-box: corner radius; plate: none. */
    radius: z.number().positive().optional(),
    /** cone: top diameter over base diameter, 0 (a point) to 1 (a cylinder). */
    topRatio: z.number().min(0).max(1).optional(),
    /** plate: holes through it, centres in the plate's local x–y, diameters. */
    holes: z
      .array(z.object({ x: z.number(), y: z.number(), diameter: z.number().positive() }))
      .max(64)
      .optional(),
    /** tube: the path, at least two points, in the part's local frame. */
    path: z.array(Vec3Schema).min(2).max(64).optional(),
    /** helix: number of turns and wire diameter. */
    turns: z.number().positive().max(100).optional(),
    wire: z.number().positive().optional(),
    /** Whether it is hollow (a cup, a tube): drawn with its opening. */
    hollow: z.boolean().optional(),
  })
  .strict()
export type ObjectPart = z.infer<typeof ObjectPartSchema>

/** How a view looks at the object. */
export const VIEW_KINDS = [
  'perspective',
  'front',
  'rear',
  'left',
  'right',
  'top',
  'bottom',
  'exploded',
] as const
export type ViewKind = (typeof VIEW_KINDS)[number]

/**
 * Where a perspective (or exploded) view is seen from: an octant, front/rear × left/right ×
 * above/below. In order of preference: the usual three-quarter view first.
 */
export const VIEWPOINTS = [
  'front-right-above',
  'front-left-above',
  'rear-right-above',
  'rear-left-above',
  'front-right-below',
  'front-left-below',
  'rear-right-below',
  'rear-left-below',
] as const
export type Viewpoint = (typeof VIEWPOINTS)[number]

export const ObjectViewSchema = z
  .object({
    kind: z.enum(VIEW_KINDS),
    /** Hidden edges drawn dashed (only when the prompt asks for hidden lines). */
    hidden: z.boolean().default(false),
    /**
     * Perspective and exploded views: the octant seen from. Absent, a figure of that one view is
     * seen from where most numbered parts show (the drafter records its choice here), any other
     * from front-right-above; orthographic views ignore it.
     */
    viewpoint: z.enum(VIEWPOINTS).optional(),
  })
  .strict()
export type ObjectView = z.infer<typeof ObjectViewSchema>

/** Most parts one object figure holds (as many as a diagram's elements). */
export const MAX_OBJECT_PARTS = 48

export const ObjectSceneSchema = z
  .object({
    parts: z.array(ObjectPartSchema).min(1).max(MAX_OBJECT_PARTS),
    views: z
      .array(ObjectViewSchema)
      .min(1)
      .max(8)
      .default([{ kind: 'perspective', hidden: false }]),
  })
  .strict()
export type ObjectScene = z.infer<typeof ObjectSceneSchema>
export type ObjectSceneInput = z.input<typeof ObjectSceneSchema>
