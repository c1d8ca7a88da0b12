/**
 * The DXF writer's fixed structure (vectorize path, write step): HEADER, TABLES (with one layer
 * per model layer), the two layout BLOCKS and the OBJECTS root dictionary of an R2000 file.
 */

import type { Rgb, VectorDrawing, VectorLayer } from '../engines/vector'
import { formatDecimal } from './ascii-writer'
import type { Groups, Handles } from './dxf-groups'

/*
 * Source: AutoCAD DXF Reference (R2000 / AC1015): "Common Group Codes for Symbol Table
 * Entries", the VPORT, LTYPE, LAYER, STYLE, APPID, DIMSTYLE, BLOCK_RECORD, BLOCK, ENDBLK and
 * DICTIONARY group codes; the minimal R13+ content listed in ezdxf's "DXF Internals" (tables
 * VPORT *Active, LTYPE ByBlock/ByLayer/Continuous, LAYER 0, STYLE Standard, APPID ACAD, DIMSTYLE
 * Standard, BLOCK_RECORD and BLOCK *Model_Space/*Paper_Space, root DICTIONARY with ACAD_GROUP).
 */

const MM_PER_INCH = 25.4

/** The standard lineweights, in 1/100 mm (DXF group 370 accepts only these). */
const LINEWEIGHTS = [
  0, 5, 9, 13, 15, 18, 20, 25, 30, 35, 40, 50, 53, 60, 70, 80, 90, 100, 106, 120, 140, 158, 200,
  211,
]
/** Group 370 value for "the default lineweight" (LWDEFAULT): layer 0 and the fill layers. */
const LINEWEIGHT_DEFAULT = -3

/**
 * AutoCAD Color Index fallbacks (group 62) for readers that ignore true colour: the nine fixed
 * colours, with 7 (black on white, white on black) for both black and white.
 */
const ACI: readonly (readonly [number, number, number, number])[] = [
  [1, 255, 0, 0],
  [2, 255, 255, 0],
  [3, 0, 255, 0],
  [4, 0, 255, 255],
  [5, 0, 0, 255],
  [6, 255, 0, 255],
  [7, 0, 0, 0],
  [7, 255, 255, 255],
  [8, 128, 128, 128],
  [9, 192, 192, 192],
]

/** How pixels map to drawing units (millimetres). */
export interface Units {
  /** Millimetres per pixel along x and y: 25.4 / dpi. */
  sx: number
  sy: number
  /** Source height in pixels, for the flip y' = (height − y) · sy. */
  height: number
  decimals: number
  /** Pixels per inch the millimetres come from: the drawing's, or the writers' default. */
  dpi: { x: number; y: number }
}

/** $INSUNITS and the block records' units: 4, millimetres. */
const INSUNITS_MM = 4

// ---------------------------------------------------------------------------------------------
// HEADER
// ---------------------------------------------------------------------------------------------

/**
 * The HEADER section: version AC1015, $HANDSEED, units ($INSUNITS 4 mm, $MEASUREMENT 1 metric), the drawing's
 * extents and limits [0, width] × [0, height] in drawing units, and lineweight display on.
 * @param seed the next free handle (hex)
 */
export function writeHeader(
  g: Groups,
  seed: string,
  units: Units,
  width: number,
  height: number,
): void {
  const w = formatDecimal(width, units.decimals)
  const h = formatDecimal(height, units.decimals)
  g.section('HEADER')
  const variable = (name: string, code: number, value: string | number) => {
    g.add(9, name)
    g.add(code, value)
  }
  variable('$ACADVER', 1, 'AC1015')
  variable('$DWGCODEPAGE', 3, 'ANSI_1252')
  variable('$HANDSEED', 5, seed)
  g.add(9, '$INSBASE')
  g.point(10, 0, 0, 0)
  g.add(9, '$EXTMIN')
  g.point(10, 0, 0, 0)
  g.add(9, '$EXTMAX')
  g.point(10, w, h, 0)
  g.add(9, '$LIMMIN')
  g.point(10, 0, 0)
  g.add(9, '$LIMMAX')
  g.point(10, w, h)
  variable('$INSUNITS', 70, INSUNITS_MM)
  // 1 metric: sets which default linetype and hatch files a reader uses.
  variable('$MEASUREMENT', 70, 1)
  // Show lineweights on screen, so stroke widths are visible without a plot preview.
  variable('$LWDISPLAY', 290, 1)
  g.end('ENDSEC')
}

// ---------------------------------------------------------------------------------------------
// TABLES
// ---------------------------------------------------------------------------------------------

/** The block records' handles, which own the blocks and the entities. */
export interface Spaces {
  model: string
  paper: string
}

