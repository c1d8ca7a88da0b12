// The PDF writer: the shared cases through a small PDF reader (xref, page, inflated content),
// then PDF-specific checks (MediaBox from the DPI, operators, dots, arcs as cubics).

import { describe, expect, it } from 'vitest'
import type { Point, VectorDrawing } from '../../src/engines/vector'
import { PAGE_SIZE_PT, type PdfPage, sightRect } from '../../src/lib/filing-sheet'
import { DEFAULT_DRAWING_DPI, WRITERS, writePdf } from '../../src/writers'
import {
  arc,
  BLACK,
  CASES,
  HEIGHT,
  line,
  path,
  type ReadBack,
  type ReadBackLayer,
  type ReadBackPath,
  sampleCubic,
  sampleLine,
  WIDTH,
  withDensity,
  writerCases,
} from './writers.case'

/** A file parsed the way a reader does: from startxref through the xref table to each object. */
interface ParsedPdf {
  text: string
  objects: Map<number, string>
  trailer: string
  /** The inflated content stream of the one page. */
  content: string
  mediaBox: number[]
}

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('')

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

async function parsePdf(bytes: Uint8Array): Promise<ParsedPdf> {
  const text = latin1(bytes)
  expect(text.startsWith('%PDF-1.4\n')).toBe(true)
  const tail = /startxref\n(\d+)\n%%EOF\n$/.exec(text)
  expect(tail, 'startxref and %%EOF at the end').not.toBeNull()
  const xrefAt = Number(tail![1])
  const head = /^xref\n0 (\d+)\n/.exec(text.slice(xrefAt))
  expect(head, 'xref table at startxref').not.toBeNull()
  const count = Number(head![1])
  const entriesAt = xrefAt + head![0].length
  expect(text.slice(entriesAt, entriesAt + 20)).toBe('0000000000 65535 f \n')
  const objects = new Map<number, string>()
  for (let n = 1; n < count; n++) {
    const entry = text.slice(entriesAt + n * 20, entriesAt + (n + 1) * 20)
    expect(entry).toMatch(/^\d{10} 00000 n \n$/)
    const offset = Number(entry.slice(0, 10))
    expect(text.startsWith(`${n} 0 obj\n`, offset), `object ${n} at its xref offset`).toBe(true)
    objects.set(n, text.slice(offset, text.indexOf('\nendobj\n', offset)))
  }
  const trailer = text.slice(text.indexOf('trailer\n', entriesAt), tail!.index)
  expect(trailer).toMatch(new RegExp(`/Size ${count}\\b`))
  const root = Number(/\/Root (\d+) 0 R/.exec(trailer)![1])
  const pages = Number(/\/Pages (\d+) 0 R/.exec(objects.get(root)!)![1])
  const kids = /\/Kids \[(\d+) 0 R\]/.exec(objects.get(pages)!)
  expect(kids, 'one page').not.toBeNull()
  const page = objects.get(Number(kids![1]))!
  expect(page).toContain('/Type /Page')
  const mediaBox = /\/MediaBox \[([^\]]*)\]/.exec(page)![1]!.split(' ').map(Number)
  const contents = Number(/\/Contents (\d+) 0 R/.exec(page)![1])
  const stream = objects.get(contents)!
  expect(stream).toContain('/Filter /FlateDecode')
  const length = Number(/\/Length (\d+)/.exec(stream)![1])
  const dataAt = text.indexOf('stream\n', xrefOffsetOf(text, contents)) + 'stream\n'.length
  expect(text.slice(dataAt + length, dataAt + length + 10)).toBe('\nendstream')
  const content = latin1(await inflate(bytes.subarray(dataAt, dataAt + length)))
  return { text, objects, trailer, content, mediaBox }
}

/** Byte offset of object `n`'s header. */
function xrefOffsetOf(text: string, n: number): number {
  return text.indexOf(`\n${n} 0 obj\n`) + 1
}

/** One operator with its operands, as the content stream holds them. */
interface Op {
  operator: string
  operands: number[]
}

const OPERATORS = new Set([
  'cm',
  're',
  'W',
  'n',
  'w',
  'J',
  'j',
  'RG',
  'rg',
  'm',
  'l',
  'c',
  'h',
  'S',
  'f*',
])

