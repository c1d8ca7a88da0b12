/**
 * The JPEG file walk (convert path, decode step, run once by `openJpeg`): checks every marker
 * segment, and records for each scan where its entropy-coded data starts and which tables it uses,
 * so the scans can later be decoded side by side, one band of the image at a time.
 */

import type { CodecFailure } from '../../lib/codec-error'
import type { Density } from '../../lib/rows'
import type { HuffmanTable } from './huffman'
import {
  type AppInfo,
  type Frame,
  isStartOfFrame,
  Marker,
  parseFrame,
  parseHuffmanTables,
  parseQuantTables,
  parseRestartInterval,
  parseScanHeader,
  type QuantTable,
  readAppSegment,
  type ScanHeader,
  type SegmentProblem,
  unsupportedFrame,
} from './segments'

// ---------------------------------------------------------------------------------------------
// Stage: plan.
// Job: walk the marker segments in file order, keep the table state each scan sees, and find
// where each entropy-coded segment ends (the first marker other than RSTm, T.81 B.1.1.5).
// Input → output: the file bytes → a JpegPlan (frame, colour model, per-scan tables and
// offsets, quantization tables latched per component, density, EXIF orientation).
// Source: ITU-T T.81 B.2.1 (interchange format syntax), B.2.3 and B.2.4 (tables may change
// between scans; a component's quantization table is the one in force at its first scan),
// G.1.1.1.1 (progressive scan constraints: DC scans Se = 0; AC scans one component, Ss ≤ Se;
// refinement Al = Ah − 1), A.2.3 / B.2.3 (at most 10 blocks per interleaved MCU), E.2.4
// (each component in one scan of a sequential frame).
//
// A sequential frame whose first scan holds every component the output needs is not walked
// further: its data is read once, in order, by one scan decoder. Everything else (progressive,
// non-interleaved) is walked to EOI up front, which costs one pass over the bytes (Uint8Array
// indexOf for 0xFF), and lets every scan be decoded in bands instead of keeping the whole image.
// ---------------------------------------------------------------------------------------------

/** Why a JPEG cannot be decoded, with a message fit for logs and API error details. */
export interface JpegFailure {
  readonly reason: CodecFailure
  readonly message: string
}

/** How the components map to colour. */
export type ColourModel = 'gray' | 'ycbcr' | 'rgb' | 'cmyk' | 'ycck'

/** One scan, ready for a scan decoder. */
export interface ScanPlan {
  /** 1-based position in the file, for messages */
  readonly number: number
  readonly header: ScanHeader
  /** Huffman tables per scan component (undefined where this kind of scan needs none) */
  readonly dc: readonly (HuffmanTable | undefined)[]
  readonly ac: readonly (HuffmanTable | undefined)[]
  /** restart interval in MCUs, 0 for none */
  readonly restartInterval: number
  /** offset of the first byte of entropy-coded data */
  readonly start: number
}

/** Everything needed to decode a JPEG, checked. */
export interface JpegPlan {
  readonly frame: Frame
  readonly colour: ColourModel
  readonly density: Density | undefined
  readonly orientation: number
  /** per frame component: the quantization table latched at its first scan */
  readonly quant: readonly (QuantTable | undefined)[]
  /** the scans to decode, in file order */
  readonly scans: readonly ScanPlan[]
  /** per frame component: whether the requested output uses it */
  readonly needed: readonly boolean[]
}

/** More scans than this are refused (progressive files have about 10; this bounds the work). */
export const MAX_SCANS = 1000

const fail = (reason: CodecFailure, message: string) =>
  ({ ok: false, error: { reason, message } }) as const
const corrupt = (message: string) => fail('corrupt', message)

/** Mutable table state while walking. */
interface Tables {
  quant: (QuantTable | undefined)[]
  dc: (HuffmanTable | undefined)[]
  ac: (HuffmanTable | undefined)[]
  restartInterval: number
}

/**
 * Walks `bytes` and plans the decode.
 * @param output 'luma' needs only the Y component of YCbCr and gray files; 'color' needs all
 * @returns the plan, or a failure: 'corrupt' (not a JPEG, bad or missing segments, scans that
 *   break the rules above, a file that ends before its data is complete), 'unsupported'
 *   (arithmetic coding, lossless, hierarchical, 12-bit, DNL-defined height, 2 or > 4
 *   components, more than {@link MAX_SCANS} scans)
 */
