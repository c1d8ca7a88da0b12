/**
 * Object solver, one rule: the scene primitive a part is drawn as. The draft's shapes are the
 * illustrator's (read/object-draft.ts); the scene's differ in two places: a hollow `tube` is a
 * hollow cylinder, and a loop handle on a face is a bar swept along a C (the scene's `tube`)
 * rather than a ring half sunk in the part.
 */

import type { PartShape } from '../object-scene'
import type { DraftPart } from '../read/object-draft'

/** The scene primitive of `part`, placed on a face or otherwise. */
export function sceneShape(part: DraftPart, placed: 'face' | 'other'): PartShape {
  switch (part.shape) {
    case 'tube':
      return 'cylinder'
    case 'torus':
      return placed === 'face' && part.form === 'handle' ? 'tube' : 'torus'
    case 'assembly':
      return 'box'
    default:
      return part.shape
  }
}