function operators(content: string): Op[] {
  const ops: Op[] = []
  let operands: number[] = []
  for (const token of content.split(/\s+/).filter(Boolean)) {
    if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(token)) operands.push(Number(token))
    else {
      expect(OPERATORS, `operator ${token}`).toContain(token)
      ops.push({ operator: token, operands })
      operands = []
    }
  }
  expect(operands, 'no operands after the last operator').toEqual([])
  return ops
}

/** Densities the writer uses: the drawing's, or the 300 DPI default. */
function dpi(drawing: VectorDrawing): { x: number; y: number } {
  return drawing.density ?? { x: DEFAULT_DRAWING_DPI, y: DEFAULT_DRAWING_DPI }
}

async function readPdf(bytes: Uint8Array, drawing: VectorDrawing): Promise<ReadBack> {
  const parsed = await parsePdf(bytes)
  const { x: dx, y: dy } = dpi(drawing)
  const pageHeight = parsed.mediaBox[3]!
  // Content → page points through the CTM, then page points → source pixels at the known DPI.
  let ctm = [1, 0, 0, 1, 0, 0]
  const toPx = (x: number, y: number): Point => {
    const [a, b, c, d, e, f] = ctm as [number, number, number, number, number, number]
    const px = a * x + c * y + e
    const py = b * x + d * y + f
    return { x: (px * dx) / 72, y: ((pageHeight - py) * dy) / 72 }
  }
  const layers: ReadBackLayer[] = []
  let width = 0
  let stroke = { r: -1, g: -1, b: -1 }
  let fill = { r: -1, g: -1, b: -1 }
  let paths: ReadBackPath[] = []
  let current: ReadBackPath | null = null
  let at: Point = { x: 0, y: 0 }
  let start: Point = at
  const rgb = (v: number[]) => ({
    r: Math.round(v[0]! * 255),
    g: Math.round(v[1]! * 255),
    b: Math.round(v[2]! * 255),
  })
  for (const { operator, operands: o } of operators(parsed.content)) {
    switch (operator) {
      case 'cm':
        expect(layers, 'cm before any painting').toHaveLength(0)
        ctm = o
        break
      case 'w':
        width = o[0]!
        break
      case 'J':
      case 'j':
        expect(o, `${operator}: round`).toEqual([1])
        break
      case 'RG':
        stroke = rgb(o)
        break
      case 'rg':
        fill = rgb(o)
        break
      case 'm':
        at = toPx(o[0]!, o[1]!)
        start = at
        current = { closed: false, points: [at] }
        paths.push(current)
        break
      case 'l': {
        const to = toPx(o[0]!, o[1]!)
        sampleLine(current!.points, at, to)
        at = to
        break
      }
      case 'c': {
        const to = toPx(o[4]!, o[5]!)
        sampleCubic(current!.points, at, toPx(o[0]!, o[1]!), toPx(o[2]!, o[3]!), to)
        at = to
        break
      }
      case 'h':
        sampleLine(current!.points, at, start)
        current!.closed = true
        at = start
        break
      case 'S':
        layers.push({ kind: 'stroke', color: stroke, width, paths })
        paths = []
        break
      case 'f*':
        layers.push({ kind: 'fill', color: fill, paths })
        paths = []
        break
    }
  }
  expect(paths, 'every path painted').toEqual([])
  expect(parsed.mediaBox.slice(0, 2)).toEqual([0, 0])
  return {
    width: (parsed.mediaBox[2]! * dx) / 72,
    height: (pageHeight * dy) / 72,
    layers,
  }
}

const drawingOf = (layers: VectorDrawing['layers'], density?: VectorDrawing['density']) =>
  withDensity({ width: WIDTH, height: HEIGHT, layers }, density)