export function planJpeg(
  bytes: Uint8Array,
  output: 'luma' | 'color',
): { ok: true; value: JpegPlan } | { ok: false; error: JpegFailure } {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== Marker.SOI) {
    return corrupt('the data does not start with a JPEG SOI marker')
  }
  const app: AppInfo = {
    jfif: false,
    density: undefined,
    adobeTransform: undefined,
    orientation: undefined,
  }
  const tables: Tables = { quant: [], dc: [], ac: [], restartInterval: 0 }
  let frame: Frame | undefined
  let colour: ColourModel = 'gray'
  let needed: boolean[] = []
  let quant: (QuantTable | undefined)[] = []
  const scans: ScanPlan[] = []
  /** Sequential: components scanned so far. Progressive: per component, Al per coefficient. */
  const scanned: boolean[] = []
  const coefBits: Int8Array[] = []
  let sawEnd = false
  let walkedAll = true
  let pos = 2
  walk: while (pos < bytes.length) {
    if (bytes[pos] !== 0xff) return corrupt(`expected a marker at byte ${pos}`)
    while (bytes[pos + 1] === 0xff) pos++
    const marker = bytes[pos + 1]
    if (marker === undefined) break
    pos += 2
    if (marker === Marker.EOI) {
      sawEnd = true
      break
    }
    if ((marker >= Marker.RST0 && marker <= Marker.RST7) || marker === Marker.TEM) continue
    if (marker === Marker.SOI) return corrupt('a second SOI marker')
    if (marker === 0) return corrupt(`a stuffed 0xFF00 outside entropy-coded data at ${pos - 2}`)
    if (pos + 2 > bytes.length) return corrupt('the file ends inside a marker segment')
    const length = (bytes[pos]! << 8) | bytes[pos + 1]!
    if (length < 2 || pos + length > bytes.length) {
      return corrupt(`marker 0xFF${hex(marker)} at byte ${pos - 2} has a bad length ${length}`)
    }
    const payload = bytes.subarray(pos + 2, pos + length)
    pos += length
    let problem: SegmentProblem | undefined
    switch (marker) {
      case Marker.SOF0:
      case Marker.SOF1:
      case Marker.SOF2: {
        if (frame) return corrupt('a second frame header')
        const parsed = parseFrame(payload, marker)
        if ('reason' in parsed) return fail(parsed.reason, parsed.message)
        frame = parsed
        break
      }
      case Marker.DHT:
        problem = parseHuffmanTables(payload, tables.dc, tables.ac)
        break
      case Marker.DQT:
        problem = parseQuantTables(payload, tables.quant)
        break
      case Marker.DRI: {
        const interval = parseRestartInterval(payload)
        if (typeof interval !== 'number') problem = interval
        else tables.restartInterval = interval
        break
      }
      case Marker.DHP:
      case Marker.EXP:
        return fail('unsupported', 'hierarchical JPEG (DHP/EXP markers) is not supported')
      case Marker.SOF55:
        return fail('unsupported', 'JPEG-LS is not supported')
      case Marker.SOS: {
        if (!frame) return corrupt('a scan comes before the frame header')
        if (scans.length === 0) {
          colour = colourModel(frame, app)
          needed = frame.components.map((_, i) => output === 'color' || usesLuma(colour, i))
          quant = frame.components.map(() => undefined)
          for (let i = 0; i < frame.components.length; i++)
            coefBits.push(new Int8Array(64).fill(-1))
        }
        if (scans.length >= MAX_SCANS) {
          return fail('unsupported', `more than ${MAX_SCANS} scans are not supported`)
        }
        const header = parseScanHeader(payload, frame)
        if ('reason' in header) return fail(header.reason, header.message)
        const planned = planScan(frame, header, tables, scans.length + 1)
        if ('reason' in planned) return fail(planned.reason, planned.message)
        const start = pos
        scans.push({ ...planned, start })
        for (const c of header.components) {
          if (quant[c]) continue
          const table = tables.quant[frame.components[c]!.tq]
          if (!table) {
            return corrupt(
              `component ${frame.components[c]!.id} uses quantization table ${frame.components[c]!.tq}, which is not defined`,
            )
          }
          quant[c] = table
        }
        if (!frame.progressive) {
          for (const c of header.components) {
            if (scanned[c]) {
              return corrupt(`component ${frame.components[c]!.id} appears in two sequential scans`)
            }
            scanned[c] = true
          }
          if (scans.length === 1 && needed.every((n, i) => !n || scanned[i])) {
            // One scan carries everything: decode it in a single pass, no need to look further.
            walkedAll = false
            break walk
          }
        } else {
          for (const c of header.components) {
            const bits = coefBits[c]!
            for (let k = header.ss; k <= header.se; k++) bits[k] = header.al
          }
        }
        pos = endOfEntropyData(bytes, pos)
        break
      }
      default:
        if (isStartOfFrame(marker)) {
          return fail('unsupported', `${unsupportedFrame(marker)} JPEG is not supported`)
        }
        // APPn, COM, DAC, DNL, JPG, JPGn: read the ones we use, skip the rest.
        if (marker >= Marker.APP0 && marker <= 0xef) readAppSegment(marker, payload, app)
        else if (marker < 0xc0) return corrupt(`unknown marker 0xFF${hex(marker)}`)
    }
    if (problem) return fail(problem.reason, problem.message)
  }
  if (!frame) return corrupt('the file has no frame header (SOF marker)')
  if (scans.length === 0) return corrupt('the file has no scan (SOS marker)')
  if (walkedAll) {
    const id = (i: number) => frame.components[i]!.id
    const unscanned = frame.components.findIndex(
      (_, i) => needed[i] && (frame.progressive ? coefBits[i]![0] === -1 : !scanned[i]),
    )
    if (unscanned >= 0) {
      if (!sawEnd) return corrupt(`the file ends before the data of component ${id(unscanned)}`)
      return corrupt(`component ${id(unscanned)} has no scan`)
    }
    // Without EOI, a progressive file must at least have refined every needed coefficient to
    // full precision; an encoder that ends early writes EOI, a cut file does not.
    const unfinished = frame.components.findIndex(
      (_, i) => needed[i] && frame.progressive && coefBits[i]!.some((b) => b !== 0),
    )
    if (unfinished >= 0 && !sawEnd) {
      return corrupt(`the file ends before the data of component ${id(unfinished)} is complete`)
    }
  }
  return {
    ok: true,
    value: {
      frame,
      colour,
      density: app.density,
      orientation: app.orientation ?? 1,
      quant,
      scans,
      needed,
    },
  }
}