/**
 * The TABLES section: the records R2000 readers require, plus one LAYER per model layer named
 * `names[i]`, with its colour (62 and 420) and lineweight (370). The VPORT opens on the drawing.
 * @param width drawing width in mm
 * @param height drawing height in mm
 * @returns the block record handles of model and paper space
 */
export function writeTables(
  g: Groups,
  handles: Handles,
  drawing: VectorDrawing,
  names: readonly string[],
  units: Units,
  width: number,
  height: number,
): Spaces {
  g.section('TABLES')

  const vport = table(g, handles, 'VPORT', 1)
  record(g, 'VPORT', handles.next(), vport, 'AcDbViewportTableRecord', '*Active')
  g.point(10, 0, 0)
  g.point(11, 1, 1)
  // Open centred on the drawing, with a 5 % margin.
  g.point(12, formatDecimal(width / 2, units.decimals), formatDecimal(height / 2, units.decimals))
  g.point(13, 0, 0)
  g.point(14, 1, 1)
  g.point(15, 1, 1)
  g.point(16, 0, 0, 1)
  g.point(17, 0, 0, 0)
  g.add(40, formatDecimal(height * 1.05, units.decimals))
  g.add(41, formatDecimal(width / height, 6))
  g.add(42, 50)
  g.add(43, 0)
  g.add(44, 0)
  g.add(50, 0)
  g.add(51, 0)
  for (const [code, value] of [
    [71, 0],
    [72, 1000],
    [73, 1],
    [74, 3],
    [75, 0],
    [76, 0],
    [77, 0],
    [78, 0],
  ] as const)
    g.add(code, value)
  g.end('ENDTAB')

  const ltype = table(g, handles, 'LTYPE', 3)
  for (const name of ['ByBlock', 'ByLayer', 'Continuous']) {
    record(g, 'LTYPE', handles.next(), ltype, 'AcDbLinetypeTableRecord', name)
    g.add(3, name === 'Continuous' ? 'Solid line' : '')
    g.add(72, 65)
    g.add(73, 0)
    g.add(40, 0)
  }
  g.end('ENDTAB')

  const layer = table(g, handles, 'LAYER', drawing.layers.length + 1)
  layerRecord(g, handles.next(), layer, '0', { r: 0, g: 0, b: 0 }, LINEWEIGHT_DEFAULT)
  drawing.layers.forEach((l, i) => {
    layerRecord(g, handles.next(), layer, names[i]!, l.color, lineweight(l, units))
  })
  g.end('ENDTAB')

  const style = table(g, handles, 'STYLE', 1)
  record(g, 'STYLE', handles.next(), style, 'AcDbTextStyleTableRecord', 'Standard')
  g.add(40, 0)
  g.add(41, 1)
  g.add(50, 0)
  g.add(71, 0)
  g.add(42, 2.5)
  g.add(3, 'txt')
  g.add(4, '')
  g.end('ENDTAB')

  table(g, handles, 'VIEW', 0)
  g.end('ENDTAB')
  table(g, handles, 'UCS', 0)
  g.end('ENDTAB')

  const appid = table(g, handles, 'APPID', 1)
  record(g, 'APPID', handles.next(), appid, 'AcDbRegAppTableRecord', 'ACAD')
  g.end('ENDTAB')

  // DIMSTYLE: its table has one more subclass, and its records carry the handle in 105.
  const dimstyle = table(g, handles, 'DIMSTYLE', 1)
  g.add(100, 'AcDbDimStyleTable')
  g.add(0, 'DIMSTYLE')
  g.add(105, handles.next())
  g.add(330, dimstyle)
  g.add(100, 'AcDbSymbolTableRecord')
  g.add(100, 'AcDbDimStyleTableRecord')
  g.add(2, 'Standard')
  g.add(70, 0)
  g.end('ENDTAB')

  const blockRecord = table(g, handles, 'BLOCK_RECORD', 2)
  const spaces = { model: handles.next(), paper: handles.next() }
  for (const [handle, name] of [
    [spaces.model, '*Model_Space'],
    [spaces.paper, '*Paper_Space'],
  ] as const) {
    record(g, 'BLOCK_RECORD', handle, blockRecord, 'AcDbBlockTableRecord', name, false)
    g.add(70, INSUNITS_MM)
    g.add(280, 1)
    g.add(281, 0)
  }
  g.end('ENDTAB')

  g.end('ENDSEC')
  return spaces
}

/** Opens a symbol table; returns its handle, the owner of its records. */
function table(g: Groups, handles: Handles, name: string, count: number): string {
  const handle = handles.next()
  g.add(0, 'TABLE')
  g.add(2, name)
  g.add(5, handle)
  g.add(330, 0)
  g.add(100, 'AcDbSymbolTable')
  g.add(70, count)
  return handle
}