describe('writers/pdf', () => {
  writerCases({
    write: WRITERS.pdf.write,
    read: readPdf,
    // 0.01 px rounding, plus arcs as cubics within 0.005 px.
    tolerancePx: 0.02,
  })

  it('is registered as application/pdf with extension pdf when looked up in WRITERS', () => {
    expect(WRITERS.pdf).toMatchObject({ format: 'pdf', mime: 'application/pdf', extension: 'pdf' })
  })

  it('sizes the page from the density when the drawing has one', async () => {
    const { mediaBox, content } = await parsePdf(
      await writePdf(withDensity(CASES['a closed square']!, { x: 300, y: 150 })),
    )
    expect(mediaBox).toEqual([0, 0, (WIDTH * 72) / 300, (HEIGHT * 72) / 150])
    expect(operators(content)[0]).toEqual({
      operator: 'cm',
      operands: [0.24, 0, 0, -0.48, 0, (HEIGHT * 72) / 150],
    })
  })

  it('sizes the page at 300 dpi when the drawing has no density', async () => {
    const { mediaBox } = await parsePdf(await writePdf(CASES['a closed square']!))
    expect(DEFAULT_DRAWING_DPI).toBe(300)
    expect(mediaBox).toEqual([0, 0, 28.8, 21.6])
  })

  it('names the producer and writes no fonts, images or scripts when given every case', async () => {
    for (const drawing of Object.values(CASES)) {
      const { text, trailer, objects } = await parsePdf(await writePdf(drawing))
      const info = Number(/\/Info (\d+) 0 R/.exec(trailer)![1])
      expect(objects.get(info)).toContain('/Producer (Figure API)')
      const structure = [...objects.values()].join('\n').replace(/stream\n[\s\S]*?\nendstream/g, '')
      expect(structure).not.toMatch(
        /\/Font|\/Image|\/XObject|\/JavaScript|\/JS\b|\/OpenAction|\/AA\b/,
      )
      expect(text).toContain('/Resources << >>')
    }
  })

  it('strokes with the layer width, round caps and joins, then S, when the layer is a stroke', async () => {
    const { content } = await parsePdf(await writePdf(CASES['two stroke widths']!))
    const ops = operators(content).map((o) => `${o.operands.join(' ')} ${o.operator}`.trim())
    expect(ops).toEqual([
      expect.stringMatching(/ cm$/),
      '1 w',
      '1 J',
      '1 j',
      '0 0 0 RG',
      '10 20 m',
      '110 20 l',
      'S',
      '4.5 w',
      '1 J',
      '1 j',
      '0.784 0.118 0.039 RG',
      '10 60 m',
      '110 60 l',
      '110 80 l',
      'S',
    ])
  })

  it('closes every subpath and fills even-odd when the layer is a fill', async () => {
    const { content } = await parsePdf(await writePdf(CASES['a fill layer with a hole']!))
    const ops = operators(content).map((o) => o.operator)
    expect(ops.filter((o) => o === 'h')).toHaveLength(2)
    expect(ops.filter((o) => o === 'm')).toHaveLength(2)
    expect(ops.at(-1)).toBe('f*')
    expect(ops).toContain('rg')
    expect(ops).not.toContain('S')
    expect(ops).not.toContain('w')
  })

  it('draws a dot as a zero-length line when a path has no segments', async () => {
    const { content } = await parsePdf(await writePdf(CASES.dots!))
    expect(content).toContain('60 45 m\n60 45 l\n')
    expect(content).toContain('90.25 20.5 m\n90.25 20.5 l\n')
    expect(content).toMatch(/1 J 1 j/)
  })

  it('splits arcs into cubics of at most 90° when an arc turns more than 180°', async () => {
    const drawing = drawingOf([
      { kind: 'stroke', color: BLACK, width: 1, paths: [path(20, 30, [arc(60, 30, 1)])] },
      { kind: 'stroke', color: BLACK, width: 1, paths: [path(70, 40, [arc(100, 40, 2)])] },
    ])
    const ops = operators((await parsePdf(await writePdf(drawing))).content)
    const cubicsPerLayer = [0, 0]
    let layer = 0
    for (const o of ops) {
      if (o.operator === 'c') cubicsPerLayer[layer]!++
      if (o.operator === 'S') layer++
    }
    // 180° → at least 2 pieces; 4·atan(2) = 253° → at least 3.
    expect(cubicsPerLayer[0]).toBeGreaterThanOrEqual(2)
    expect(cubicsPerLayer[1]).toBeGreaterThanOrEqual(3)
    expect(ops.some((o) => o.operator === 'l')).toBe(false)
  })

  it('gives the same bytes when the same drawing is written twice', async () => {
    const a = await writePdf(CASES.cubics!)
    const b = await writePdf(CASES.cubics!)
    expect(a).toEqual(b)
  })

  it('throws a RangeError when the drawing has no area', async () => {
    await expect(writePdf({ width: 10, height: Number.NaN, layers: [] })).rejects.toThrow(
      RangeError,
    )
  })
  it('maps pixel (0, 0) to the top-left corner of the page when y is flipped', async () => {
    const drawing = drawingOf([{ kind: 'stroke', color: BLACK, width: 1, paths: [path(0, 0, [])] }])
    const { content, mediaBox } = await parsePdf(await writePdf(drawing))
    const [cm] = operators(content)
    expect(cm!.operands[4]).toBe(0)
    expect(cm!.operands[5]).toBe(mediaBox[3])
  })

  describe('on a filing sheet', () => {
    /** A portrait drawing with a frame stroke on its edges and a filled ring inside. */
    const sheetDrawing = (
      width: number,
      height: number,
      density?: VectorDrawing['density'],
    ): VectorDrawing =>
      withDensity(
        {
          width,
          height,
          layers: [
            {
              kind: 'fill',
              color: BLACK,
              paths: [
                path(width * 0.2, height * 0.2, [arc(width * 0.8, height * 0.2, 1)], true),
                path(width * 0.4, height * 0.3, [arc(width * 0.6, height * 0.3, 1)], true),
              ],
            },
            {
              kind: 'stroke',
              color: BLACK,
              width: 4,
              paths: [
                path(
                  0,
                  0,
                  [line(width, 0), line(width, height), line(0, height), line(0, 0)],
                  true,
                ),
              ],
            },
          ],
        },
        density,
      )

    /** The page points of every path point, through the content's `cm`. */
    function pagePoints(content: string): { x: number; y: number }[] {
      const ops = operators(content)
      const [a, b, c, d, e, f] = ops[0]!.operands as [
        number,
        number,
        number,
        number,
        number,
        number,
      ]
      const out: { x: number; y: number }[] = []
      for (const { operator, operands } of ops.slice(1)) {
        if (!['m', 'l', 'c', 're'].includes(operator)) continue
        const pairs =
          operator === 're'
            ? [
                [operands[0]!, operands[1]!],
                [operands[0]! + operands[2]!, operands[1]! + operands[3]!],
              ]
            : Array.from({ length: operands.length / 2 }, (_, k) => [
                operands[2 * k]!,
                operands[2 * k + 1]!,
              ])
        for (const [x, y] of pairs) out.push({ x: a * x! + c * y! + e, y: b * x! + d * y! + f })
      }
      return out
    }

    function expectInsideSight(points: { x: number; y: number }[], page: PdfPage): void {
      const sight = sightRect(page)
      for (const p of points) {
        expect(p.x).toBeGreaterThanOrEqual(sight.x - 1e-3)
        expect(p.x).toBeLessThanOrEqual(sight.x + sight.width + 1e-3)
        expect(p.y).toBeGreaterThanOrEqual(sight.y - 1e-3)
        expect(p.y).toBeLessThanOrEqual(sight.y + sight.height + 1e-3)
      }
    }

    const bounds = (points: { x: number; y: number }[]) => ({
      left: Math.min(...points.map((p) => p.x)),
      right: Math.max(...points.map((p) => p.x)),
      bottom: Math.min(...points.map((p) => p.y)),
      top: Math.max(...points.map((p) => p.y)),
    })

    it('writes an A4 or Letter MediaBox and the drawing at 72/dpi in the sight when it fits', async () => {
      for (const [page, size] of [
        ['a4', [595.28, 841.89]],
        ['letter', [612, 792]],
      ] as const) {
        for (const density of [{ x: 300, y: 300 }, { x: 600, y: 600 }, undefined]) {
          const drawing = sheetDrawing(1200, 1500, density)
          const warnings: string[] = []
          const { mediaBox, content } = await parsePdf(
            await writePdf(drawing, { page, onWarning: (w) => warnings.push(w) }),
          )
          expect(mediaBox[2]).toBeCloseTo(size[0], 2)
          expect(mediaBox[3]).toBeCloseTo(size[1], 2)
          const dpi = density?.x ?? 300
          const [cm] = operators(content)
          expect(cm!.operands.slice(0, 4)).toEqual([72 / dpi, 0, 0, -72 / dpi])
          const points = pagePoints(content)
          expectInsideSight(points, page)
          // The frame's top-left corner on the sight's top-left corner.
          const sight = sightRect(page)
          const box = bounds(points)
          expect(box.left).toBeCloseTo(sight.x, 3)
          expect(box.top).toBeCloseTo(sight.y + sight.height, 3)
          expect(box.right - box.left).toBeCloseTo((1200 * 72) / dpi, 3)
          expect(warnings).toEqual([])
        }
      }
    })

    it('clips to the drawing’s frame so pen widths at its edges stay out of the margins', async () => {
      const { content } = await parsePdf(
        await writePdf(sheetDrawing(1200, 1500, { x: 300, y: 300 }), { page: 'a4' }),
      )
      expect(content.split('\n').slice(1, 2)).toEqual(['0 0 1200 1500 re W n'])
      const plain = await parsePdf(await writePdf(sheetDrawing(1200, 1500, { x: 300, y: 300 })))
      expect(plain.content).not.toContain(' re ')
    })

    it('turns a landscape drawing a quarter counter-clockwise, its top on the page’s left', async () => {
      const drawing = sheetDrawing(1500, 1000, { x: 300, y: 300 })
      const { content, mediaBox } = await parsePdf(await writePdf(drawing, { page: 'a4' }))
      expect(mediaBox.slice(2)).toEqual([PAGE_SIZE_PT.a4.width, PAGE_SIZE_PT.a4.height])
      const [cm] = operators(content)
      // x runs up the page, y (down the drawing) runs right: [0 s s 0 e f] at s = 72/300.
      expect(cm!.operands.slice(0, 4)).toEqual([0, 0.24, 0.24, 0])
      const points = pagePoints(content)
      expectInsideSight(points, 'a4')
      const box = bounds(points)
      expect(box.top - box.bottom).toBeCloseTo(1500 * 0.24, 3)
      expect(box.right - box.left).toBeCloseTo(1000 * 0.24, 3)
      const sight = sightRect('a4')
      expect(box.left).toBeCloseTo(sight.x, 3)
      expect(box.top).toBeCloseTo(sight.y + sight.height, 3)
    })

    it('shrinks a drawing larger than the sight to fit, and warns with the scale', async () => {
      // 3000 × 4000 px at 300 DPI is 25.4 × 33.9 cm; the A4 sight is 17.0 × 26.2 cm.
      const drawing = sheetDrawing(3000, 4000, { x: 300, y: 300 })
      const warnings: string[] = []
      const { content } = await parsePdf(
        await writePdf(drawing, { page: 'a4', onWarning: (w) => warnings.push(w) }),
      )
      const scale = Math.min(17.0 / 25.4, 26.2 / ((4000 / 300) * 2.54))
      const [cm] = operators(content)
      expect(cm!.operands[0]).toBeCloseTo(0.24 * scale, 6)
      expectInsideSight(pagePoints(content), 'a4')
      expect(warnings).toEqual([
        `At 300 DPI the drawing is 25.4 × 33.9 cm, larger than the A4 sheet's 17.0 × 26.2 cm sight: it is printed at ${(scale * 100).toFixed(1)} % of that size (about ${Math.round(300 / scale)} DPI)`,
      ])
    })

    it('names the sight as a landscape drawing sees it when one is shrunk', async () => {
      const warnings: string[] = []
      await WRITERS.pdf.parts(sheetDrawing(4000, 1000, { x: 300, y: 300 }), {
        page: 'letter',
        onWarning: (w) => warnings.push(w),
      })
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(
        /^At 300 DPI the drawing is 33\.9 × 8\.5 cm, larger than the Letter sheet's 24\.4 × 17\.6 cm sight \(the sheet turned for a landscape drawing\): it is printed at 72\.0 % of that size/,
      )
    })

    it('keeps today’s page-fits-drawing file, byte for byte, when no page is asked for', async () => {
      const drawing = sheetDrawing(1200, 1500, { x: 300, y: 300 })
      expect(await writePdf(drawing, {})).toEqual(await writePdf(drawing))
      expect((await parsePdf(await writePdf(drawing))).mediaBox).toEqual([0, 0, 288, 360])
    })

    it('throws a RangeError when the page is not a4 or letter', async () => {
      await expect(writePdf(sheetDrawing(10, 10), { page: 'a3' as PdfPage })).rejects.toThrow(
        'Expected a4 or letter for page but received a3',
      )
    })
  })
})
