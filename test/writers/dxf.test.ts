// The DXF writer: the shared cases through dxf-parser, then DXF-specific checks (header and
// units, y flip, bulges, biarcs, layers, handles and owners).

import DxfParser from 'dxf-parser'
import { describe, expect, it } from 'vitest'
import type { Point, Rgb, VectorDrawing } from '../../src/engines/vector'
import { WRITERS, writeDxf } from '../../src/writers'
import {
  arc,
  BLACK,
  BLUE,
  CASES,
  cubic,
  HEIGHT,
  hausdorff,
  line,
  path,
  RED,
  type ReadBack,
  type ReadBackPath,
  SQUARE,
  sampleBulgeYUp,
  sampleModelPath,
  WIDTH,
  withDensity,
  writerCases,
} from './writers.case'

/** Drawing units per pixel, as the writer documents them: mm (25.4 / dpi) or pixels. */
function scale(drawing: VectorDrawing): { sx: number; sy: number } {
  const d = drawing.density
  return d === undefined ? { sx: 1, sy: 1 } : { sx: 25.4 / d.x, sy: 25.4 / d.y }
}

/** Every (group code, value) pair of the file, in order. */
function groups(text: string): [number, string][] {
  const lines = text.split('\n')
  expect(lines.at(-1), 'a final line end').toBe('')
  const out: [number, string][] = []
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const code = Number(lines[i]!.trim())
    expect(Number.isInteger(code), `group code on line ${i + 1}`).toBe(true)
    out.push([code, lines[i + 1]!])
  }
  return out
}

/** The records (0 … up to the next 0) of one type, as code → values. */
function records(text: string, type: string): Map<number, string[]>[] {
  const out: Map<number, string[]>[] = []
  let current: Map<number, string[]> | null = null
  for (const [code, value] of groups(text)) {
    if (code === 0) {
      current = value === type ? new Map() : null
      if (current) out.push(current)
      continue
    }
    if (current) current.set(code, [...(current.get(code) ?? []), value])
  }
  return out
}

const first = (record: Map<number, string[]>, code: number) => record.get(code)?.[0]

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

function parse(text: string): Parsed {
  return new DxfParser().parseSync(text) as unknown as Parsed
}

/** Vertices and bulges (DXF frame, y up) sampled into points in pixels (y down). */
function polylinePoints(
  vertices: Parsed['entities'][0]['vertices'],
  closed: boolean,
  drawing: VectorDrawing,
): Point[] {
  const { sx, sy } = scale(drawing)
  const up: Point[] = [{ x: vertices[0]!.x, y: vertices[0]!.y }]
  const n = vertices.length
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const a = vertices[i]!
    const b = vertices[(i + 1) % n]!
    sampleBulgeYUp(up, a, b, a.bulge ?? 0)
  }
  return up.map((p) => ({ x: p.x / sx, y: drawing.height - p.y / sy }))
}

