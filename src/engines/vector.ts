/**
 * The vector model every tracing engine produces and every writer (SVG, DXF, PDF) reads: the
 * engine path's `engine stages → write` boundary. Plain data, no behaviour, no format knowledge.
 */

/**
 * A point in source pixel units: origin at the top-left corner of the image, x to the right,
 * y down. Pixel (i, j) covers [i, i+1) × [j, j+1), so its centre is (i + 0.5, j + 0.5).
 */
export interface Point {
  x: number
  y: number
}

/** A straight segment from the current point to `to`. */
export interface LineSegment {
  kind: 'line'
  to: Point
}

/**
 * A circular arc from the current point to `to`. `bulge` is tan(θ/4) of the included angle θ,
 * as in DXF: 0 would be a straight line, ±1 a half circle, |bulge| > 1 more than a half circle.
 * Sign as seen on the image (y down): positive turns counterclockwise on screen, negative
 * clockwise. Radius = chord · (1 + b²) / (4 |b|).
 */
export interface ArcSegment {
  kind: 'arc'
  to: Point
  bulge: number
}

/** A cubic Bézier from the current point through control points `c1`, `c2` to `to`. */
export interface CubicSegment {
  kind: 'cubic'
  c1: Point
  c2: Point
  to: Point
}

export type Segment = LineSegment | ArcSegment | CubicSegment

/**
 * One subpath: `start`, then each segment continues from the previous end. A closed path's last
 * segment ends at `start` (writers close it explicitly). An open path with no segments is a dot,
 * drawn as a round cap of the layer's width (SVG renders a zero-length subpath with round caps as
 * a disc).
 */
export interface VectorPath {
  start: Point
  segments: Segment[]
  closed: boolean
}

/** 8-bit sRGB colour. */
export interface Rgb {
  r: number
  g: number
  b: number
}

/**
 * Centerlines (lineart): open or closed paths drawn with a pen of `width` pixels, round caps and
 * joins, never filled.
 */
export interface StrokeLayer {
  kind: 'stroke'
  color: Rgb
  /** Pen width in pixels. */
  width: number
  paths: VectorPath[]
}

/**
 * Filled regions (trace): closed paths filled with the even-odd rule, so a hole is a subpath
 * inside its outline, whatever the orientation.
 */
export interface FillLayer {
  kind: 'fill'
  color: Rgb
  paths: VectorPath[]
}

export type VectorLayer = StrokeLayer | FillLayer

/**
 * A traced drawing. Layers paint in order, first at the bottom. `trace` stacks its colour layers
 * so each lower layer also covers the area of the layers above it: no background shows through a
 * seam between neighbouring regions.
 */
export interface VectorDrawing {
  /** Source size in pixels: the drawing's coordinate space is [0, width] × [0, height]. */
  width: number
  height: number
  /** Pixels per inch stored in the source file, when it had one. */
  density?: { x: number; y: number }
  layers: VectorLayer[]
}
