// The DXF drawn back against the SVG writer's file: both read back from their own text (HATCH
// loops and LWPOLYLINE bulges through ./dxf-reader.ts, path data through ./svg-reader.ts),
// rasterized at 4 samples per pixel (even-odd fills, strokes at the DXF lineweight and the SVG
// stroke-width), and compared layer by layer.

import { describe, expect, it } from 'vitest'
import type { Point, VectorDrawing, VectorPath } from '../../src/engines/vector'
import { writeDxf, writeSvg } from '../../src/writers'
import { iou, rasterizeLayer } from '../support/rasterize-vector'
import { pixelPoints, readDxfFile } from './dxf-reader'
import { elements, parsePathData } from './svg-reader'
import { arc, BLACK, BLUE, cubic, line, path, RED } from './writers.case'

/** Raster samples per pixel along each axis. */
const K = 4
const W = 200
const H = 150

/** Sampled points (pixels) as a path of lines in raster units. */
function pathOf(points: readonly Point[], closed: boolean): VectorPath {
  const [start, ...rest] = points.map((p) => ({ x: p.x * K, y: p.y * K }))
  return { start: start!, segments: rest.map((to) => ({ kind: 'line' as const, to })), closed }
}

/** Each layer's coverage as a CAD program fills it: every HATCH even-odd, strokes at lineweight. */
function renderDxf(text: string, drawing: VectorDrawing): Uint8Array[] {
  const dpi = drawing.density ?? { x: 300, y: 300 }
  const scale = { sx: 25.4 / dpi.x, sy: 25.4 / dpi.y, height: drawing.height }
  const file = readDxfFile(text)
  return file.layers
    .filter((l) => l.name !== '0')
    .map((layer) => {
      const mask = new Uint8Array(W * K * H * K)
      const add = (m: Uint8Array) => {
        for (let i = 0; i < mask.length; i++) mask[i]! |= m[i]!
      }
      const strokes: VectorPath[] = []
      for (const e of file.entities.filter((x) => x.layer === layer.name)) {
        if (e.type === 'HATCH') {
          const paths = e.loops.map((l) => pathOf(pixelPoints(l.vertices, true, scale), true))
          add(rasterizeLayer({ kind: 'fill', color: BLACK, paths }, W * K, H * K))
        } else strokes.push(pathOf(pixelPoints(e.vertices, e.closed, scale), e.closed))
      }
      if (strokes.length > 0) {
        // Lineweight in 1/100 mm, back to pixels.
        const width = (layer.lineweight / 100 / scale.sx) * K
        add(rasterizeLayer({ kind: 'stroke', color: BLACK, width, paths: strokes }, W * K, H * K))
      }
      return mask
    })
}

/** Each <path>'s coverage as an SVG renderer fills it. */
function renderSvg(text: string): Uint8Array[] {
  return elements(text).paths.map((a) => {
    const paths = parsePathData(a.d!).map((s) => pathOf(s.points, s.closed))
    return a.fill === 'none'
      ? rasterizeLayer(
          { kind: 'stroke', color: BLACK, width: Number(a['stroke-width']) * K, paths },
          W * K,
          H * K,
        )
      : rasterizeLayer({ kind: 'fill', color: BLACK, paths }, W * K, H * K)
  })
}

/**
 * A filled ring (a circle of two arcs with a circular hole of four cubics), a filled shape with
 * an arc and a cubic, and strokes (a polyline with an arc and a cubic, a closed square, a dot).
 */
function drawing(penPx: number, density?: VectorDrawing['density']): VectorDrawing {
  const k = 0.5522847498 * 20
  return {
    width: W,
    height: H,
    ...(density ? { density } : {}),
    layers: [
      {
        kind: 'fill',
        color: BLUE,
        paths: [
          path(15, 70, [arc(105, 70, 1), arc(15, 70, 1)], true),
          path(
            80,
            70,
            [
              cubic(80, 70 + k, 60 + k, 90, 60, 90),
              cubic(60 - k, 90, 40, 70 + k, 40, 70),
              cubic(40, 70 - k, 60 - k, 50, 60, 50),
              cubic(60 + k, 50, 80, 70 - k, 80, 70),
            ],
            true,
          ),
        ],
      },
      {
        kind: 'fill',
        color: RED,
        paths: [
          path(
            120,
            30,
            [line(170, 30), arc(170, 80, -1), line(120, 80), cubic(100, 70, 100, 40, 120, 30)],
            true,
          ),
        ],
      },
      {
        kind: 'stroke',
        color: BLACK,
        width: penPx,
        paths: [
          path(10, 140, [line(60, 140), arc(100, 140, 0.5), cubic(120, 120, 150, 150, 190, 130)]),
          path(130, 95, [line(180, 95), line(180, 120), line(130, 120)], true),
          path(20, 20, []),
        ],
      },
    ],
  }
}

describe('writers/dxf rendered against the SVG writer', () => {
  // Pens on a standard lineweight, so that CAD draws the width the SVG has: 3 px at 254 DPI is
  // 0.30 mm; without a density the DXF is at 300 DPI, where 0.25 mm is 2.9528 px.
  for (const [label, pen, density] of [
    ['at 254 DPI', 3, { x: 254, y: 254 }],
    ['without a density', (0.25 / 25.4) * 300, undefined],
  ] as const) {
    it(`covers what the SVG covers, IoU ≥ 0.98 per layer, ${label}`, () => {
      const d = drawing(pen, density)
      const dxf = renderDxf(writeDxf(d), d)
      const svg = renderSvg(writeSvg(d))
      expect(dxf).toHaveLength(3)
      expect(svg).toHaveLength(3)
      const scores = dxf.map((mask, i) => iou(mask, svg[i]!))
      for (const [i, score] of scores.entries()) {
        expect(score, `layer ${i} IoU`).toBeGreaterThanOrEqual(0.98)
      }
      // The ring's hole is empty in both: the centre of the cubic circle.
      const centre = 70 * K * W * K + 60 * K
      expect([dxf[0]![centre], svg[0]![centre]]).toEqual([0, 0])
    })
  }
})
