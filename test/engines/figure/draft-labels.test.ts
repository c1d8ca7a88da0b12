// Names on links (src/engines/figure/draft/place-link-labels.ts and the drafter around it): a
// signal's name never overlaps a line or another text, whatever the layout left it; several
// links out of one part with one name share a trunk named once; a decision's YES and NO are
// always drawn; a name with no free place anywhere is left out and said so, never overlapped.
// Held to the figure checker on every sheet, with counts of the names drawn.

import { describe, expect, it } from 'vitest'
import { type DraftedFigure, draftFigure } from '../../../src/engines/figure/draft'
import { drawLayout } from '../../../src/engines/figure/draft/draw-parts'
import type { GraphLayout, PlacedPart } from '../../../src/engines/figure/draft/layout-graph'
import {
  placeLinkLabel,
  sharedLength,
  TakenRoom,
} from '../../../src/engines/figure/draft/place-link-labels'
import { type FigureInput, FigureSchema } from '../../../src/engines/figure/figure'
import { rectsOverlap, segmentHitsRect } from '../../../src/engines/figure/geometry'
import { figureFontMetrics } from '../../../src/engines/figure/rasterize'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'
import blind4 from '../../corpus/prompts/blind-4.json'
import { sheetsProblems } from '../../support/figures'

/** A buck converter whose feedback link ran its name over another line. */
const FEEDBACK: FigureInput = {
  kind: 'block-diagram',
  label: 'FIG. 1',
  elements: [
    { id: 'p1', numeral: '100', label: 'POWER CONVERTER', kind: 'container' },
    { id: 'p2', numeral: '102', label: 'INPUT TERMINAL', kind: 'block', parent: 'p1' },
    { id: 'p3', numeral: '104', label: 'SWITCHING STAGE', kind: 'block', parent: 'p1' },
    { id: 'p4', numeral: '108', label: 'OUTPUT CAPACITOR', kind: 'block', parent: 'p1' },
    { id: 'p5', numeral: '106', label: 'INDUCTOR', kind: 'block', parent: 'p1' },
    { id: 'p6', numeral: '110', label: 'VOLTAGE SENSOR', kind: 'block', parent: 'p1' },
    { id: 'p7', numeral: '112', label: 'CONTROLLER', kind: 'block', parent: 'p1' },
  ],
  connections: [
    { from: 'p3', to: 'p2', arrow: 'none' },
    { from: 'p3', to: 'p5', arrow: 'none' },
    { from: 'p5', to: 'p4', arrow: 'none' },
    { from: 'p6', to: 'p4', arrow: 'none' },
    { from: 'p6', to: 'p7', label: 'FEEDBACK SIGNAL', arrow: 'forward' },
    { from: 'p7', to: 'p3', arrow: 'forward' },
  ],
}

/** One part sending one signal to several: the names used to be drawn on top of each other. */
const FAN_OUT: FigureInput = {
  kind: 'block-diagram',
  label: 'FIG. 7',
  elements: [
    { id: 'ru', numeral: '700', label: 'RADIO UNIT', kind: 'container' },
    { id: 'dfe', numeral: '702', label: 'DIGITAL FRONT END', kind: 'block', parent: 'ru' },
    {
      id: 'dac1',
      numeral: '704a',
      label: 'DIGITAL-TO-ANALOG CONVERTER',
      kind: 'block',
      parent: 'ru',
    },
    {
      id: 'dac2',
      numeral: '704b',
      label: 'DIGITAL-TO-ANALOG CONVERTER',
      kind: 'block',
      parent: 'ru',
    },
    {
      id: 'dac3',
      numeral: '704c',
      label: 'DIGITAL-TO-ANALOG CONVERTER',
      kind: 'block',
      parent: 'ru',
    },
    { id: 'pa1', numeral: '706a', label: 'POWER AMPLIFIER', kind: 'block', parent: 'ru' },
    { id: 'pa2', numeral: '706b', label: 'POWER AMPLIFIER', kind: 'block', parent: 'ru' },
    { id: 'pa3', numeral: '706c', label: 'POWER AMPLIFIER', kind: 'block', parent: 'ru' },
    { id: 'bias', numeral: '710', label: 'BIAS CONTROLLER', kind: 'block', parent: 'ru' },
  ],
  connections: [
    { from: 'bias', to: 'pa1', arrow: 'none' },
    { from: 'bias', to: 'pa2', arrow: 'none' },
    { from: 'dfe', to: 'dac1', label: 'BASEBAND SAMPLES' },
    { from: 'dfe', to: 'dac2', label: 'BASEBAND SAMPLES' },
    { from: 'dfe', to: 'dac3', label: 'BASEBAND SAMPLES' },
    { from: 'dac1', to: 'pa1' },
    { from: 'dac2', to: 'pa2' },
    { from: 'dac3', to: 'pa3' },
  ],
}

const metrics = () => figureFontMetrics(WORKERD_KERNELS.svg)

async function draft(input: FigureInput, labeled: boolean): Promise<DraftedFigure> {
  return draftFigure(FigureSchema.parse(input), { labeled, metrics: metrics() })
}

/** How many times each link name is drawn over the whole figure. */
function names(figure: DraftedFigure): Map<string, number> {
  const counts = new Map<string, number>()
  for (const { scene } of figure.sheets) {
    for (const t of scene.texts) {
      if (t.role === 'branch') counts.set(t.text, (counts.get(t.text) ?? 0) + 1)
    }
  }
  return counts
}

