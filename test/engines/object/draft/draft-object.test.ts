// The object drafter (src/engines/object/draft) on scenes written out by hand: a mug in
// perspective, numbered; a table as a design-patent set of views; a lid-on-box exploded. Every
// sheet is rendered at 2048 px and held to every rule of the figure checker; each numeral is
// drawn once and its lead ends on its own part; a part no view shows is drawn dashed and
// numbered on its dashes.

import { describe, expect, it } from 'vitest'
import { type FigureInput, FigureSchema } from '../../../../src/engines/figure/figure'
import { figureFontMetrics } from '../../../../src/engines/figure/rasterize'
import { draftObject } from '../../../../src/engines/object/draft'
import { OBJECT_LEAD_CROSSINGS } from '../../../../src/engines/object/draft/number-views'
import { WORKERD_KERNELS } from '../../../../src/kernels/workerd'
import { sheetsProblems } from '../../../support/figures'

/** Object views may reach a framed part across lines, as the drafter does. */
const OBJECT_LAYOUT = { leadCrossings: OBJECT_LEAD_CROSSINGS }

const MUG: FigureInput = {
  kind: 'object',
  label: 'FIG. 1',
  numeral: '10',
  title: 'COFFEE MUG',
  elements: [
    { id: 'body', numeral: '12', label: 'CYLINDRICAL BODY', kind: 'part' },
    { id: 'handle', numeral: '14', label: 'HANDLE', kind: 'part' },
  ],
  scene: {
    parts: [
      { id: 'body', shape: 'cylinder', size: [80, 80, 100], position: [0, 0, 50], hollow: true },
      {
        id: 'handle',
        shape: 'torus',
        size: [50, 50, 12],
        position: [48, 0, 50],
        rotation: [90, 0, 0],
      },
    ],
  },
}

const TABLE: FigureInput = {
  kind: 'object',
  label: 'FIG. 1',
  elements: [
    { id: 'top', numeral: '42', label: 'RECTANGULAR TOP', kind: 'part' },
    { id: 'legs', numeral: '44', label: 'LEGS', kind: 'part' },
  ],
  scene: {
    parts: [
      { id: 'top', shape: 'box', size: [160, 90, 6], position: [0, 0, 73] },
      ...[
        [-72, -37],
        [72, -37],
        [-72, 37],
        [72, 37],
      ].map(([x, y], k) => ({
        id: `leg-${k + 1}`,
        element: 'legs',
        shape: 'cylinder' as const,
        size: [6, 6, 70] as [number, number, number],
        position: [x!, y!, 35] as [number, number, number],
        parent: 'top',
      })),
    ],
    views: ['perspective', 'front', 'rear', 'left', 'right', 'top', 'bottom'].map((kind) => ({
      kind: kind as 'front',
    })),
  },
}

const BOX: FigureInput = {
  kind: 'object',
  label: 'FIG. 3',
  elements: [
    { id: 'box', numeral: '30', label: 'HOUSING', kind: 'part' },
    { id: 'lid', numeral: '32', label: 'LID', kind: 'part' },
  ],
  scene: {
    parts: [
      { id: 'box', shape: 'box', size: [100, 70, 50], position: [0, 0, 25] },
      { id: 'lid', shape: 'box', size: [100, 70, 8], position: [0, 0, 54], parent: 'box' },
    ],
    views: [{ kind: 'exploded' }],
  },
}

function distanceToSegment(
  p: { x: number; y: number },
  a: { x: number; y: number },
  b: { x: number; y: number },
): number {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const l2 = dx * dx + dy * dy
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy)
}