const hex = (marker: number) => marker.toString(16).toUpperCase().padStart(2, '0')

/** Whether component `index` carries what luma output needs. */
const usesLuma = (colour: ColourModel, index: number): boolean =>
  colour === 'gray' || colour === 'ycbcr' ? index === 0 : true

/**
 * The colour model, as libjpeg decides it: 1 component is gray; 3 are YCbCr under JFIF, else as
 * the Adobe transform says (0 = RGB), else RGB only for component ids 'R', 'G', 'B'; 4 are YCCK
 * under Adobe transform 2, else CMYK.
 */
function colourModel(frame: Frame, app: AppInfo): ColourModel {
  const components = frame.components
  if (components.length === 1) return 'gray'
  if (components.length === 4) return app.adobeTransform === 2 ? 'ycck' : 'cmyk'
  if (app.jfif) return 'ycbcr'
  if (app.adobeTransform !== undefined) return app.adobeTransform === 0 ? 'rgb' : 'ycbcr'
  const ids = String.fromCharCode(...components.map((c) => c.id))
  return ids === 'RGB' ? 'rgb' : 'ycbcr'
}

/** Checks a scan header against the frame and the tables in force; picks its tables. */
function planScan(
  frame: Frame,
  header: ScanHeader,
  tables: Tables,
  number: number,
): Omit<ScanPlan, 'start'> | SegmentProblem {
  const bad = (message: string): SegmentProblem => ({
    reason: 'corrupt',
    message: `scan ${number}: ${message}`,
  })
  const { ss, se, ah, al, components } = header
  if (components.length > 1) {
    let blocks = 0
    for (const c of components) blocks += frame.components[c]!.h * frame.components[c]!.v
    if (blocks > 10) return bad(`an MCU of ${blocks} blocks (at most 10)`)
  }
  const needDc = frame.progressive ? ss === 0 && ah === 0 : true
  const needAc = frame.progressive ? ss > 0 : true
  if (frame.progressive) {
    if (ss === 0 && se !== 0) return bad(`a DC scan with Se = ${se}`)
    if (ss > 0 && (se < ss || se > 63)) return bad(`a spectral band ${ss}..${se}`)
    if (ss > 0 && components.length !== 1) return bad('an AC scan of several components')
    if (al > 13 || (ah !== 0 && al !== ah - 1)) {
      return bad(`successive approximation Ah = ${ah}, Al = ${al}`)
    }
  }
  const dc = header.dcTables.map((slot) => (needDc ? tables.dc[slot] : undefined))
  const ac = header.acTables.map((slot) => (needAc ? tables.ac[slot] : undefined))
  for (let i = 0; i < components.length; i++) {
    if (needDc && !dc[i]) return bad(`DC Huffman table ${header.dcTables[i]} is not defined`)
    if (needAc && !ac[i]) return bad(`AC Huffman table ${header.acTables[i]} is not defined`)
  }
  return { number, header, dc, ac, restartInterval: tables.restartInterval }
}

/**
 * Offset of the marker that ends the entropy-coded data starting at `pos` (RSTm markers and
 * stuffed 0xFF00 bytes are part of the data; fill bytes 0xFF belong to the marker), or the end
 * of `bytes` when the data runs to the end.
 */
function endOfEntropyData(bytes: Uint8Array, pos: number): number {
  let at = pos
  for (;;) {
    const ff = bytes.indexOf(0xff, at)
    if (ff < 0) return bytes.length
    let next = ff + 1
    while (bytes[next] === 0xff) next++
    const code = bytes[next]
    if (code === undefined) return bytes.length
    if (code !== 0 && (code < Marker.RST0 || code > Marker.RST7)) return ff
    at = next + 1
  }
}
