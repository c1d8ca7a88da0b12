// The drafter (src/engines/figure/draft) on figures written out by hand: nested block diagrams
// and flowcharts with decisions and loops, unlabeled and labeled, rendered at 2048 px and held to
// every rule of the figure checker on every sheet; the FIG. legend under each sheet; figures too
// large for one sheet continued on FIG. nA, nB, ... with off-page connectors whose letters pair up;
// references that are exactly the numerals drawn; the whole's numeral with a freestanding arrow.

import { describe, expect, it } from 'vitest'
import { type DraftedFigure, draftFigure } from '../../../src/engines/figure/draft'
import { numberParts } from '../../../src/engines/figure/draft/number-parts'
import { type FigureInput, FigureSchema } from '../../../src/engines/figure/figure'
import {
  arrowheadPolygon,
  flattenPath,
  pointSegmentDistance,
  polygonSegments,
  rectsOverlap,
  type Segment2,
  segmentHitsRect,
  segmentsIntersect,
} from '../../../src/engines/figure/geometry'
import { figureFontMetrics } from '../../../src/engines/figure/rasterize'
import type { Scene } from '../../../src/engines/figure/scene'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'
import { sheetsProblems } from '../../support/figures'

const SYSTEM: FigureInput = {
  kind: 'block-diagram',
  label: 'FIG. 3',
  elements: [
    { id: 's', label: 'SYSTEM', kind: 'container', numeral: '100' },
    { id: 'p', label: 'PROCESSOR', kind: 'block', numeral: '102', parent: 's' },
    { id: 'm', label: 'MEMORY', kind: 'block', numeral: '104', parent: 's' },
    { id: 'n', label: 'NETWORK INTERFACE', kind: 'block', numeral: '106', parent: 's' },
    { id: 'd', label: 'DISPLAY', kind: 'block', numeral: '108', parent: 's' },
    { id: 'srv', label: 'REMOTE SERVER', kind: 'block', numeral: '110' },
    { id: 'db', label: 'DATABASE', kind: 'block', numeral: '112' },
  ],
  connections: [
    { from: 'p', to: 'm', arrow: 'none' },
    { from: 'p', to: 'n', arrow: 'both' },
    { from: 'p', to: 'd', arrow: 'forward' },
    { from: 'n', to: 'srv', arrow: 'both' },
    { from: 'srv', to: 'db', arrow: 'both' },
  ],
}

const METHOD: FigureInput = {
  kind: 'flowchart',
  label: 'FIG. 2',
  numeral: '200',
  title: 'METHOD',
  elements: [
    { id: 'start', label: 'START', kind: 'terminal' },
    { id: 's1', label: 'RECEIVING A REQUEST FROM A CLIENT', kind: 'step' },
    { id: 's2', label: 'AUTHENTICATING THE CLIENT', kind: 'step' },
    { id: 'd1', label: 'CLIENT AUTHORIZED?', kind: 'decision' },
    { id: 's3', label: 'RETRIEVING A RECORD', kind: 'step' },
    { id: 'd2', label: 'MORE RECORDS?', kind: 'decision' },
    { id: 's4', label: 'SENDING AN ERROR MESSAGE', kind: 'step' },
    { id: 's5', label: 'SENDING THE RESPONSE', kind: 'step' },
    { id: 'end', label: 'END', kind: 'terminal' },
  ],
  connections: [
    { from: 'start', to: 's1' },
    { from: 's1', to: 's2' },
    { from: 's2', to: 'd1' },
    { from: 'd1', to: 's3', label: 'YES' },
    { from: 'd1', to: 's4', label: 'NO' },
    { from: 's3', to: 'd2' },
    { from: 'd2', to: 's3', label: 'YES' },
    { from: 'd2', to: 's5', label: 'NO' },
    { from: 's4', to: 'end' },
    { from: 's5', to: 'end' },
  ],
}

const VERBS = [
  'RECEIVING',
  'PARSING',
  'VALIDATING',
  'STORING',
  'ENCODING',
  'SENDING',
  'LOGGING',
  'COMPUTING',
  'FILTERING',
  'SORTING',
  'MERGING',
  'SIGNING',
]