describe('names on links', () => {
  for (const labeled of [false, true]) {
    it(`sets a feedback link's name clear of every line when labeled is ${labeled}`, async () => {
      const figure = await draft(FEEDBACK, labeled)
      expect(await sheetsProblems(figure.sheets)).toEqual([])
      expect(names(figure).get('FEEDBACK SIGNAL')).toBe(1)
      expect(figure.warnings.filter((w) => w.includes('name'))).toEqual([])
    })

    it(`names a signal sent to three parts once, on the trunk they share, when labeled is ${labeled}`, async () => {
      const figure = await draft(FAN_OUT, labeled)
      expect(await sheetsProblems(figure.sheets)).toEqual([])
      expect(figure.sheets).toHaveLength(1)
      expect(names(figure).get('BASEBAND SAMPLES')).toBe(1)
      // The three links leave the front end at one point and run together before they part.
      const { scene } = figure.sheets[0]!
      const starts = [2, 3, 4].map((i) => scene.strokes.find((s) => s.group === `cn-${i}`)!.start)
      for (const p of starts) expect(p).toEqual(starts[0])
      // The name lies beside the trunk: nearer to it than to any other part's outline.
      const name = scene.texts.find((t) => t.text === 'BASEBAND SAMPLES')!
      const trunk = scene.strokes.find((s) => s.group === 'cn-2')!
      const first = trunk.segments[0]!.to
      expect(segmentHitsRect(trunk.start, first, name.box, 0.6 * 54)).toBe(true)
    })
  }

  it('draws every YES and NO of a flowchart whose branch legs are short and crossed', async () => {
    const uav = (blind4 as { id: string; figure: FigureInput }[]).find(
      (c) => c.id === 'uav-preflight-bullets',
    )!
    const figure = await draft(uav.figure, true)
    expect(await sheetsProblems(figure.sheets)).toEqual([])
    const decisions = uav.figure.elements.filter((e) => e.kind === 'decision').length
    expect(names(figure).get('YES')).toBe(decisions)
    expect(names(figure).get('NO')).toBe(decisions)
    expect(figure.warnings.filter((w) => w.includes('name'))).toEqual([])
  })
})

describe('placeLinkLabel', () => {
  const line = [
    { x: 500, y: 100 },
    { x: 500, y: 700 },
  ]
  const own = new Set<never>()
  const bounds = { x: 0, y: 0, width: 1000, height: 800 }

  it('sets the name on the free side of a line whose other side is taken', () => {
    const taken = new TakenRoom(
      [{ a: line[0]!, b: line[1]! }],
      [{ x: 505, y: 0, width: 600, height: 800 }],
    )
    const text = placeLinkLabel(
      { text: 'CLOCK', path: line, branch: false, own },
      metrics(),
      taken,
      bounds,
    )
    expect(text).not.toBeNull()
    expect(text!.box.x + text!.box.width).toBeLessThan(500)
    expect(segmentHitsRect(line[0]!, line[1]!, text!.box)).toBe(false)
  })

  it('finds no place, rather than an overlapping one, when both sides are taken', () => {
    const taken = new TakenRoom(
      [{ a: line[0]!, b: line[1]! }],
      [
        { x: 505, y: 0, width: 600, height: 800 },
        { x: 0, y: 0, width: 495, height: 800 },
      ],
    )
    const text = placeLinkLabel(
      { text: 'CLOCK', path: line, branch: false, own },
      metrics(),
      taken,
      bounds,
    )
    expect(text).toBeNull()
  })

  it('measures how far routes from one port run together', () => {
    const a = [
      { x: 0, y: 0 },
      { x: 0, y: 100 },
      { x: -50, y: 100 },
      { x: -50, y: 200 },
    ]
    const b = [
      { x: 0, y: 0 },
      { x: 0, y: 100 },
      { x: 80, y: 100 },
      { x: 80, y: 200 },
    ]
    const c = [
      { x: 0, y: 0 },
      { x: 0, y: 250 },
    ]
    expect(sharedLength([a, b])).toBeCloseTo(100)
    expect(sharedLength([a, b, c])).toBeCloseTo(100)
    expect(sharedLength([a, [{ x: 5, y: 0 }, ...a.slice(1)]])).toBe(0)
  })
})

describe('drawLayout', () => {
  it('leaves out, and reports, a name boxed in so that every place would touch a line', () => {
    // A short link between two boxes that sit close on either side of it: no room anywhere.
    const part = (id: string, x: number, y: number, w: number, h: number): PlacedPart => ({
      element: { id, label: id.toUpperCase(), kind: 'block' },
      lines: [id.toUpperCase()],
      textWidth: 100,
      width: w,
      height: h,
      container: false,
      titleHeight: 0,
      rect: { x, y, width: w, height: h },
    })
    const parts = new Map<string, PlacedPart>([
      ['a', part('a', 0, 0, 400, 100)],
      ['b', part('b', 0, 140, 400, 100)],
      ['l', part('l', 0, 100, 195, 40)],
      ['r', part('r', 205, 100, 195, 40)],
    ])
    const layout: GraphLayout = {
      parts,
      width: 400,
      height: 240,
      links: [
        {
          link: { from: 'a', to: 'b', arrow: 'none', label: 'NAME' },
          points: [
            { x: 200, y: 100 },
            { x: 200, y: 140 },
          ],
        },
      ],
    }
    const drawn = drawLayout(layout, metrics())
    expect(drawn.unplaced).toEqual([0])
    expect(drawn.scene.texts.some((t) => t.text === 'NAME')).toBe(false)
    // Nothing drawn overlaps: the name was left out, not forced in.
    const boxes = drawn.scene.texts.map((t) => t.box)
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) expect(rectsOverlap(a, b)).toBe(false)
    }
  })
})
