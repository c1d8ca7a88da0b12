/**
 * Object solver, the main part: centred over the origin, standing on z = 0, its size from
 * proportions.ts. A wheel, a disk, a ring or a screen stands on its edge, face to the front; a
 * panel called vertical stands on its edge; a C-shaped frame is a bar swept in a C; copies
 * ("two side panels") stand side by side along x, as far apart as the part is deep.
 */

import type { Vec3 } from '../object-scene'
import type { DraftPart } from '../read/object-draft'
import { frameOf, IDENTITY, type Mat3 } from './frames'
import { rootSize } from './proportions'
import { sceneShape } from './scene-shape'
import { halfOf, makeSolid, type Solid } from './solid'

/** The main part's copies (see the module header). */
export function placeRoot(part: DraftPart): Solid[] {
  const size = rootSize(part)
  let r: Mat3 = IDENTITY
  // A wheel, a disk, a ring or a screen stands on its edge, its face to the front.
  if (['wheel', 'disk', 'collar', 'ring', 'screen'].includes(part.form)) {
    r = frameOf([0, -1, 0], [1, 0, 0])
  } else if (part.keys.includes('vertical') && (part.shape === 'plate' || part.form === 'panel')) {
    // Thin along x, its long side up.
    r = frameOf([1, 0, 0], [0, 0, 1])
  }
  // "a C-shaped frame": open, a bar swept in a C that opens to the right, so what works in its
  // jaw (a clamp's screw and pad) is not buried in a solid block.
  if (part.form === 'frame' && part.adjectives.includes('curved') && part.count === 1) {
    return [openFrame(part, size)]
  }
  const half = halfOf(r, size)
  const pitch = 2 * half[0] + 1.6 * Math.max(half[1], half[2])
  return Array.from({ length: part.count }, (_, k) => {
    const x = (k - (part.count - 1) / 2) * pitch
    const center: Vec3 = [x, 0, half[2]]
    return makeSolid(part, k, sceneShape(part, 'other'), size, r, center, {
      ...(part.shape === 'tube' ? { hollow: true } : {}),
    })
  })
}

/** A C of a bar swept round three sides of the box `size`, its back to the left (−x). */
function openFrame(part: DraftPart, size: Vec3): Solid {
  const d = 0.18 * Math.min(size[1], size[2])
  const hx = size[0] / 2 - d / 2
  const hz = size[2] / 2 - d / 2
  const path: Vec3[] = [
    [hx, 0, hz],
    [-hx, 0, hz],
    [-hx, 0, -hz],
    [hx, 0, -hz],
  ]
  return makeSolid(part, 0, 'tube', [size[0], d, size[2]], IDENTITY, [0, 0, size[2] / 2], {
    path,
  })
}