/** 30 steps, START and END, and a check after step 20 that loops back to step 5. */
function longMethod(): FigureInput {
  const steps = Array.from({ length: 30 }, (_, i) => ({
    id: `s${i + 1}`,
    label: `${VERBS[i % VERBS.length]} THE ${['FIRST', 'SECOND', 'THIRD'][Math.floor(i / 12)]} BATCH`,
    kind: 'step' as const,
  }))
  const elements = [
    { id: 'start', label: 'START', kind: 'terminal' as const },
    ...steps.slice(0, 20),
    { id: 'more', label: 'MORE BATCHES?', kind: 'decision' as const },
    ...steps.slice(20),
    { id: 'end', label: 'END', kind: 'terminal' as const },
  ]
  const chain = elements.map((e) => e.id)
  const connections: FigureInput['connections'] = []
  for (let i = 0; i + 1 < chain.length; i++) {
    const from = chain[i]!
    connections.push({ from, to: chain[i + 1]!, ...(from === 'more' ? { label: 'NO' } : {}) })
  }
  connections.push({ from: 'more', to: 's5', label: 'YES' })
  return {
    kind: 'flowchart',
    label: 'FIG. 4A',
    numeral: '400',
    title: 'METHOD',
    elements,
    connections,
  }
}

/**
 * 40 parts: a server holding 16 (more than one sheet takes, so it is split), a client device
 * holding 10, and 12 blocks around them; chains inside each, and links between them.
 */
function largeSystem(): FigureInput {
  const block = (id: string, label: string, parent?: string) => ({
    id,
    label,
    kind: 'block' as const,
    ...(parent ? { parent } : {}),
  })
  const server = Array.from({ length: 16 }, (_, i) =>
    block(`v${i}`, `SERVER MODULE ${i + 1}`, 'srv'),
  )
  const client = Array.from({ length: 10 }, (_, i) => block(`c${i}`, `CLIENT UNIT ${i + 1}`, 'cli'))
  const around = Array.from({ length: 12 }, (_, i) => block(`b${i}`, `PERIPHERAL ${i + 1}`))
  const elements = [
    { id: 'srv', label: 'SERVER', kind: 'container' as const },
    ...server,
    { id: 'cli', label: 'CLIENT DEVICE', kind: 'container' as const },
    ...client,
    ...around,
  ]
  const connections: FigureInput['connections'] = []
  for (const list of [server, client, around]) {
    for (let i = 0; i + 1 < list.length; i++) {
      connections.push({ from: list[i]!.id, to: list[i + 1]!.id, arrow: 'both' })
    }
  }
  connections.push({ from: 'c0', to: 'v0', arrow: 'both' })
  connections.push({ from: 'b0', to: 'c9', arrow: 'forward' })
  connections.push({ from: 'b11', to: 'v15', arrow: 'none' })
  return { kind: 'block-diagram', label: 'FIG. 7', elements, connections }
}

async function draft(input: FigureInput, labeled: boolean): Promise<DraftedFigure> {
  return draftFigure(FigureSchema.parse(input), {
    labeled,
    metrics: figureFontMetrics(WORKERD_KERNELS.svg),
  })
}

const texts = (figure: DraftedFigure, role: string) =>
  figure.sheets.flatMap((s) => s.scene.texts.filter((t) => t.role === role).map((t) => t.text))

/** Off-page connector letters by sheet. */
const lettersBySheet = (figure: DraftedFigure) =>
  figure.sheets.map(
    (s) => new Set(s.scene.texts.filter((t) => t.role === 'connector').map((t) => t.text)),
  )

/** References are exactly the numerals drawn, once each, and the map matches the leads. */
function expectReferencesDrawn(figure: DraftedFigure): void {
  const drawn = new Set(texts(figure, 'numeral'))
  const listed = figure.references.map((r) => r.numeral)
  expect(new Set(listed).size).toBe(listed.length)
  expect(new Set(listed)).toEqual(drawn)
  for (const sheet of figure.sheets) {
    for (const lead of sheet.scene.leads) {
      if (lead.group === 'whole') expect(figure.whole).toBe(lead.numeral)
      else expect(figure.numerals.get(lead.partId)).toBe(lead.numeral)
    }
  }
}

