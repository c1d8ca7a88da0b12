// A small SVG reader for the writer tests: the SVG writer's elements and path data back to
// sampled subpaths in pixels (SVG 1.1 §8.3 path grammar, §F.6.5 arcs), for the shared cases and
// for the DXF writer's render comparison.

import { expect } from 'vitest'
import type { Point, Rgb } from '../../src/engines/vector'
import { type ReadBack, type ReadBackPath, sampleCubic, sampleLine } from './writers.case'

/** Attributes of one start tag. */
export function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) out[m[1]!] = m[2]!
  return out
}

/** The <svg> element's and each <path> element's attributes. */
export function elements(text: string): {
  svg: Record<string, string>
  paths: Record<string, string>[]
} {
  const svg = /<svg\b([^>]*)>/.exec(text)
  expect(svg).not.toBeNull()
  return {
    svg: attributes(svg![1]!),
    paths: [...text.matchAll(/<path\b([^>]*)\/>/g)].map((m) => attributes(m[1]!)),
  }
}

/** One command of parsed path data, absolute, with its arguments as written. */
export interface Command {
  letter: string
  args: number[]
}

/** A subpath: its points (sampled), its vertices (command end points) and its arcs' flags. */
export interface ParsedSubpath extends ReadBackPath {
  vertices: Point[]
  commands: Command[]
}

const ARG_COUNT: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, a: 7, z: 0 }

/**
 * A small SVG path-data parser (SVG 1.1 §8.3): M L H V C A Z, absolute and relative, implicit
 * repeats, numbers run together ("1-2", ".5.5"). Samples every subpath into points.
 */
export function parsePathData(d: string): ParsedSubpath[] {
  const pattern = /[a-zA-Z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g
  expect(d.replace(pattern, '').replace(/[\s,]/g, ''), 'only commands and numbers').toBe('')
  const tokens = d.match(pattern) ?? []
  const subpaths: ParsedSubpath[] = []
  let current: ParsedSubpath | null = null
  let x = 0
  let y = 0
  let startX = 0
  let startY = 0
  let letter = ''
  let i = 0
  while (i < tokens.length) {
    const token = tokens[i]!
    if (/[a-zA-Z]/.test(token)) {
      letter = token
      i++
      if (letter.toLowerCase() === 'z') {
        expect(current, 'z inside a subpath').not.toBeNull()
        sampleLine(current!.points, { x, y }, { x: startX, y: startY })
        current!.closed = true
        current!.commands.push({ letter: 'Z', args: [] })
        x = startX
        y = startY
        continue
      }
    } else if (letter === 'M' || letter === 'm') {
      letter = letter === 'M' ? 'L' : 'l'
    }
    const lower = letter.toLowerCase()
    const count = ARG_COUNT[lower]
    if (count === undefined) throw new Error(`unexpected command ${letter}`)
    const args = tokens.slice(i, i + count).map(Number)
    expect(args, `${letter} arguments`).toHaveLength(count)
    i += count
    const rel = letter === lower
    const ox = rel ? x : 0
    const oy = rel ? y : 0
    const from = { x, y }
    switch (lower) {
      case 'm':
        x = ox + args[0]!
        y = oy + args[1]!
        startX = x
        startY = y
        current = { closed: false, points: [{ x, y }], vertices: [{ x, y }], commands: [] }
        subpaths.push(current)
        break
      case 'l':
        x = ox + args[0]!
        y = oy + args[1]!
        break
      case 'h':
        x = ox + args[0]!
        break
      case 'v':
        y = oy + args[0]!
        break
      case 'c': {
        const [a, b, c, e, f, g] = args as [number, number, number, number, number, number]
        x = ox + f
        y = oy + g
        sampleCubic(
          current!.points,
          from,
          { x: ox + a, y: oy + b },
          { x: ox + c, y: oy + e },
          {
            x,
            y,
          },
        )
        break
      }
      case 'a': {
        x = ox + args[5]!
        y = oy + args[6]!
        sampleSvgArc(current!.points, from, { x, y }, args)
        break
      }
    }
    if (lower !== 'm') {
      expect(current, `${letter} after a moveto`).not.toBeNull()
      if (lower === 'l' || lower === 'h' || lower === 'v')
        sampleLine(current!.points, from, { x, y })
      current!.vertices.push({ x, y })
      current!.commands.push({ letter: letter.toUpperCase(), args })
    }
  }
  return subpaths
}

/** Samples an SVG elliptical arc (circular here) via the centre parameterization (SVG §F.6.5). */
function sampleSvgArc(out: Point[], from: Point, to: Point, args: number[]): void {
  let r = args[0]!
  expect(args[1]).toBe(r)
  expect(args[2]).toBe(0)
  const large = args[3]!
  const sweep = args[4]!
  expect([0, 1]).toContain(large)
  expect([0, 1]).toContain(sweep)
  const hx = (from.x - to.x) / 2
  const hy = (from.y - to.y) / 2
  const lambda = (hx * hx + hy * hy) / (r * r)
  if (lambda > 1) r *= Math.sqrt(lambda)
  const num = r * r * r * r - r * r * (hy * hy + hx * hx)
  const coef =
    (large !== sweep ? 1 : -1) * Math.sqrt(Math.max(0, num / (r * r * (hy * hy + hx * hx))))
  const cxp = coef * hy
  const cyp = -coef * hx
  const cx = cxp + (from.x + to.x) / 2
  const cy = cyp + (from.y + to.y) / 2
  const start = Math.atan2(hy - cyp, hx - cxp)
  let delta = Math.atan2(-hy - cyp, -hx - cxp) - start
  if (sweep === 0 && delta > 0) delta -= 2 * Math.PI
  if (sweep === 1 && delta < 0) delta += 2 * Math.PI
  const n = Math.max(2, Math.ceil((Math.abs(delta) * r) / 0.2))
  for (let k = 1; k < n; k++) {
    const t = start + (delta * k) / n
    out.push({ x: cx + r * Math.cos(t), y: cy + r * Math.sin(t) })
  }
  out.push(to)
}

function hexColor(text: string | undefined): Rgb {
  expect(text).toMatch(/^#[0-9a-f]{6}$/)
  const n = Number.parseInt(text!.slice(1), 16)
  return { r: n >> 16, g: (n >> 8) & 255, b: n & 255 }
}

export async function readSvg(bytes: Uint8Array): Promise<ReadBack> {
  const text = new TextDecoder().decode(bytes)
  const { svg, paths } = elements(text)
  const viewBox = svg.viewBox!.split(' ').map(Number)
  expect(viewBox.slice(0, 2)).toEqual([0, 0])
  return {
    width: viewBox[2]!,
    height: viewBox[3]!,
    layers: paths.map((a) => {
      const subpaths = parsePathData(a.d!).map(({ closed, points }) => ({ closed, points }))
      return a.fill === 'none'
        ? {
            kind: 'stroke' as const,
            color: hexColor(a.stroke),
            width: Number(a['stroke-width']),
            paths: subpaths,
          }
        : { kind: 'fill' as const, color: hexColor(a.fill), paths: subpaths }
    }),
  }
}