async function readDxf(bytes: Uint8Array, drawing: VectorDrawing): Promise<ReadBack> {
  const text = new TextDecoder().decode(bytes)
  const dxf = parse(text)
  const { sx, sy } = scale(drawing)
  const extmax = dxf.header.$EXTMAX as { x: number; y: number }
  const layers = records(text, 'LAYER')
    .map((r) => ({ name: first(r, 2)!, color: Number(first(r, 420)) }))
    .filter((l) => l.name !== '0')
  return {
    width: extmax.x / sx,
    height: extmax.y / sy,
    layers: layers.map(({ name, color }) => ({
      kind: name.startsWith('FILL_') ? ('fill' as const) : ('stroke' as const),
      color: { r: color >> 16, g: (color >> 8) & 255, b: color & 255 },
      paths: dxf.entities
        .filter((e) => e.layer === name)
        .map(
          (e): ReadBackPath => ({
            closed: e.shape === true,
            points: polylinePoints(e.vertices, e.shape === true, drawing),
          }),
        ),
    })),
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

describe('writers/dxf', () => {
  writerCases({
    write: WRITERS.dxf.write,
    read: readDxf,
    // Biarcs within 0.1 px, plus coordinates rounded to 0.001 px or 0.0001 mm.
    tolerancePx: 0.105,
  })

  it('is registered as image/vnd.dxf with extension dxf when looked up in WRITERS', () => {
    expect(WRITERS.dxf).toMatchObject({ format: 'dxf', mime: 'image/vnd.dxf', extension: 'dxf' })
  })

  it('writes R2000 in millimetres ($INSUNITS 4) when the drawing has a density', () => {
    const dxf = parse(text(withDensity(CASES['a closed square']!, { x: 300, y: 150 })))
    expect(dxf.header.$ACADVER).toBe('AC1015')
    expect(dxf.header.$INSUNITS).toBe(4)
    expect(dxf.header.$MEASUREMENT).toBe(1)
    expect(dxf.header.$EXTMIN).toEqual({ x: 0, y: 0, z: 0 })
    const extmax = dxf.header.$EXTMAX as { x: number; y: number }
    expect(extmax.x).toBeCloseTo((WIDTH / 300) * 25.4, 4)
    expect(extmax.y).toBeCloseTo((HEIGHT / 150) * 25.4, 4)
  })

  it('writes pixel units ($INSUNITS 0) when the drawing has no density', () => {
    const dxf = parse(text(CASES['a closed square']!))
    expect(dxf.header.$INSUNITS).toBe(0)
    expect(dxf.header.$EXTMAX).toEqual({ x: WIDTH, y: HEIGHT, z: 0 })
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

  it('names, colours and weighs layers when strokes and fills are mixed', () => {
    const drawing = drawingOf(
      [
        strokeLayer([path(1, 1, [line(5, 5)])], 2),
        { kind: 'fill', color: BLUE, paths: [path(1, 1, [line(5, 1), line(5, 5)], true)] },
        strokeLayer([path(1, 1, [line(5, 5)])], 4.5, RED),
        { kind: 'fill', color: BLUE, paths: [] },
      ],
      { x: 300, y: 300 },
    )
    const layers = records(text(drawing), 'LAYER').map((r) => ({
      name: first(r, 2),
      aci: Number(first(r, 62)),
      rgb: Number(first(r, 420)),
      weight: Number(first(r, 370)),
    }))
    expect(layers).toEqual([
      { name: '0', aci: 7, rgb: 0, weight: -3 },
      // 2 px at 300 dpi = 0.169 mm → 0.18 mm.
      { name: 'LINES', aci: 7, rgb: 0, weight: 18 },
      { name: 'FILL_336699', aci: 8, rgb: 0x336699, weight: -3 },
      // 4.5 px at 300 dpi = 0.381 mm → 0.40 mm.
      { name: 'LINES_2', aci: 1, rgb: 0xc81e0a, weight: 40 },
      { name: 'FILL_336699_2', aci: 8, rgb: 0x336699, weight: -3 },
    ])
    const entities = parse(text(drawing)).entities
    expect(entities.map((e) => e.layer)).toEqual(['LINES', 'FILL_336699', 'LINES_2'])
  })

  it('uses the default lineweight when the drawing has no density', () => {
    const weights = records(text(CASES['two stroke widths']!), 'LAYER').map((r) => first(r, 370))
    expect(weights).toEqual(['-3', '-3', '-3'])
  })

  it('gives every object a unique handle below $HANDSEED and every entity the model space as owner', () => {
    const out = text(CASES['arcs of 180°, more than 180° and clockwise']!)
    const all = groups(out)
    // Handles of objects: code 5 (105 in DIMSTYLE), except $HANDSEED's own value in the header.
    const handles = all
      .filter(([code], i) => (code === 5 || code === 105) && all[i - 1]?.[1] !== '$HANDSEED')
      .map(([, v]) => v)
    expect(new Set(handles).size).toBe(handles.length)
    const seed = Number.parseInt(parse(out).header.$HANDSEED as string, 16)
    for (const h of handles) expect(Number.parseInt(h, 16)).toBeLessThan(seed)
    const modelSpace = records(out, 'BLOCK_RECORD').find((r) => first(r, 2) === '*Model_Space')!
    for (const e of records(out, 'LWPOLYLINE')) {
      expect(first(e, 330)).toBe(first(modelSpace, 5))
      expect(e.get(100)).toEqual(['AcDbEntity', 'AcDbPolyline'])
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
