// The DXF writer: the shared cases through a tag-by-tag reader (./dxf-reader.ts), then
// DXF-specific checks (units, y flip, bulges, biarcs, HATCH regions and loops, layers, handles
// and owners), some through dxf-parser, a reader we did not write.

import DxfParser from 'dxf-parser'
import { describe, expect, it } from 'vitest'
import type { Point, Rgb, VectorDrawing } from '../../src/engines/vector'
import { WRITERS, writeDxf } from '../../src/writers'
import { type DxfHatch, dxfGroups, pixelPoints, readDxfFile } from './dxf-reader'
import {
  arc,
  BLACK,
  BLUE,
  CASES,
  cubic,
  DENSITIES,
  densityLabel,
  HEIGHT,
  hausdorff,
  line,
  path,
  RED,
  type ReadBack,
  type ReadBackPath,
  SQUARE,
  sampleModelPath,
  WIDTH,
  withDensity,
  writerCases,
} from './writers.case'

/** Millimetres per pixel, as the writer documents them: 25.4 / dpi, 300 DPI when none. */
function scale(drawing: VectorDrawing): { sx: number; sy: number; height: number } {
  const d = drawing.density ?? { x: 300, y: 300 }
  return { sx: 25.4 / d.x, sy: 25.4 / d.y, height: drawing.height }
}

interface Parsed {
  header: Record<string, unknown>
  entities: {
    type: string
    layer: string
    shape?: boolean
    handle?: string
    ownerHandle?: string
    vertices: { x: number; y: number; bulge?: number }[]
  }[]
}

/** The file as dxf-parser (a reader we did not write) sees it; it skips HATCH entities. */
function parse(text: string): Parsed {
  return new DxfParser().parseSync(text) as unknown as Parsed
}

/** Vertices and bulges as dxf-parser gives them, sampled into points in pixels (y down). */
function polylinePoints(
  vertices: Parsed['entities'][0]['vertices'],
  closed: boolean,
  drawing: VectorDrawing,
): Point[] {
  return pixelPoints(
    vertices.map((v) => ({ x: v.x, y: v.y, bulge: v.bulge ?? 0 })),
    closed,
    scale(drawing),
  )
}

/** The shared cases' reader: stroke layers from LWPOLYLINEs, fill layers from HATCH loops. */
async function readDxf(bytes: Uint8Array, drawing: VectorDrawing): Promise<ReadBack> {
  const file = readDxfFile(new TextDecoder().decode(bytes))
  const { sx, sy } = scale(drawing)
  const extmax = file.header.get('$EXTMAX')!.map(Number)
  return {
    width: extmax[0]! / sx,
    height: extmax[1]! / sy,
    layers: file.layers
      .filter((l) => l.name !== '0')
      .map(({ name, rgb }) => {
        const entities = file.entities.filter((e) => e.layer === name)
        const paths: ReadBackPath[] = entities.flatMap((e) =>
          e.type === 'LWPOLYLINE'
            ? [{ closed: e.closed, points: pixelPoints(e.vertices, e.closed, scale(drawing)) }]
            : e.loops.map((loop) => ({
                closed: loop.closed,
                points: pixelPoints(loop.vertices, true, scale(drawing)),
              })),
        )
        const color = { r: rgb >> 16, g: (rgb >> 8) & 255, b: rgb & 255 }
        return name.startsWith('FILL_')
          ? { kind: 'fill' as const, color, paths }
          : { kind: 'stroke' as const, color, paths }
      }),
  }
}

const text = (drawing: VectorDrawing) => writeDxf(drawing)
const drawingOf = (layers: VectorDrawing['layers'], density?: VectorDrawing['density']) =>
  withDensity({ width: WIDTH, height: HEIGHT, layers }, density)