/** The common head of a symbol table record: type, handle, owner, subclasses, name, flags. */
function record(
  g: Groups,
  type: string,
  handle: string,
  owner: string,
  subclass: string,
  name: string,
  flags = true,
): void {
  g.add(0, type)
  g.add(5, handle)
  g.add(330, owner)
  g.add(100, 'AcDbSymbolTableRecord')
  g.add(100, subclass)
  g.add(2, name)
  if (flags) g.add(70, 0)
}

function layerRecord(
  g: Groups,
  handle: string,
  owner: string,
  name: string,
  color: Rgb,
  weight: number,
): void {
  record(g, 'LAYER', handle, owner, 'AcDbLayerTableRecord', name)
  g.add(62, aciColor(color))
  g.add(420, (channel(color.r) << 16) | (channel(color.g) << 8) | channel(color.b))
  g.add(6, 'Continuous')
  g.add(370, weight)
}

/**
 * Layer names in model order: LINES, LINES_2, … for stroke layers; FILL_RRGGBB for fill layers,
 * with _2, _3 … when a fill colour repeats.
 */
export function layerNames(layers: readonly VectorLayer[]): string[] {
  const used = new Set<string>()
  let strokes = 0
  return layers.map((layer) => {
    let base: string
    if (layer.kind === 'stroke') {
      strokes++
      base = strokes === 1 ? 'LINES' : `LINES_${strokes}`
    } else {
      const { r, g, b } = layer.color
      base = `FILL_${[r, g, b]
        .map((v) => channel(v).toString(16).padStart(2, '0'))
        .join('')
        .toUpperCase()}`
    }
    let name = base
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`
    used.add(name)
    return name
  })
}

/** The nearest standard lineweight to a stroke layer's pen; the default for fill layers. */
function lineweight(layer: VectorLayer, units: Units): number {
  if (layer.kind !== 'stroke') return LINEWEIGHT_DEFAULT
  const { x, y } = units.dpi
  // Pen width in 1/100 mm at the mean of the two densities.
  const target = (layer.width / Math.sqrt(x * y)) * MM_PER_INCH * 100
  let best = LINEWEIGHTS[0]!
  for (const w of LINEWEIGHTS) if (Math.abs(w - target) < Math.abs(best - target)) best = w
  return best
}

/** The nearest of the nine fixed ACI colours (7 for black and white). */
function aciColor({ r, g, b }: Rgb): number {
  let best = 7
  let bestDistance = Number.POSITIVE_INFINITY
  for (const [index, ar, ag, ab] of ACI) {
    const distance = (r - ar) ** 2 + (g - ag) ** 2 + (b - ab) ** 2
    if (distance < bestDistance) {
      bestDistance = distance
      best = index
    }
  }
  return best
}

/** A colour channel rounded and clamped to 0-255. */
const channel = (v: number) => Math.min(255, Math.max(0, Math.round(v)))

// ---------------------------------------------------------------------------------------------
// BLOCKS, OBJECTS
// ---------------------------------------------------------------------------------------------

/** The two layout blocks, empty: their entities live in ENTITIES. */
export function writeBlocks(g: Groups, handles: Handles, spaces: Spaces): void {
  g.section('BLOCKS')
  for (const [owner, name, paper] of [
    [spaces.model, '*Model_Space', false],
    [spaces.paper, '*Paper_Space', true],
  ] as const) {
    g.add(0, 'BLOCK')
    g.add(5, handles.next())
    g.add(330, owner)
    g.add(100, 'AcDbEntity')
    if (paper) g.add(67, 1)
    g.add(8, '0')
    g.add(100, 'AcDbBlockBegin')
    g.add(2, name)
    g.add(70, 0)
    g.point(10, 0, 0, 0)
    g.add(3, name)
    g.add(1, '')
    g.add(0, 'ENDBLK')
    g.add(5, handles.next())
    g.add(330, owner)
    g.add(100, 'AcDbEntity')
    if (paper) g.add(67, 1)
    g.add(8, '0')
    g.add(100, 'AcDbBlockEnd')
  }
  g.end('ENDSEC')
}

/** The root dictionary (the named object dictionary) and its empty ACAD_GROUP dictionary. */
export function writeObjects(g: Groups, handles: Handles): void {
  const root = handles.next()
  const groups = handles.next()
  g.section('OBJECTS')
  g.add(0, 'DICTIONARY')
  g.add(5, root)
  g.add(330, 0)
  g.add(100, 'AcDbDictionary')
  g.add(281, 1)
  g.add(3, 'ACAD_GROUP')
  g.add(350, groups)
  g.add(0, 'DICTIONARY')
  g.add(5, groups)
  g.add(330, root)
  g.add(100, 'AcDbDictionary')
  g.add(281, 1)
  g.end('ENDSEC')
}