/** The legend is the sheet's label, larger than the labels, below every other mark. */
function expectLegends(figure: DraftedFigure): void {
  for (const sheet of figure.sheets) {
    const legends = sheet.scene.texts.filter((t) => t.role === 'legend')
    expect(legends.map((t) => t.text)).toEqual([sheet.label])
    const legend = legends[0]!
    expect(legend.size).toBeGreaterThanOrEqual(1.25 * 54)
    const others = sheet.scene.texts.filter((t) => t !== legend)
    for (const t of others) expect(t.box.y + t.box.height).toBeLessThan(legend.box.y)
    for (const t of others) expect(rectsOverlap(t.box, legend.box)).toBe(false)
  }
}

/** Every line of a scene except those of one group, as segments. */
function linesExcept(scene: Scene, group: string): Segment2[] {
  const lines: Segment2[] = []
  for (const s of scene.strokes) if (s.group !== group) lines.push(...flattenPath(s))
  for (const l of scene.leads) if (l.group !== group) lines.push(...flattenPath(l.path))
  for (const h of scene.arrowheads) {
    if (h.group !== group) lines.push(...polygonSegments(arrowheadPolygon(h)))
  }
  return lines
}

/** Distance from a point to the nearest stroke of a scene. */
function distanceToStrokes(scene: Scene, point: { x: number; y: number }): number {
  let best = Infinity
  for (const s of scene.strokes.flatMap((p) => flattenPath(p))) {
    best = Math.min(best, pointSegmentDistance(point, s.a, s.b))
  }
  return best
}

