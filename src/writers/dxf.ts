/**
 * DXF writer (vectorize path, write step): VectorDrawing → an AutoCAD R2000 (AC1015) ASCII DXF
 * with one layer per model layer, strokes as LWPOLYLINEs and filled regions as solid HATCHes, y up,
 * in millimetres.
 */

import type { VectorDrawing } from '../engines/vector'
import { concatBytes } from '../lib/bytes'
import { asciiText } from './ascii-writer'
import { checkDrawing } from './check-drawing'
import { drawingDpi } from './drawing-dpi'
import { Loops, writeHatch, writePolyline } from './dxf-entities'
import { Groups, Handles } from './dxf-groups'
import {
  layerNames,
  type Units,
  writeBlocks,
  writeHeader,
  writeObjects,
  writeTables,
} from './dxf-sections'
import { PathConverter, Vertices } from './dxf-vertices'
import { fillIslands } from './loop-nesting'

/*
 * Writer: DXF.
 * Job: serialize stroke paths as LWPOLYLINEs and filled regions as solid HATCHes in model space,
 * with the file structure R2000 readers require (HEADER, CLASSES, TABLES, BLOCKS, ENTITIES,
 * OBJECTS; handles and owners).
 * Input → output: VectorDrawing (pixels, y down) → DXF text (millimetres, y up).
 * Source: AutoCAD DXF Reference (R2000 / AC1015), LWPOLYLINE and HATCH group codes
 * (./dxf-entities.ts); the file structure is in ./dxf-sections.ts.
 * Arcs keep their bulge: the y flip is a mirror, but it is undone by viewing y up, so an arc that
 * turns counterclockwise on screen still does, and DXF's positive bulge is counterclockwise.
 * Cubics become arcs (./cubic-to-arcs.ts) within 0.1 px; no SPLINE entities.
 * A fill layer's paths are grouped into regions (./loop-nesting.ts): one HATCH per outline with
 * the holes right inside it. No outline LWPOLYLINE is written beside a HATCH: its loops are the
 * boundary (CAD can regenerate a polyline from them), and a second copy drew every filled shape
 * as a double outline.
 */

/** Decimals of coordinates: 0.0001 mm (0.0012 px at 300 DPI). */
const MM_DECIMALS = 4
const MM_PER_INCH = 25.4

/**
 * Writes the drawing as R2000 DXF in millimetres ($INSUNITS 4, $MEASUREMENT 1): px / dpi · 25.4
 * per axis, with the drawing's density, or 300 DPI when it has none (./drawing-dpi.ts),
 * so a JPEG without a density still opens at a filing size. y is flipped (y' = height − y) so
 * the drawing reads the same way up. Layers: stroke layers are named LINES, LINES_2, …, fill
 * layers FILL_RRGGBB (a suffix _2, _3 … when a colour repeats), each with its colour as true
 * colour (420) and an ACI fallback (62), and stroke layers with the nearest standard lineweight
 * (370) at that DPI. Each stroke path is one LWPOLYLINE (flag 1 when closed): lines as vertices
 * with bulge 0, arcs as the bulge (42) of their first vertex, cubics as biarcs within 0.1 px; a
 * dot as two coincident vertices. Each filled region (an outline with the holes right inside it,
 * by the even-odd rule) is one solid HATCH, not associative, whose polyline loops carry the same
 * vertices and bulges; paths that enclose nothing are left out.
 * @returns the file, ASCII text with LF line ends
 * @throws RangeError when the drawing's size or density is not positive (caller bug)
 */
export function writeDxf(drawing: VectorDrawing): string {
  return asciiText(dxfBytes(drawing))
}

/** {@link writeDxf}'s file as bytes (ASCII, hence also UTF-8), without a string between. */
export function dxfBytes(drawing: VectorDrawing): Uint8Array {
  return concatBytes(dxfParts(drawing))
}

/**
 * {@link dxfBytes}'s file in the writer's chunks, for a store that takes parts: a DXF is verbose
 * (6.8 MB for the 55 000 paths of a noise sheet), and one whole copy fewer counts.
 */
export function dxfParts(drawing: VectorDrawing): Uint8Array[] {
  checkDrawing(drawing)
  const dpi = drawingDpi(drawing)
  const units: Units = {
    sx: MM_PER_INCH / dpi.x,
    sy: MM_PER_INCH / dpi.y,
    height: drawing.height,
    decimals: MM_DECIMALS,
    dpi,
  }
  const width = drawing.width * units.sx
  const height = drawing.height * units.sy
  const names = layerNames(drawing.layers)
  const handles = new Handles()
  const body = new Groups()

  const spaces = writeTables(body, handles, drawing, names, units, width, height)
  writeBlocks(body, handles, spaces)
  body.section('ENTITIES')
  const vertices = new Vertices(units.decimals)
  const converter = new PathConverter(units, vertices)
  const loops = new Loops()
  drawing.layers.forEach((layer, i) => {
    if (layer.kind === 'stroke') {
      for (const path of layer.paths) {
        converter.convert(path)
        writePolyline(body, handles.next(), spaces.model, names[i]!, vertices)
      }
      return
    }
    for (const region of fillIslands(layer.paths)) {
      loops.clear()
      for (const index of region) {
        converter.convert(layer.paths[index]!, true)
        // An outline that vanishes as written takes its holes with it.
        if (!loops.add(vertices) && loops.count === 0) break
      }
      if (loops.count > 0) {
        writeHatch(body, handles.next(), spaces.model, names[i]!, loops, units.decimals)
      }
    }
  })
  body.end('ENDSEC')
  writeObjects(body, handles)
  body.end('EOF')

  // The header names the next free handle, known only now, so it is written last and put first.
  const head = new Groups()
  const dpiText = dpi.x === dpi.y ? `${dpi.x}` : `${dpi.x} x ${dpi.y}`
  head.add(
    999,
    `Figure API vector drawing; millimetres at ${dpiText} DPI` +
      `${drawing.density === undefined ? ' (assumed: the source had none)' : ''}, y up`,
  )
  writeHeader(head, handles.seed(), units, width, height)
  head.section('CLASSES')
  head.end('ENDSEC')
  return [...head.out.parts(), ...body.out.parts()]
}
