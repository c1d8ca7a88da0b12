/**
 * Object drafter, the perspective's viewpoint: a figure of one perspective or exploded view that
 * names none is seen from the octant where most of its numbered elements show, so a port in the
 * bottom or a grille on the left side gets its numeral. A design set keeps front-right-above (its
 * other views show every side). The choice is written into the view, so the figure sent back
 * redraws the same.
 */

import { chooseViewpoint, type PreparedScene } from '../geometry'
import type { ObjectPart, ObjectScene } from '../object-scene'

/**
 * `scene` with its one perspective or exploded view's viewpoint chosen, or unchanged. An exploded
 * view is judged assembled: its parts slide away along the faces they sit on.
 */
export function withViewpoint(
  scene: ObjectScene,
  prepared: PreparedScene,
  /** The numbered elements' ids (the whole's numeral aside). */
  numbered: readonly string[],
  /** Whether a part drawing the first element draws for the second (itself, or its assembly). */
  drawsFor: (own: string, element: string) => boolean,
  elementOf: (part: ObjectPart) => string,
): ObjectScene {
  const [view] = scene.views
  if (scene.views.length !== 1 || !view || view.viewpoint !== undefined) return scene
  if (view.kind !== 'perspective' && view.kind !== 'exploded') return scene
  const elements = numbered.map((element) =>
    scene.parts.flatMap((part, k) => (drawsFor(elementOf(part), element) ? [k] : [])),
  )
  return { ...scene, views: [{ ...view, viewpoint: chooseViewpoint(prepared, elements) }] }
}