describe('draftFigure', () => {
  for (const labeled of [false, true]) {
    it(`draws a nested block diagram on one sheet that passes the checker when labeled is ${labeled}`, async () => {
      const figure = await draft(SYSTEM, labeled)
      expect(figure.sheets.map((s) => s.label)).toEqual(['FIG. 3'])
      expect(await sheetsProblems(figure.sheets)).toEqual([])
      expect(figure.warnings).toEqual([])
      expect(figure.labelHeightCm).toBeGreaterThanOrEqual(0.32)
      expectLegends(figure)
      expect(texts(figure, 'label')).toEqual(
        expect.arrayContaining(['SYSTEM', 'PROCESSOR', 'MEMORY', 'DATABASE']),
      )
      if (!labeled) {
        expect(texts(figure, 'numeral')).toEqual([])
        expect(figure.references).toEqual([])
        return
      }
      // Given numerals kept, each drawn once with its lead ending on its own part.
      expect(figure.references).toEqual([
        { numeral: '100', label: 'SYSTEM' },
        { numeral: '102', label: 'PROCESSOR' },
        { numeral: '104', label: 'MEMORY' },
        { numeral: '106', label: 'NETWORK INTERFACE' },
        { numeral: '108', label: 'DISPLAY' },
        { numeral: '110', label: 'REMOTE SERVER' },
        { numeral: '112', label: 'DATABASE' },
      ])
      expectReferencesDrawn(figure)
      expect(figure.numeralHeightCm).toBeGreaterThanOrEqual(0.32)
      const [sheet] = figure.sheets
      for (const lead of sheet!.scene.leads) {
        const end = lead.path.segments[lead.path.segments.length - 1]!.to
        expect(distanceToStrokes(sheet!.scene, end)).toBeLessThan(0.5)
      }
    })

    it(`draws a flowchart with decisions, branches and a loop when labeled is ${labeled}`, async () => {
      const figure = await draft(METHOD, labeled)
      expect(await sheetsProblems(figure.sheets)).toEqual([])
      expectLegends(figure)
      expect(texts(figure, 'branch').sort()).toEqual(['NO', 'NO', 'YES', 'YES'])
      // Ten links with one arrowhead each; the whole's numeral adds one when labeled.
      const heads = figure.sheets.flatMap((s) => s.scene.arrowheads)
      expect(heads).toHaveLength(labeled ? 11 : 10)
      if (labeled) {
        // START and END are not numbered; the whole's series continues from its 200.
        expect(figure.references.map((r) => r.numeral)).toEqual([
          '200',
          '202',
          '204',
          '206',
          '208',
          '210',
          '212',
          '214',
        ])
        expect(figure.references[0]).toEqual({ numeral: '200', label: 'METHOD' })
        expectReferencesDrawn(figure)
      }
    })
  }

  it('groups every mark of a sheet by the element or connection it draws', async () => {
    const figure = await draft(SYSTEM, true)
    const { scene } = figure.sheets[0]!
    const groups = new Set([
      ...SYSTEM.elements.map((e) => `el-${e.id}`),
      ...(SYSTEM.connections ?? []).map((_, i) => `cn-${i}`),
      'legend',
    ])
    const marks = [...scene.strokes, ...scene.leads, ...scene.arrowheads, ...scene.texts]
    for (const mark of marks) expect(groups).toContain(mark.group)
    const processor = scene.texts.filter((t) => t.group === 'el-p').map((t) => t.text)
    expect(processor.sort()).toEqual(['102', 'PROCESSOR'])
    expect(scene.leads.find((l) => l.numeral === '102')?.group).toBe('el-p')
  })

  it("points the whole's numeral at the figure with a freestanding arrow that touches nothing", async () => {
    const figure = await draft(METHOD, true)
    expect(figure.whole).toBe('200')
    const { scene } = figure.sheets[0]!
    const numeral = scene.texts.filter((t) => t.group === 'whole')
    expect(numeral.map((t) => [t.text, t.role])).toEqual([['200', 'numeral']])
    const leads = scene.leads.filter((l) => l.group === 'whole')
    const heads = scene.arrowheads.filter((h) => h.group === 'whole')
    expect(leads).toHaveLength(1)
    expect(heads).toHaveLength(1)
    // The arrowhead points from the numeral towards the drawing, and the lead runs into it.
    const lead = flattenPath(leads[0]!.path)
    const head = heads[0]!
    const base = lead[lead.length - 1]!.b
    expect(Math.hypot(head.tip.x - base.x, head.tip.y - base.y)).toBeCloseTo(30, 0)
    // Nothing else comes within a pen width of it: no line, lead, arrowhead or text.
    const others = linesExcept(scene, 'whole')
    const own = [...lead, ...polygonSegments(arrowheadPolygon(head))]
    for (const s of own) {
      for (const o of others) {
        expect(segmentsIntersect(s.a, s.b, o.a, o.b)).toBe(false)
        expect(
          Math.min(
            pointSegmentDistance(s.a, o.a, o.b),
            pointSegmentDistance(s.b, o.a, o.b),
            pointSegmentDistance(o.a, s.a, s.b),
            pointSegmentDistance(o.b, s.a, s.b),
          ),
        ).toBeGreaterThan(scene.pen)
      }
      for (const t of scene.texts.filter((t) => t.group !== 'whole')) {
        expect(segmentHitsRect(s.a, s.b, t.box)).toBe(false)
      }
    }
    // Near the top right: above the drawing's middle and right of its centre.
    const drawn = scene.strokes.flatMap((p) => flattenPath(p)).flatMap((s) => [s.a, s.b])
    const midX = (Math.min(...drawn.map((p) => p.x)) + Math.max(...drawn.map((p) => p.x))) / 2
    const midY = (Math.min(...drawn.map((p) => p.y)) + Math.max(...drawn.map((p) => p.y))) / 2
    expect(numeral[0]!.box.x).toBeGreaterThan(midX)
    expect(numeral[0]!.box.y).toBeLessThan(midY)
  })

  it('continues a 30-step flowchart on further sheets with text at 0.32 cm and paired connectors', async () => {
    const input = longMethod()
    const figure = await draft(input, true)
    expect(figure.sheets.length).toBeGreaterThan(1)
    // The legend already ends in a letter: FIG. 4A-1, 4A-2, ...
    expect(figure.sheets.map((s) => s.label)).toEqual(
      figure.sheets.map((_, i) => `FIG. 4A-${i + 1}`),
    )
    expect(figure.labelHeightCm).toBeGreaterThanOrEqual(0.32)
    expect(figure.numeralHeightCm).toBeGreaterThanOrEqual(0.32)
    expect(await sheetsProblems(figure.sheets)).toEqual([])
    expectLegends(figure)
    expectReferencesDrawn(figure)
    expect(figure.warnings).toEqual([])
    // Every step drawn once, in reading order across the sheets.
    const order = figure.sheets.flatMap((s) =>
      s.scene.strokes.flatMap((p) => (p.group?.startsWith('el-') && p.closed ? [p.group] : [])),
    )
    expect(order).toEqual(input.elements.map((e) => `el-${e.id}`))
    // Each connector letter is on two sheets or more: where the flow leaves, and where it goes.
    const letters = lettersBySheet(figure)
    const all = new Set(letters.flatMap((set) => [...set]))
    expect(all.size).toBeGreaterThan(0)
    for (const letter of all) {
      expect(letters.filter((set) => set.has(letter)).length).toBeGreaterThanOrEqual(2)
    }
    // The whole's numeral on the first sheet only.
    const wholes = figure.sheets.map((s) => s.scene.texts.some((t) => t.group === 'whole'))
    expect(wholes).toEqual(figure.sheets.map((_, i) => i === 0))
  })

  it('splits a 40-part block diagram, drawing a split container on each of its sheets', async () => {
    const figure = await draft(largeSystem(), false)
    expect(figure.sheets.length).toBeGreaterThan(1)
    expect(figure.sheets.map((s) => s.label)).toEqual(
      figure.sheets.map((_, i) => `FIG. 7${String.fromCharCode(65 + i)}`),
    )
    expect(figure.labelHeightCm).toBeGreaterThanOrEqual(0.32)
    expect(await sheetsProblems(figure.sheets)).toEqual([])
    expectLegends(figure)
    expect(figure.warnings).toEqual([])
    const drawing = (id: string) =>
      figure.sheets.filter((s) => s.scene.strokes.some((p) => p.group === `el-${id}` && p.closed))
    const server = drawing('srv')
    expect(server.length).toBeGreaterThanOrEqual(2)
    for (const sheet of server) expect(sheet.scene.texts.map((t) => t.text)).toContain('SERVER')
    // Each server module once, on a sheet that draws the server around it.
    for (let i = 0; i < 16; i++) {
      const on = drawing(`v${i}`)
      expect(on).toHaveLength(1)
      expect(server).toContain(on[0])
    }
    const letters = lettersBySheet(figure)
    for (const letter of new Set(letters.flatMap((set) => [...set]))) {
      expect(letters.filter((set) => set.has(letter)).length).toBeGreaterThanOrEqual(2)
    }
  })

  it('drafts the same figure the same way twice', async () => {
    const [a, b] = [await draft(longMethod(), true), await draft(longMethod(), true)]
    expect(b.sheets.map((s) => s.scene)).toEqual(a.sheets.map((s) => s.scene))
  })
})

describe('numberParts', () => {
  it('numbers a flowchart from 100 in step order when nothing is numbered, skipping terminals', () => {
    const figure = FigureSchema.parse({
      kind: 'flowchart',
      elements: [
        { id: 'st', label: 'START', kind: 'terminal' },
        { id: 'a', label: 'A', kind: 'step' },
        { id: 'q', label: 'Q?', kind: 'decision' },
        { id: 'en', label: 'END', kind: 'terminal' },
      ],
    })
    expect([...numberParts(figure).byId]).toEqual([
      ['a', '100'],
      ['q', '102'],
    ])
  })

  it('keeps the numerals given and invents none beside them', () => {
    const figure = FigureSchema.parse({
      kind: 'block-diagram',
      elements: [
        { id: 'a', label: 'A', kind: 'block' },
        { id: 'b', label: 'B', kind: 'block', numeral: '304' },
      ],
    })
    const numbering = numberParts(figure)
    expect([...numbering.byId]).toEqual([['b', '304']])
    expect(numbering.warnings.join()).toMatch(/not A/)
  })
})