const strokeLayer = (paths: ReturnType<typeof path>[], width = 2, color: Rgb = BLACK) => ({
  kind: 'stroke' as const,
  color,
  width,
  paths,
})
const fillLayer = (paths: ReturnType<typeof path>[], color: Rgb = BLUE) => ({
  kind: 'fill' as const,
  color,
  paths,
})
/** A closed axis-aligned rectangle path. */
const rect = (x0: number, y0: number, x1: number, y1: number) =>
  path(x0, y0, [line(x1, y0), line(x1, y1), line(x0, y1), line(x0, y0)], true)

const hatches = (out: string) =>
  readDxfFile(out).entities.filter((e): e is DxfHatch => e.type === 'HATCH')

/** A loop's box back in pixels: [left, top, right, bottom]. */
function loopBox(loop: DxfHatch['loops'][0], drawing: VectorDrawing): number[] {
  const points = pixelPoints(loop.vertices, true, scale(drawing))
  const xs = points.map((p) => p.x)
  const ys = points.map((p) => p.y)
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map(
    (v) => Math.round(v * 100) / 100,
  )
}

describe('writers/dxf', () => {
  writerCases({
    write: WRITERS.dxf.write,
    read: readDxf,
    // Biarcs within 0.1 px, plus coordinates rounded to 0.0001 mm.
    tolerancePx: 0.105,
  })

  it('is registered as image/vnd.dxf with extension dxf when looked up in WRITERS', () => {
    expect(WRITERS.dxf).toMatchObject({ format: 'dxf', mime: 'image/vnd.dxf', extension: 'dxf' })
  })

  it('writes $INSUNITS 4 (millimetres) whether the drawing has a density or not', () => {
    for (const density of DENSITIES) {
      const header = readDxfFile(text(withDensity(CASES['a closed square']!, density))).header
      expect(header.get('$INSUNITS'), densityLabel(density)).toEqual(['4'])
      expect(header.get('$MEASUREMENT'), densityLabel(density)).toEqual(['1'])
      const blockUnits = records(text(withDensity(CASES.dots!, density)), 'BLOCK_RECORD')
      expect(blockUnits.map((r) => first(r, 70))).toEqual(['4', '4'])
    }
  })

  it('writes R2000 in millimetres from the density when the drawing has one', () => {
    const dxf = parse(text(withDensity(CASES['a closed square']!, { x: 300, y: 150 })))
    expect(dxf.header.$ACADVER).toBe('AC1015')
    expect(dxf.header.$INSUNITS).toBe(4)
    expect(dxf.header.$EXTMIN).toEqual({ x: 0, y: 0, z: 0 })
    const extmax = dxf.header.$EXTMAX as { x: number; y: number }
    expect(extmax.x).toBeCloseTo((WIDTH / 300) * 25.4, 4)
    expect(extmax.y).toBeCloseTo((HEIGHT / 150) * 25.4, 4)
  })

  it('writes millimetres at 300 DPI, and says so, when the drawing has no density', () => {
    const out = text(CASES['a closed square']!)
    const dxf = parse(out)
    expect(dxf.header.$INSUNITS).toBe(4)
    const extmax = dxf.header.$EXTMAX as { x: number; y: number }
    expect(extmax.x).toBeCloseTo((WIDTH / 300) * 25.4, 4)
    expect(extmax.y).toBeCloseTo((HEIGHT / 300) * 25.4, 4)
    expect(dxfGroups(out)[0]).toEqual([
      999,
      'Figure API vector drawing; millimetres at 300 DPI (assumed: the source had none), y up',
    ])
  })

  it('flips y and scales to mm when the square is written at 300 dpi', () => {
    const dxf = parse(text(withDensity(CASES['a closed square']!, { x: 300, y: 300 })))
    const [square] = dxf.entities
    expect(square!.type).toBe('LWPOLYLINE')
    expect(square!.shape).toBe(true)
    const mm = (px: number) => (px * 25.4) / 300
    const expected = [
      [SQUARE.left, SQUARE.top],
      [SQUARE.right, SQUARE.top],
      [SQUARE.right, SQUARE.bottom],
      [SQUARE.left, SQUARE.bottom],
    ].map(([x, y]) => ({ x: mm(x!), y: mm(HEIGHT - y!) }))
    expect(square!.vertices).toHaveLength(4)
    square!.vertices.forEach((v, i) => {
      expect(v.x).toBeCloseTo(expected[i]!.x, 4)
      expect(v.y).toBeCloseTo(expected[i]!.y, 4)
      expect(v.bulge).toBeUndefined()
    })
  })

  it('keeps the model bulges on the arcs’ first vertices when the axes scale alike', () => {
    const dxf = parse(
      text(withDensity(CASES['arcs of 180°, more than 180° and clockwise']!, { x: 300, y: 300 })),
    )
    const bulges = dxf.entities.map((e) => e.vertices.map((v) => v.bulge ?? 0))
    expect(bulges).toEqual([
      [1, 0],
      [2, 0],
      [-0.4, 0, 0],
      [1, 1],
    ])
    expect(dxf.entities.map((e) => e.shape === true)).toEqual([false, false, false, true])
  })

  it('puts a positive-bulge half circle on the same side as on screen when parsed back', () => {
    // Counterclockwise on screen from (20, 30) to (60, 30) passes (40, 50), below the chord.
    const drawing = drawingOf([strokeLayer([path(20, 30, [arc(60, 30, 1)])])])
    const [e] = parse(text(drawing)).entities
    const points = polylinePoints(e!.vertices, false, drawing)
    expect(Math.max(...points.map((p) => p.y))).toBeCloseTo(50, 2)
    expect(Math.min(...points.map((p) => p.y))).toBeCloseTo(30, 2)
  })

  it('writes cubics as arcs, never SPLINE entities, when a drawing has cubics', () => {
    const out = text(CASES.cubics!)
    expect(out).not.toMatch(/\n(SPLINE|POLYLINE|VERTEX)\n/)
    const dxf = parse(out)
    expect(dxf.entities.map((e) => e.type)).toEqual(['LWPOLYLINE', 'LWPOLYLINE', 'LWPOLYLINE'])
    for (const e of dxf.entities) {
      expect(e.vertices.some((v) => (v.bulge ?? 0) !== 0)).toBe(true)
    }
  })

  it('fits a quarter-circle cubic with one biarc when the cubic is the standard circle approximation', () => {
    const k = 0.5522847498 * 40
    const drawing = drawingOf([
      strokeLayer([path(60, 10, [cubic(60 + k, 10, 100, 50 - k, 100, 50)])]),
    ])
    const [e] = parse(text(drawing)).entities
    expect(e!.vertices).toHaveLength(3)
    const model = sampleModelPath(drawing.layers[0]!.paths[0]!, false)
    expect(hausdorff(model, polylinePoints(e!.vertices, false, drawing))).toBeLessThan(0.1)
  })

  it('stays within 0.1 px of a cubic with a loop-like overshoot when fitted', () => {
    const drawing = drawingOf([strokeLayer([path(10, 80, [cubic(110, 10, 10, 10, 110, 80)])])])
    const [e] = parse(text(drawing)).entities
    const model = sampleModelPath(drawing.layers[0]!.paths[0]!, false)
    expect(hausdorff(model, polylinePoints(e!.vertices, false, drawing))).toBeLessThanOrEqual(0.101)
  })

  it('writes a dot as two coincident vertices when a path has no segments', () => {
    const dxf = parse(text(withDensity(CASES.dots!, { x: 300, y: 300 })))
    expect(dxf.entities).toHaveLength(2)
    for (const e of dxf.entities) {
      expect(e.shape).toBe(false)
      expect(e.vertices).toHaveLength(2)
      expect(e.vertices[0]).toEqual(e.vertices[1])
    }
  })

  it('writes a filled ring as one solid HATCH with its hole as an inner loop, and no outline polyline', () => {
    for (const density of DENSITIES) {
      const drawing = withDensity(CASES['a fill layer with a hole']!, density)
      const file = readDxfFile(text(drawing))
      expect(file.entities.map((e) => e.type)).toEqual(['HATCH'])
      const [hatch] = hatches(text(drawing))
      expect(hatch).toMatchObject({
        layer: 'FILL_336699',
        subclasses: ['AcDbEntity', 'AcDbHatch'],
        pattern: 'SOLID',
        solid: true,
        associative: false,
        style: 0,
        patternType: 1,
        seeds: 0,
      })
      // External + polyline for the outline; polyline + outermost for the hole.
      expect(hatch!.loops.map((l) => [l.flags, l.closed, l.hasBulge, l.vertices.length])).toEqual([
        [3, true, false, 4],
        [18, true, false, 4],
      ])
      expect(loopBox(hatch!.loops[0]!, drawing)).toEqual([10, 10, 110, 80])
      expect(loopBox(hatch!.loops[1]!, drawing)).toEqual([40, 30, 80, 60])
    }
  })

  it('gives each region its own HATCH when regions nest: an island in a hole, and a shape apart', () => {
    // Path order scrambled on purpose: the hole of the island, the outline, the shape apart, the
    // island, the outline's hole.
    const drawing = drawingOf([
      fillLayer([
        rect(40, 30, 60, 50),
        rect(5, 5, 95, 85),
        rect(100, 10, 115, 20),
        rect(30, 20, 70, 60),
        rect(20, 10, 80, 70),
      ]),
    ])
    const found = hatches(text(drawing)).map((h) => h.loops.map((l) => loopBox(l, drawing)))
    expect(found).toEqual([
      [
        [5, 5, 95, 85],
        [20, 10, 80, 70],
      ],
      [[100, 10, 115, 20]],
      [
        [30, 20, 70, 60],
        [40, 30, 60, 50],
      ],
    ])
    for (const h of hatches(text(drawing))) {
      expect(h.loops.map((l) => l.flags)).toEqual([3, ...h.loops.slice(1).map(() => 18)])
    }
  })

  it('writes a bulge for every vertex of a loop with arcs, and none in a loop of lines', () => {
    // A disc of two half circles with a square hole.
    const drawing = drawingOf(
      [fillLayer([path(20, 45, [arc(100, 45, 1), arc(20, 45, 1)], true), rect(50, 35, 70, 55)])],
      { x: 300, y: 300 },
    )
    const out = text(drawing)
    const [hatch] = hatches(out)
    expect(hatch!.loops.map((l) => l.hasBulge)).toEqual([true, false])
    expect(hatch!.loops[0]!.vertices.map((v) => v.bulge)).toEqual([1, 1])
    // Groups 72 1 then 42 after every vertex of the disc's loop, as the reader insisted.
    const disc = pixelPoints(hatch!.loops[0]!.vertices, true, scale(drawing))
    expect(Math.min(...disc.map((p) => p.y))).toBeCloseTo(5, 2)
    expect(Math.max(...disc.map((p) => p.y))).toBeCloseTo(85, 2)
  })

  it('leaves out fill paths that enclose nothing: a dot and a line folded back', () => {
    const drawing = drawingOf([
      fillLayer([
        path(5, 5, []),
        path(10, 10, [line(30, 10), line(10, 10)], true),
        rect(40, 40, 60, 60),
      ]),
    ])
    const found = hatches(text(drawing))
    expect(found).toHaveLength(1)
    expect(found[0]!.loops.map((l) => loopBox(l, drawing))).toEqual([[40, 40, 60, 60]])
    expect(readDxfFile(text(drawing)).entities).toHaveLength(1)
  })

  it('names, colours and weighs layers when strokes and fills are mixed', () => {
    const drawing = drawingOf(
      [
        strokeLayer([path(1, 1, [line(5, 5)])], 2),
        fillLayer([path(1, 1, [line(5, 1), line(5, 5)], true)]),
        strokeLayer([path(1, 1, [line(5, 5)])], 4.5, RED),
        fillLayer([]),
      ],
      { x: 300, y: 300 },
    )
    const file = readDxfFile(text(drawing))
    expect(file.layers).toEqual([
      { name: '0', aci: 7, rgb: 0, lineweight: -3 },
      // 2 px at 300 dpi = 0.169 mm → 0.18 mm.
      { name: 'LINES', aci: 7, rgb: 0, lineweight: 18 },
      { name: 'FILL_336699', aci: 8, rgb: 0x336699, lineweight: -3 },
      // 4.5 px at 300 dpi = 0.381 mm → 0.40 mm.
      { name: 'LINES_2', aci: 1, rgb: 0xc81e0a, lineweight: 40 },
      { name: 'FILL_336699_2', aci: 8, rgb: 0x336699, lineweight: -3 },
    ])
    expect(file.entities.map((e) => [e.type, e.layer])).toEqual([
      ['LWPOLYLINE', 'LINES'],
      ['HATCH', 'FILL_336699'],
      ['LWPOLYLINE', 'LINES_2'],
    ])
  })

  it('weighs strokes at 300 DPI when the drawing has no density', () => {
    const file = readDxfFile(text(CASES['two stroke widths']!))
    // 1 px = 0.085 mm → 0.09; 4.5 px = 0.381 mm → 0.40.
    expect(file.layers.map((l) => l.lineweight)).toEqual([-3, 9, 40])
  })

  it('gives every object a unique handle below $HANDSEED and every entity the model space as owner', () => {
    const drawing = drawingOf([
      ...CASES['arcs of 180°, more than 180° and clockwise']!.layers,
      ...CASES['a fill layer with a hole']!.layers,
    ])
    const out = text(drawing)
    const all = dxfGroups(out)
    // Handles of objects: code 5 (105 in DIMSTYLE), except $HANDSEED's own value in the header.
    const handles = all
      .filter(([code], i) => (code === 5 || code === 105) && all[i - 1]?.[1] !== '$HANDSEED')
      .map(([, v]) => v)
    expect(new Set(handles).size).toBe(handles.length)
    const seed = Number.parseInt(parse(out).header.$HANDSEED as string, 16)
    for (const h of handles) expect(Number.parseInt(h, 16)).toBeLessThan(seed)
    const modelSpace = records(out, 'BLOCK_RECORD').find((r) => first(r, 2) === '*Model_Space')!
    const entities = readDxfFile(out).entities
    expect(entities.map((e) => e.type)).toEqual([...Array(4).fill('LWPOLYLINE'), 'HATCH'])
    for (const e of entities) {
      expect(e.owner).toBe(first(modelSpace, 5))
      expect(e.subclasses).toEqual([
        'AcDbEntity',
        e.type === 'HATCH' ? 'AcDbHatch' : 'AcDbPolyline',
      ])
    }
    const sections = all.filter(([code], i) => code === 2 && all[i - 1]?.[1] === 'SECTION')
    expect(sections.map(([, v]) => v)).toEqual([
      'HEADER',
      'CLASSES',
      'TABLES',
      'BLOCKS',
      'ENTITIES',
      'OBJECTS',
    ])
    expect(all.at(-1)).toEqual([0, 'EOF'])
  })

  it('throws a RangeError when the density is not positive', () => {
    expect(() => writeDxf(drawingOf([], { x: 0, y: 300 }))).toThrow(RangeError)
  })
})

/** The records (0 … up to the next 0) of one type, as code → values. */
function records(out: string, type: string): Map<number, string[]>[] {
  const found: Map<number, string[]>[] = []
  let current: Map<number, string[]> | null = null
  for (const [code, value] of dxfGroups(out)) {
    if (code === 0) {
      current = value === type ? new Map() : null
      if (current) found.push(current)
      continue
    }
    if (current) current.set(code, [...(current.get(code) ?? []), value])
  }
  return found
}

function first(record: Map<number, string[]>, code: number): string | undefined {
  return record.get(code)?.[0]
}