describe('draftObject', () => {
  const metrics = () => figureFontMetrics(WORKERD_KERNELS.svg)

  it('draws a numbered mug in perspective that passes the figure checker', async () => {
    const drafted = await draftObject(FigureSchema.parse(MUG), {
      labeled: true,
      metrics: metrics(),
    })
    expect(drafted.sheets).toHaveLength(1)
    expect(drafted.sheets[0]!.label).toBe('FIG. 1')
    expect(drafted.warnings).toEqual([])
    expect(drafted.references.map((r) => r.numeral).sort()).toEqual(['10', '12', '14'])
    expect(drafted.numeralHeightCm).toBeGreaterThanOrEqual(0.32)
    expect(await sheetsProblems(drafted.sheets, OBJECT_LAYOUT)).toEqual([])
  })

  it('draws a design-patent set of seven views of one table, one legend each, numbers once', async () => {
    const drafted = await draftObject(FigureSchema.parse(TABLE), {
      labeled: true,
      metrics: metrics(),
    })
    const legends = drafted.sheets[0]!.scene.texts.filter((t) => t.role === 'legend').map(
      (t) => t.text,
    )
    expect(legends).toEqual(['FIG. 1', 'FIG. 2', 'FIG. 3', 'FIG. 4', 'FIG. 5', 'FIG. 6', 'FIG. 7'])
    expect(drafted.sheets[0]!.label).toBe('FIGS. 1-7')
    expect(drafted.references.map((r) => r.numeral).sort()).toEqual(['42', '44'])
    expect(drafted.labelHeightCm).toBeGreaterThanOrEqual(0.32)
    expect(await sheetsProblems(drafted.sheets, OBJECT_LAYOUT)).toEqual([])
  })

  it('inks a thin plate on a box face as one line where its edges print closer than the pen', async () => {
    // A 1-unit panel on the front of a case, in a design set: at that scale its face and its
    // edges are under a pen apart, and would print as a gray band.
    const drafted = await draftObject(
      FigureSchema.parse({
        kind: 'object',
        label: 'FIG. 1',
        elements: [
          { id: 'case', numeral: '50', label: 'CASE', kind: 'part' },
          { id: 'panel', numeral: '52', label: 'PANEL', kind: 'part' },
        ],
        scene: {
          parts: [
            { id: 'case', shape: 'box', size: [100, 60, 60], position: [0, 0, 30] },
            {
              id: 'panel',
              shape: 'plate',
              size: [70, 40, 1],
              position: [0, -30.5, 30],
              rotation: [90, 0, 0],
            },
          ],
          views: ['perspective', 'front', 'rear', 'left', 'right', 'top', 'bottom'].map((kind) => ({
            kind: kind as 'front',
          })),
        },
      }),
      { labeled: true, metrics: metrics() },
    )
    expect(drafted.references.map((r) => r.numeral).sort()).toEqual(['50', '52'])
    expect(await sheetsProblems(drafted.sheets, OBJECT_LAYOUT)).toEqual([])
  })

  it('draws a numbered part that no view shows (inside another) dashed, numbered on its dashes', async () => {
    const drafted = await draftObject(
      FigureSchema.parse({
        kind: 'object',
        label: 'FIG. 1',
        elements: [
          { id: 'case', numeral: '30', label: 'CASE', kind: 'part' },
          { id: 'core', numeral: '32', label: 'CORE', kind: 'part' },
        ],
        scene: {
          parts: [
            { id: 'case', shape: 'box', size: [100, 60, 60], position: [0, 0, 30] },
            { id: 'core', shape: 'box', size: [20, 20, 20], position: [0, 0, 30] },
          ],
          views: [{ kind: 'perspective' }],
        },
      }),
      { labeled: true, metrics: metrics() },
    )
    expect(drafted.references.map((r) => r.numeral)).toEqual(['30', '32'])
    expect(drafted.warnings).toEqual([])
    const scene = drafted.sheets[0]!.scene
    // The core's outline is dashes: many short strokes, each at most a dash long.
    const dashes = scene.strokes.filter((s) => s.group === 'el-core')
    expect(dashes.length).toBeGreaterThan(12)
    const length = (s: (typeof dashes)[number]) =>
      s.segments.reduce((sum, g, k) => {
        const from = k === 0 ? s.start : s.segments[k - 1]!.to
        return sum + Math.hypot(g.to.x - from.x, g.to.y - from.y)
      }, 0)
    expect(Math.max(...dashes.map(length))).toBeLessThanOrEqual(5 * scene.pen + 1e-6)
    // Its lead ends on one of them.
    const lead = scene.leads.find((l) => l.numeral === '32')!
    const end = lead.path.segments.at(-1)?.to ?? lead.path.start
    const onDash = dashes.some((s) =>
      [s.start, ...s.segments.map((g) => g.to)].some(
        (p, k, all) => k > 0 && distanceToSegment(end, all[k - 1]!, p) <= scene.pen,
      ),
    )
    expect(onDash).toBe(true)
    expect(await sheetsProblems(drafted.sheets, OBJECT_LAYOUT)).toEqual([])
  })

  it('keeps the legends of a tall thin object apart in a design set', async () => {
    const drafted = await draftObject(
      FigureSchema.parse({
        kind: 'object',
        label: 'FIG. 1',
        elements: [{ id: 'pole', numeral: '10', label: 'POLE', kind: 'part' }],
        scene: {
          parts: [{ id: 'pole', shape: 'cylinder', size: [4, 4, 200], position: [0, 0, 100] }],
          views: ['perspective', 'front', 'rear', 'left', 'right', 'top', 'bottom'].map((kind) => ({
            kind,
          })),
        },
      }),
      { labeled: true, metrics: metrics() },
    )
    expect(await sheetsProblems(drafted.sheets, OBJECT_LAYOUT)).toEqual([])
  })

  it('slides the lid off its box in an exploded view', async () => {
    const drafted = await draftObject(FigureSchema.parse(BOX), {
      labeled: false,
      metrics: metrics(),
    })
    const scene = drafted.sheets[0]!.scene
    const top = (group: string) =>
      Math.min(
        ...scene.strokes
          .filter((s) => s.group === group)
          .flatMap((s) => [s.start.y, ...s.segments.map((g) => g.to.y)]),
      )
    const bottom = (group: string) =>
      Math.max(
        ...scene.strokes
          .filter((s) => s.group === group)
          .flatMap((s) => [s.start.y, ...s.segments.map((g) => g.to.y)]),
      )
    // The lid is drawn wholly above where the box's top would hide it: it has slid up.
    expect(bottom('el-lid')).toBeLessThan(
      bottom('el-box') - 0.3 * (bottom('el-box') - top('el-box')),
    )
    expect(top('el-lid')).toBeLessThan(top('el-box'))
    expect(await sheetsProblems(drafted.sheets, OBJECT_LAYOUT)).toEqual([])
  })
})
