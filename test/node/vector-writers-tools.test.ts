// The vector writers' files checked by real readers under Node: qpdf (structure), poppler's
// pdftoppm (the PDF renders, ink where the drawing is), ezdxf's audit through /usr/bin/python3
// (the DXF loads with no errors and no fixes, and its geometry lands where the model's does), and
// resvg (the SVG renders the same ink). Each tool test skips, naming what is missing, when the
// tool is not installed.

import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import type { VectorDrawing } from '../../src/engines/vector'
import { writeDxf, writePdf, writeSvg } from '../../src/writers'
import {
  arc,
  BLACK,
  BLUE,
  CASES,
  cubic,
  DENSITIES,
  densityLabel,
  line,
  path,
  sampleModelPath,
  withDensity,
} from '../writers/writers.case'

const TOOLS = {
  qpdf: ['/usr/bin/qpdf', 'qpdf'],
  pdftoppm: ['/usr/bin/pdftoppm', 'poppler-utils'],
  python3: ['/usr/bin/python3', 'python3'],
} as const
type Tool = keyof typeof TOOLS
type Skip = (condition: boolean, note?: string) => void

const work = mkdtempSync(join(tmpdir(), 'vector-writers-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function need(skip: Skip, ...tools: Tool[]): void {
  const missing = tools.filter((tool) => !existsSync(TOOLS[tool][0]))
  skip(
    missing.length > 0,
    `skipped: ${missing.map((t) => `${TOOLS[t][0]} (Debian: ${TOOLS[t][1]})`).join(', ')} not installed`,
  )
}

/** Skips unless /usr/bin/python3 can import ezdxf. */
function needEzdxf(skip: Skip): void {
  need(skip, 'python3')
  const probe = spawnSync(TOOLS.python3[0], ['-c', 'import ezdxf'])
  skip(probe.status !== 0, 'skipped: the ezdxf module is not installed (Debian: python3-ezdxf)')
}

function run(tool: Tool, args: string[]): string {
  const result = spawnSync(TOOLS[tool][0], args, { maxBuffer: 1 << 28 })
  if (result.status !== 0) {
    throw new Error(`${tool} ${args.join(' ')} exited ${result.status}: ${result.stderr}`)
  }
  return result.stdout.toString()
}

function save(name: string, bytes: Uint8Array | string): string {
  const file = join(work, name)
  writeFileSync(file, bytes)
  return file
}

/** Every case at every density, with a file-safe name. */
const ALL = Object.entries(CASES).flatMap(([name, base]) =>
  DENSITIES.map((density) => ({
    name: `${name} (${densityLabel(density)})`,
    file: `${name}-${densityLabel(density)}`.replace(/[^\w]+/g, '_'),
    drawing: withDensity(base, density),
  })),
)

// ---------------------------------------------------------------------------------------------
// A drawing to render: at 72 DPI one pixel is one point, so pdftoppm -r 72 draws it 1:1.
// ---------------------------------------------------------------------------------------------

const SQUARE = { left: 40, top: 30, right: 160, bottom: 130 }
const RENDER: VectorDrawing = {
  width: 320,
  height: 200,
  density: { x: 72, y: 72 },
  layers: [
    {
      kind: 'fill',
      color: BLUE,
      paths: [
        path(190, 40, [line(290, 40), line(290, 160), line(190, 160), line(190, 40)], true),
        path(220, 80, [line(260, 80), line(260, 120), line(220, 120), line(220, 80)], true),
      ],
    },
    {
      kind: 'stroke',
      color: BLACK,
      width: 4,
      paths: [
        path(
          SQUARE.left,
          SQUARE.top,
          [
            line(SQUARE.right, SQUARE.top),
            line(SQUARE.right, SQUARE.bottom),
            line(SQUARE.left, SQUARE.bottom),
            line(SQUARE.left, SQUARE.top),
          ],
          true,
        ),
        path(70, 170, [arc(130, 170, -1)]),
        path(60, 60, [cubic(80, 40, 120, 100, 140, 60)]),
        path(100, 100, []),
      ],
    },
  ],
}

/** RGB pixels of a render. */
interface Render {
  width: number
  height: number
  px: Uint8Array
  channels: number
}

const at = (r: Render, x: number, y: number) => {
  const i = (Math.round(y) * r.width + Math.round(x)) * r.channels
  return [r.px[i]!, r.px[i + 1]!, r.px[i + 2]!] as const
}
const luma = (r: Render, x: number, y: number) => {
  const [red, green, blue] = at(r, x, y)
  return 0.299 * red + 0.587 * green + 0.114 * blue
}

/** Checks ink against {@link RENDER}: edges, dot, arc and fill dark or blue; hole and corners white. */
function expectRenderedInk(r: Render): void {
  expect([r.width, r.height]).toEqual([RENDER.width, RENDER.height])
  const { left, top, right, bottom } = SQUARE
  // Every edge of the square, sampled along its middle.
  for (let t = 0.1; t < 1; t += 0.1) {
    const x = left + (right - left) * t
    const y = top + (bottom - top) * t
    expect(luma(r, x, top), `top edge at x ${x}`).toBeLessThan(96)
    expect(luma(r, x, bottom), `bottom edge at x ${x}`).toBeLessThan(96)
    expect(luma(r, left, y), `left edge at y ${y}`).toBeLessThan(96)
    expect(luma(r, right, y), `right edge at y ${y}`).toBeLessThan(96)
  }
  // Inside the square, away from the cubic and the dot: paper.
  expect(luma(r, 60, 110)).toBeGreaterThan(200)
  // The dot: a disc of the pen's 4 px width.
  expect(luma(r, 100, 100)).toBeLessThan(96)
  expect(luma(r, 100, 106)).toBeGreaterThan(200)
  // Bulge −1 from (70, 170) to (130, 170) turns clockwise on screen: over the top, through
  // (100, 140); the bottom side (100, 200) stays paper (it is off the page anyway).
  expect(luma(r, 100, 140)).toBeLessThan(96)
  expect(luma(r, 100, 160)).toBeGreaterThan(200)
  // The fill and its hole (even-odd).
  const [red, green, blue] = at(r, 205, 60)
  expect(Math.abs(red - BLUE.r) + Math.abs(green - BLUE.g) + Math.abs(blue - BLUE.b)).toBeLessThan(
    12,
  )
  expect(luma(r, 240, 100)).toBeGreaterThan(240)
  // No ink near the page corners.
  for (const [cx, cy] of [
    [0, 0],
    [r.width - 1, 0],
    [0, r.height - 1],
    [r.width - 1, r.height - 1],
  ] as const) {
    for (let dy = 0; dy < 10; dy++) {
      for (let dx = 0; dx < 10; dx++) {
        const x = cx === 0 ? dx : cx - dx
        const y = cy === 0 ? dy : cy - dy
        expect(luma(r, x, y), `corner pixel (${x}, ${y})`).toBeGreaterThan(250)
      }
    }
  }
}

describe('writers under real readers', () => {
  it('passes qpdf --check when every case is written as PDF', async ({ skip }) => {
    need(skip, 'qpdf')
    for (const { name, file, drawing } of ALL) {
      const pdf = save(`${file}.pdf`, await writePdf(drawing))
      expect(run('qpdf', ['--check', pdf]), name).toContain(
        'No syntax or stream encoding errors found',
      )
    }
  })

  it('passes qpdf --check when the drawing is put on an A4 or a Letter sheet', async ({ skip }) => {
    need(skip, 'qpdf')
    for (const page of ['a4', 'letter'] as const) {
      const pdf = save(`render-${page}.pdf`, await writePdf(RENDER, { page }))
      expect(run('qpdf', ['--check', pdf]), page).toContain(
        'No syntax or stream encoding errors found',
      )
    }
  })

  it('renders ink on the square, the arc, the dot and the fill, and none at the corners, when pdftoppm draws the PDF at 72 dpi', async ({
    skip,
  }) => {
    need(skip, 'pdftoppm')
    const pdf = save('render.pdf', await writePdf(RENDER))
    run('pdftoppm', ['-r', '72', '-png', '-singlefile', pdf, join(work, 'render')])
    const { data, info } = await sharp(readFileSync(join(work, 'render.png')))
      .raw()
      .toBuffer({ resolveWithObject: true })
    expectRenderedInk({
      width: info.width,
      height: info.height,
      channels: info.channels,
      px: new Uint8Array(data),
    })
  })

  it('renders the same ink when resvg draws the SVG', async () => {
    const require = createRequire(import.meta.url)
    await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm'))).catch(
      (error: Error) => {
        // Already initialized by an earlier run in this worker.
        if (!/already/i.test(error.message)) throw error
      },
    )
    const svg = writeSvg(RENDER)
    // 1 px per viewBox unit, on white: the page a PDF viewer shows.
    const image = new Resvg(svg, {
      fitTo: { mode: 'width', value: RENDER.width },
      background: 'white',
    }).render()
    expectRenderedInk({
      width: image.width,
      height: image.height,
      channels: 4,
      px: image.pixels,
    })
  })

  it('loads every DXF in ezdxf with no audit errors and no fixes, with the model geometry in place', ({
    skip,
  }) => {
    needEzdxf(skip)
    const files = ALL.map(({ file, drawing }) => save(`${file}.dxf`, writeDxf(drawing)))
    const script = `
import json, sys, ezdxf
from ezdxf import bbox
out = []
for name in sys.argv[1:]:
    doc = ezdxf.readfile(name)
    auditor = doc.audit()
    boxes = []
    for e in doc.modelspace():
        b = bbox.extents([e])
        boxes.append([e.dxftype(), e.dxf.layer, b.extmin.x, b.extmin.y, b.extmax.x, b.extmax.y])
    out.append({
        "errors": [str(x.message) for x in auditor.errors],
        "fixes": [str(x.message) for x in auditor.fixes],
        "version": doc.dxfversion,
        "insunits": doc.header.get("$INSUNITS"),
        "entities": boxes,
    })
print(json.dumps(out))
`
    const reports = JSON.parse(run('python3', ['-c', script, ...files])) as {
      errors: string[]
      fixes: string[]
      version: string
      insunits: number
      entities: [string, string, number, number, number, number][]
    }[]
    ALL.forEach(({ name, drawing }, i) => {
      const report = reports[i]!
      expect(report.errors, `${name}: audit errors`).toEqual([])
      expect(report.fixes, `${name}: audit fixes`).toEqual([])
      expect(report.version).toBe('AC1015')
      // Millimetres always: at the density, or at 300 DPI without one.
      expect(report.insunits).toBe(4)
      const dpi = drawing.density ?? { x: 300, y: 300 }
      const sx = 25.4 / dpi.x
      const sy = 25.4 / dpi.y
      // Each entity's extents, mapped back to pixels, match its model path's bounding box: a
      // LWPOLYLINE per stroke path, a HATCH per filled region (the cases' fill layer is one
      // outline with its hole, so one HATCH with the outline's box).
      const expected = drawing.layers.flatMap((layer) =>
        layer.kind === 'fill'
          ? [{ type: 'HATCH', points: sampleModelPath(layer.paths[0]!, true) }]
          : layer.paths.map((p) => ({ type: 'LWPOLYLINE', points: sampleModelPath(p, p.closed) })),
      )
      expect(report.entities, name).toHaveLength(expected.length)
      report.entities.forEach(([type, , x0, y0, x1, y1], j) => {
        expect(type).toBe(expected[j]!.type)
        const xs = expected[j]!.points.map((p) => p.x)
        const ys = expected[j]!.points.map((p) => p.y)
        const what = `${name}: entity ${j}`
        const slack = 0.15
        expect(Math.abs(x0 / sx - Math.min(...xs)), `${what} left`).toBeLessThan(slack)
        expect(Math.abs(x1 / sx - Math.max(...xs)), `${what} right`).toBeLessThan(slack)
        expect(Math.abs(drawing.height - y1 / sy - Math.min(...ys)), `${what} top`).toBeLessThan(
          slack,
        )
        expect(Math.abs(drawing.height - y0 / sy - Math.max(...ys)), `${what} bottom`).toBeLessThan(
          slack,
        )
      })
    })
  })
})
