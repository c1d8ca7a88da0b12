/**
 * The drawn sheet of a /figures figure, before it becomes SVG: every path is stroked with one pen
 * (patent lines are uniformly thick), arrowheads and text glyphs are the only filled shapes, and
 * every text carries the box it occupies so the layout and the figure checker can test overlaps.
 * Produced by the drafter (block diagrams, flowcharts) and by the view composer (line drawings from
 * reference images or the image model); rendered by render-svg.ts. Plain data.
 */

import type { Point, VectorPath } from '../vector'

/** An axis-aligned box in user units (x right, y down). */
export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/**
 * What a text is, which decides the rules it is held to (numerals: minimum height, no overlap).
 * `legend` is a sheet's "FIG. n"; `connector` the letter inside an off-page connector.
 */
export type TextRole = 'label' | 'numeral' | 'branch' | 'view' | 'legend' | 'connector'

/**
 * The group a mark is drawn in, so a drawing can be searched and checked part by part: an
 * element's outline, label, numeral and lead are `el-<element id>`; a connection's line,
 * arrowheads, branch label and off-page connectors `cn-<its index in the figure>`; the whole's
 * numeral `whole`; the legend `legend`. Marks without one are drawn outside any group.
 */
export interface Grouped {
  group?: string
}

/** The group of an element's marks. */
export const elementGroup = (id: string) => `el-${id}`
/** The group of a connection's marks, by its index in the figure's connections. */
export const connectionGroup = (index: number) => `cn-${index}`
export const WHOLE_GROUP = 'whole'
export const LEGEND_GROUP = 'legend'

/** A stroked path and the group it belongs to. */
export type SceneStroke = VectorPath & Grouped

/** One line of text, set in the figure font (DejaVu Sans) at `size` user units. */
export interface SceneText extends Grouped {
  text: string
  /** Baseline start (`anchor: start`) or baseline centre (`anchor: middle`). */
  x: number
  y: number
  size: number
  anchor: 'start' | 'middle'
  role: TextRole
  /** The ink box the text occupies (cap height above the baseline, descent below), user units. */
  box: Rect
  /** Labels: the inside of the shape the text belongs in (the checker keeps it there). */
  frame?: Rect
}

/** A filled arrowhead: its tip, and the direction it points (a unit vector). */
export interface Arrowhead extends Grouped {
  tip: Point
  direction: Point
}

/** A lead line from a numeral to the part it names (PLATFORM.md §7 rule 6). */
export interface LeadLine extends Grouped {
  numeral: string
  /** The part's id (diagram) or a generated one (views). */
  partId: string
  /** From the numeral's side to the point touching the part. */
  path: VectorPath
}

/** A whole sheet in user units; the renderer maps it onto the output size. */
export interface Scene {
  width: number
  height: number
  /** The one pen every stroke is drawn with, user units. */
  pen: number
  /** Outlines, connectors and view lines: stroked with `pen`, never filled. */
  strokes: SceneStroke[]
  /** Lead lines are stroked like the rest but kept apart for the checker and the numbering. */
  leads: LeadLine[]
  arrowheads: Arrowhead[]
  texts: SceneText[]
}
