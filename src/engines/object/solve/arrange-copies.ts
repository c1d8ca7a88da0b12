/**
 * Object solver, one rule: where the copies of a counted part go on a face: "at the corners"
 * (inset by their own size, or round a round face), "in a row" (evenly along the face, drawers
 * stacked down it), "evenly spaced around" (on a circle). With no arrangement said, legs, feet,
 * screws and holes go to the corners when there are four, the rest in a row.
 */

import type { Arrangement, DraftPart } from '../read/object-draft'

/** A spot on a face, in its (u, v). */
export interface Spot {
  u: number
  v: number
}

/** Forms whose four copies go to the corners when nothing is said. */
const CORNER_FORMS = new Set(['leg', 'screw', 'hole', 'wheel', 'pin'])

/** The arrangement used for `count` copies of `part` when the prompt says none. */
export function arrangementOf(part: DraftPart, count: number, roundFace: boolean): Arrangement {
  if (part.arrangement) return part.arrangement
  if (CORNER_FORMS.has(part.form) && count >= 3) return roundFace ? 'around' : 'corners'
  return 'row'
}

/**
 * The spots of `count` copies of half extents (hu, hv) on a face of half extents (eu, ev);
 * `round` when the face is a disk of radius min(eu, ev); `alongV` to stack a row down the face.
 */
export function arrangeSpots(
  count: number,
  arrangement: Arrangement,
  face: { eu: number; ev: number },
  size: { hu: number; hv: number },
  round: boolean,
  alongV = false,
): Spot[] {
  if (count <= 1) return [{ u: 0, v: 0 }]
  const margin = 0.04 * Math.min(face.eu, face.ev)
  const radius = Math.min(face.eu, face.ev)
  const circle = (r: number, start: number): Spot[] =>
    Array.from({ length: count }, (_, k) => {
      const t = start + (2 * Math.PI * k) / count
      return { u: r * Math.cos(t), v: r * Math.sin(t) }
    })
  switch (arrangement) {
    case 'corners': {
      if (round)
        return circle(Math.max(0, radius - Math.max(size.hu, size.hv) - margin), Math.PI / 4)
      const iu = Math.max(0, face.eu - size.hu - margin)
      const iv = Math.max(0, face.ev - size.hv - margin)
      const corners: Spot[] = [
        { u: -iu, v: -iv },
        { u: iu, v: -iv },
        { u: iu, v: iv },
        { u: -iu, v: iv },
      ]
      if (count === 2) return [corners[0]!, corners[1]!].map((s) => ({ u: s.u, v: 0 }))
      if (count <= 4) return corners.slice(0, count)
      // More than four: the corners, then evenly along the long sides.
      const extra = count - 4
      const out = [...corners]
      for (let k = 0; k < extra; k++) {
        const side = k % 2 === 0 ? -iv : iv
        const slot = Math.floor(k / 2) + 1
        const per = Math.ceil(extra / 2) + 1
        out.push({ u: -iu + (2 * iu * slot) / per, v: side })
      }
      return out
    }
    case 'around':
      return circle(Math.max(0, 0.65 * radius), Math.PI / 2)
    default: {
      const along = alongV ? face.ev : face.eu
      const pitch = (2 * along) / count
      return Array.from({ length: count }, (_, k) => {
        const x = -along + pitch * (k + 0.5)
        return alongV ? { u: 0, v: -x } : { u: x, v: 0 }
      })
    }
  }
}
