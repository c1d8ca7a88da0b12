// The perspective's viewpoint (src/engines/object/draft/viewpoint.ts and
// geometry/choose-viewpoint.ts): a lone perspective turns to show a knob on the left face or a
// port in the bottom, and its numeral is drawn; the choice is recorded in the view and kept when
// the figure comes back; an object numbered where the usual view sees it, and a design set, keep
// front-right-above.

import { describe, expect, it } from 'vitest'
import { type FigureInput, FigureSchema } from '../../../../src/engines/figure/figure'
import { figureFontMetrics } from '../../../../src/engines/figure/rasterize'
import { draftObject } from '../../../../src/engines/object/draft'
import { chooseViewpoint, prepareScene } from '../../../../src/engines/object/geometry'
import type { ObjectPart, ObjectSceneInput } from '../../../../src/engines/object/object-scene'
import { WORKERD_KERNELS } from '../../../../src/kernels/workerd'

type PartInput = ObjectSceneInput['parts'][number]

const HOUSING: PartInput = { id: 'box', shape: 'box', size: [100, 70, 60], position: [0, 0, 30] }

/** A housing 20 with one numbered part 22 on it (a knob, a port), drawn in `views`. */
function boxWith(part: PartInput, views: ObjectSceneInput['views'] = undefined): FigureInput {
  return {
    kind: 'object',
    label: 'FIG. 1',
    elements: [
      { id: 'box', numeral: '20', label: 'HOUSING', kind: 'part' },
      { id: part.id, numeral: '22', label: part.id.toUpperCase(), kind: 'part' },
    ],
    scene: { parts: [HOUSING, { ...part, parent: 'box' }], ...(views ? { views } : {}) },
  }
}

const KNOB_LEFT: PartInput = {
  id: 'knob',
  shape: 'cylinder',
  size: [20, 20, 8],
  position: [-54, 0, 30],
  rotation: [0, 90, 0],
}
const PORT_BELOW: PartInput = {
  id: 'port',
  shape: 'box',
  size: [24, 10, 4],
  position: [0, 0, -2],
}
const KNOB_FRONT: PartInput = {
  id: 'knob',
  shape: 'cylinder',
  size: [20, 20, 8],
  position: [20, -39, 30],
  rotation: [90, 0, 0],
}

describe('the perspective viewpoint', () => {
  const draft = (input: FigureInput, labeled = true) =>
    draftObject(FigureSchema.parse(input), {
      labeled,
      metrics: figureFontMetrics(WORKERD_KERNELS.svg),
    })

  it('turns to the left side for a knob on the left face, and numbers the knob', async () => {
    const drafted = await draft(boxWith(KNOB_LEFT))
    const viewpoint = drafted.scene?.views[0]?.viewpoint
    expect(viewpoint).toBe('front-left-above')
    expect(drafted.references.map((r) => r.numeral).sort()).toEqual(['20', '22'])
    expect(drafted.warnings).toEqual([])
    // From the usual front-right-above the knob is hidden: only dashed, as patent drawings
    // show hidden parts, short strokes where the turned view draws it whole.
    const usual = await draft(
      boxWith(KNOB_LEFT, [{ kind: 'perspective', viewpoint: 'front-right-above' }]),
    )
    expect(usual.references.map((r) => r.numeral).sort()).toEqual(['20', '22'])
    const longest = (d: typeof drafted) =>
      Math.max(
        ...d.sheets[0]!.scene.strokes.filter((s) => s.group === 'el-knob').map((s) =>
          Math.hypot(s.segments.at(-1)!.to.x - s.start.x, s.segments.at(-1)!.to.y - s.start.y),
        ),
      )
    expect(longest(usual)).toBeLessThanOrEqual(5 * usual.sheets[0]!.scene.pen + 1e-6)
    expect(longest(drafted)).toBeGreaterThan(5 * drafted.sheets[0]!.scene.pen)
  })

  it('looks from below at a port in the bottom', async () => {
    const drafted = await draft(boxWith(PORT_BELOW))
    expect(drafted.scene?.views[0]?.viewpoint).toBe('front-right-below')
    expect(drafted.references.map((r) => r.numeral)).toContain('22')
  })

  it('keeps front-right-above when it already shows every numbered part', async () => {
    const drafted = await draft(boxWith(KNOB_FRONT))
    expect(drafted.scene?.views[0]?.viewpoint).toBe('front-right-above')
  })

  it('chooses alike labeled or not, and the recorded choice redraws the same sheet', async () => {
    const input = boxWith(KNOB_LEFT)
    const unlabeled = await draft(input, false)
    const labeled = await draft(input)
    expect(unlabeled.scene?.views).toEqual(labeled.scene?.views)
    const again = await draft({ ...input, scene: labeled.scene! })
    expect(again.scene).toEqual(labeled.scene)
    expect(again.sheets[0]!.scene).toEqual(labeled.sheets[0]!.scene)
  })

  it('leaves a design set, and a viewpoint the figure names, as they are', async () => {
    const set = ['perspective', 'front', 'rear', 'left', 'right', 'top', 'bottom'] as const
    const drafted = await draft(
      boxWith(
        KNOB_LEFT,
        set.map((kind) => ({ kind })),
      ),
    )
    expect(drafted.scene?.views.every((v) => v.viewpoint === undefined)).toBe(true)
    const named = await draft(
      boxWith(KNOB_LEFT, [{ kind: 'perspective', viewpoint: 'rear-right-below' }]),
    )
    expect(named.scene?.views[0]?.viewpoint).toBe('rear-right-below')
  })

  it('counts every numbered element alike, whatever its size', () => {
    // Two small knobs on the left face outvote a big panel on the right.
    const knob = (id: string, y: number): ObjectPart => ({
      ...KNOB_LEFT,
      id,
      position: [-54, y, 30],
      rotation: [0, 90, 0],
    })
    const parts: ObjectPart[] = [
      { ...HOUSING, rotation: [0, 0, 0] },
      knob('knob-1', -15),
      knob('knob-2', 15),
      { id: 'panel', shape: 'box', size: [4, 66, 56], position: [52, 0, 30], rotation: [0, 0, 0] },
    ]
    const prepared = prepareScene({ parts })
    expect(chooseViewpoint(prepared, [[1], [2], [3]])).toBe('front-left-above')
    expect(chooseViewpoint(prepared, [[3]])).toBe('front-right-above')
    expect(chooseViewpoint(prepared, [])).toBe('front-right-above')
  })
})
