// A small DXF reader for the writer tests, independent of the writer's code: the file's groups in
// order, its LAYER records, and its LWPOLYLINE and HATCH entities read tag by tag in the order the
// DXF Reference gives (so a tag out of place fails), then brought back to pixels (y down).

import { expect } from 'vitest'
import type { Point } from '../../src/engines/vector'
import { sampleBulgeYUp } from './writers.case'

/** Every (group code, value) pair of the file, in order. */
export function dxfGroups(text: string): [number, string][] {
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

/** A vertex in drawing units with the bulge of the segment it starts (0 when not written). */
export interface DxfVertex {
  x: number
  y: number
  bulge: number
}

/** One HATCH boundary path (polyline form). */
export interface DxfLoop {
  /** Group 92: 1 external, 2 polyline, 16 outermost. */
  flags: number
  hasBulge: boolean
  closed: boolean
  vertices: DxfVertex[]
}

/** The entity fields the tests look at. */
interface DxfEntityBase {
  handle: string
  owner: string
  layer: string
  /** The subclass markers (100) in order. */
  subclasses: string[]
}

export interface DxfPolyline extends DxfEntityBase {
  type: 'LWPOLYLINE'
  closed: boolean
  vertices: DxfVertex[]
}

export interface DxfHatch extends DxfEntityBase {
  type: 'HATCH'
  pattern: string
  solid: boolean
  associative: boolean
  loops: DxfLoop[]
  /** Group 75: 0 odd parity, 1 outermost, 2 ignore. */
  style: number
  patternType: number
  seeds: number
}

export type DxfEntity = DxfPolyline | DxfHatch

export interface DxfLayer {
  name: string
  aci: number
  rgb: number
  lineweight: number
}

export interface DxfFile {
  /** Header variables by name, each its values as written. */
  header: Map<string, string[]>
  layers: DxfLayer[]
  entities: DxfEntity[]
}

/** Reads the header, the layers and the entities (other entity types fail the test). */
export function readDxfFile(text: string): DxfFile {
  const all = dxfGroups(text)
  const header = new Map<string, string[]>()
  const layers: DxfLayer[] = []
  const entities: DxfEntity[] = []
  let section = ''
  let i = 0
  while (i < all.length) {
    const [code, value] = all[i]!
    if (code === 0 && value === 'SECTION') {
      section = all[i + 1]![1]
      i += 2
      continue
    }
    if (section === 'HEADER' && code === 9) {
      const values: string[] = []
      for (i++; i < all.length && all[i]![0] !== 9 && all[i]![0] !== 0; i++) values.push(all[i]![1])
      header.set(value, values)
      continue
    }
    if (section === 'TABLES' && code === 0 && value === 'LAYER') {
      const record = new Map<number, string>()
      for (i++; all[i]![0] !== 0; i++) record.set(all[i]![0], all[i]![1])
      layers.push({
        name: record.get(2)!,
        aci: Number(record.get(62)),
        rgb: Number(record.get(420)),
        lineweight: Number(record.get(370)),
      })
      continue
    }
    if (section === 'ENTITIES' && code === 0 && value !== 'ENDSEC') {
      const end = all.findIndex(([c], k) => k > i && c === 0)
      entities.push(readEntity(value, all.slice(i + 1, end)))
      i = end
      continue
    }
    i++
  }
  return { header, layers, entities }
}

/** A cursor over one entity's groups that insists on each code in turn. */
class Tags {
  #at = 0
  constructor(readonly groups: [number, string][]) {}

  peek(): number | undefined {
    return this.groups[this.#at]?.[0]
  }

  take(code: number): string {
    const group = this.groups[this.#at]
    expect(group?.[0], `group ${code} at tag ${this.#at}`).toBe(code)
    this.#at++
    return group![1]
  }

  number(code: number): number {
    return Number(this.take(code))
  }

  done(): boolean {
    return this.#at === this.groups.length
  }
}

function readEntity(type: string, groups: [number, string][]): DxfEntity {
  const t = new Tags(groups)
  const handle = t.take(5)
  const owner = t.take(330)
  const subclasses = [t.take(100)]
  const layer = t.take(8)
  subclasses.push(t.take(100))
  const base = { handle, owner, layer, subclasses }
  if (type === 'LWPOLYLINE') {
    const count = t.number(90)
    const closed = t.number(70) === 1
    const vertices: DxfVertex[] = []
    for (let k = 0; k < count; k++) {
      const x = t.number(10)
      const y = t.number(20)
      vertices.push({ x, y, bulge: t.peek() === 42 ? t.number(42) : 0 })
    }
    expect(t.done(), 'LWPOLYLINE ends after its vertices').toBe(true)
    return { type, ...base, closed, vertices }
  }
  expect(type, 'entity type').toBe('HATCH')
  for (const code of [10, 20, 30]) expect(t.number(code), 'elevation').toBe(0)
  expect([t.number(210), t.number(220), t.number(230)], 'extrusion').toEqual([0, 0, 1])
  const pattern = t.take(2)
  const solid = t.number(70) === 1
  const associative = t.number(71) === 1
  const loops: DxfLoop[] = []
  const loopCount = t.number(91)
  for (let k = 0; k < loopCount; k++) {
    const flags = t.number(92)
    expect(flags & 2, 'a polyline boundary path').toBe(2)
    const hasBulge = t.number(72) === 1
    const closed = t.number(73) === 1
    const count = t.number(93)
    const vertices: DxfVertex[] = []
    for (let v = 0; v < count; v++) {
      const x = t.number(10)
      const y = t.number(20)
      vertices.push({ x, y, bulge: hasBulge ? t.number(42) : 0 })
    }
    expect(t.number(97), 'no source boundary objects').toBe(0)
    loops.push({ flags, hasBulge, closed, vertices })
  }
  const style = t.number(75)
  const patternType = t.number(76)
  const seeds = t.number(98)
  expect(t.done(), 'HATCH ends after its seed points').toBe(true)
  return {
    type: 'HATCH',
    ...base,
    pattern,
    solid,
    associative,
    loops,
    style,
    patternType,
    seeds,
  }
}

/**
 * A polyline or loop (drawing units, y up) sampled into points in pixels (y down), through the
 * bulges: x / sx, height − y / sy. Sampled in drawing units scaled alike on both axes (so arcs
 * stay circular) to a pixel or less each, so that the samples are about as dense as in pixels.
 */
export function pixelPoints(
  vertices: readonly DxfVertex[],
  closed: boolean,
  scale: { sx: number; sy: number; height: number },
): Point[] {
  const f = 1 / Math.max(scale.sx, scale.sy)
  const at = (v: DxfVertex): Point => ({ x: v.x * f, y: v.y * f })
  const up: Point[] = [at(vertices[0]!)]
  const n = vertices.length
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const a = vertices[i]!
    sampleBulgeYUp(up, at(a), at(vertices[(i + 1) % n]!), a.bulge)
  }
  return up.map((p) => ({ x: p.x / f / scale.sx, y: scale.height - p.y / f / scale.sy }))
}
