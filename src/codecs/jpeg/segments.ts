/**
 * JPEG marker segments (convert path, decode step): the parsers for the headers and tables that
 * `plan.ts` meets while it walks a file, each checked against its length before it is read.
 */

import type { Density } from '../../lib/rows'
import { readExifOrientation } from './exif'
import { buildHuffmanTable, type HuffmanTable } from './huffman'

// ---------------------------------------------------------------------------------------------
// Stage: marker segments.
// Job: turn the bytes of one marker segment into a checked header or table.
// Input → output: a segment payload (after its 2-byte length) → a typed value or a message.
// Source: ITU-T T.81 Annex B: B.1.1.3 marker assignments (Table B.1), B.2.2 frame header
// (Table B.2), B.2.3 scan header (Table B.3), B.2.4.1 DQT (Table B.4), B.2.4.2 DHT (Table B.5),
// B.2.4.4 DRI (Table B.7), B.2.4.6 APPn; JFIF 1.02 §5 (APP0 "JFIF", density units); Adobe
// Technical Note #5116 (APP14 "Adobe", colour transform byte); EXIF 2.32 §4.5.4 (APP1 "Exif").
// ---------------------------------------------------------------------------------------------

/** Marker codes (the byte after 0xFF), T.81 Table B.1. */
export const Marker = {
  SOF0: 0xc0,
  SOF1: 0xc1,
  SOF2: 0xc2,
  SOF3: 0xc3,
  DHT: 0xc4,
  JPG: 0xc8,
  DAC: 0xcc,
  RST0: 0xd0,
  RST7: 0xd7,
  SOI: 0xd8,
  EOI: 0xd9,
  SOS: 0xda,
  DQT: 0xdb,
  DNL: 0xdc,
  DRI: 0xdd,
  DHP: 0xde,
  EXP: 0xdf,
  APP0: 0xe0,
  APP1: 0xe1,
  APP14: 0xee,
  SOF55: 0xf7,
  COM: 0xfe,
  TEM: 0x01,
} as const

/** One component of the frame header (T.81 B.2.2). */
export interface FrameComponent {
  /** Ci, the identifier scans refer to */
  readonly id: number
  /** Hi and Vi, 1..4 */
  readonly h: number
  readonly v: number
  /** Tqi, the quantization table slot 0..3 */
  readonly tq: number
}

/** The frame header (SOF0, SOF1 or SOF2). */
export interface Frame {
  readonly progressive: boolean
  readonly width: number
  readonly height: number
  readonly components: readonly FrameComponent[]
}

/** The scan header (T.81 B.2.3), with components as indexes into the frame's list. */
export interface ScanHeader {
  readonly components: readonly number[]
  /** Tdj and Taj per scan component, 0..3 */
  readonly dcTables: readonly number[]
  readonly acTables: readonly number[]
  /** spectral selection start and end, successive approximation high and low */
  readonly ss: number
  readonly se: number
  readonly ah: number
  readonly al: number
}

/** The names we give unsupported frame types in messages. */
const UNSUPPORTED_FRAMES: Readonly<Record<number, string>> = {
  195: 'lossless (SOF3)',
  197: 'differential sequential (SOF5, hierarchical)',
  198: 'differential progressive (SOF6, hierarchical)',
  199: 'differential lossless (SOF7, hierarchical)',
  201: 'arithmetic-coded sequential (SOF9)',
  202: 'arithmetic-coded progressive (SOF10)',
  203: 'arithmetic-coded lossless (SOF11)',
  205: 'arithmetic-coded differential sequential (SOF13, hierarchical)',
  206: 'arithmetic-coded differential progressive (SOF14, hierarchical)',
  207: 'arithmetic-coded differential lossless (SOF15, hierarchical)',
}

/** True for SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
export const isStartOfFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

/** Why a frame type is not decoded here, or undefined for SOF0, SOF1 and SOF2. */
export const unsupportedFrame = (marker: number): string | undefined => UNSUPPORTED_FRAMES[marker]

/** A segment that failed to parse: whether the file is broken or merely beyond us, and why. */
export interface SegmentProblem {
  readonly reason: 'corrupt' | 'unsupported'
  readonly message: string
}

const corrupt = (message: string): SegmentProblem => ({ reason: 'corrupt', message })
const unsupported = (message: string): SegmentProblem => ({ reason: 'unsupported', message })

const u16 = (bytes: Uint8Array, at: number): number => (bytes[at]! << 8) | bytes[at + 1]!

/** Parses a SOF0/1/2 payload (Table B.2). `marker` picks progressive or sequential. */
export function parseFrame(payload: Uint8Array, marker: number): Frame | SegmentProblem {
  if (payload.length < 6) return corrupt('the frame header is truncated')
  const precision = payload[0]!
  const height = u16(payload, 1)
  const width = u16(payload, 3)
  const count = payload[5]!
  if (precision === 12) return unsupported('12-bit JPEG samples are not supported')
  if (precision !== 8) return corrupt(`the frame header gives ${precision}-bit samples`)
  if (payload.length !== 6 + 3 * count) {
    return corrupt(`the frame header length does not match its ${count} components`)
  }
  if (width === 0) return corrupt('the frame header gives a width of 0')
  if (height === 0) {
    return unsupported('an image height defined by a DNL marker is not supported')
  }
  if (count === 0) return corrupt('the frame header has no components')
  if (count !== 1 && count !== 3 && count !== 4) {
    return unsupported(`JPEG images with ${count} components are not supported (1, 3 or 4)`)
  }
  const components: FrameComponent[] = []
  for (let i = 0; i < count; i++) {
    const at = 6 + 3 * i
    const id = payload[at]!
    const h = payload[at + 1]! >> 4
    const v = payload[at + 1]! & 15
    const tq = payload[at + 2]!
    if (h < 1 || h > 4 || v < 1 || v > 4) {
      return corrupt(`component ${id} has sampling factors ${h}x${v} (each must be 1..4)`)
    }
    if (tq > 3) return corrupt(`component ${id} uses quantization table ${tq} (0..3)`)
    if (components.some((c) => c.id === id)) return corrupt(`component id ${id} appears twice`)
    components.push({ id, h, v, tq })
  }
  return { progressive: marker === Marker.SOF2, width, height, components }
}

/** Parses a SOS payload (Table B.3) against the frame. */
export function parseScanHeader(payload: Uint8Array, frame: Frame): ScanHeader | SegmentProblem {
  const count = payload[0] ?? 0
  if (count < 1 || count > 4) return corrupt(`a scan header lists ${count} components (1..4)`)
  if (payload.length !== 4 + 2 * count) return corrupt('the scan header length is wrong')
  const components: number[] = []
  const dcTables: number[] = []
  const acTables: number[] = []
  for (let i = 0; i < count; i++) {
    const id = payload[1 + 2 * i]!
    const index = frame.components.findIndex((c) => c.id === id)
    if (index < 0) return corrupt(`a scan refers to component ${id}, which the frame lacks`)
    if (components.includes(index)) return corrupt(`a scan lists component ${id} twice`)
    const tables = payload[2 + 2 * i]!
    if (tables >> 4 > 3 || (tables & 15) > 3) {
      return corrupt(`a scan selects Huffman tables ${tables >> 4}/${tables & 15} (0..3)`)
    }
    components.push(index)
    dcTables.push(tables >> 4)
    acTables.push(tables & 15)
  }
  const at = 1 + 2 * count
  return {
    components,
    dcTables,
    acTables,
    ss: payload[at]!,
    se: payload[at + 1]!,
    ah: payload[at + 2]! >> 4,
    al: payload[at + 2]! & 15,
  }
}

/** A quantization table in natural (row-major) order, T.81 B.2.4.1. */
export type QuantTable = Uint16Array

/**
 * Zigzag index → natural index (T.81 Figure A.6), with 16 extra entries mapping to 63 so that a
 * corrupt run past the end of a block lands on a harmless slot instead of out of bounds.
 */
export const ZIGZAG = Uint8Array.from(
  [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59,
    52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
  ].concat(new Array<number>(16).fill(63)),
)

/** Parses a DQT payload (one or more tables) into `slots`. */
export function parseQuantTables(
  payload: Uint8Array,
  slots: (QuantTable | undefined)[],
): SegmentProblem | undefined {
  let at = 0
  while (at < payload.length) {
    const pq = payload[at]! >> 4
    const tq = payload[at]! & 15
    if (pq > 1 || tq > 3) return corrupt(`a DQT segment defines table ${tq} with precision ${pq}`)
    const size = pq === 0 ? 64 : 128
    if (at + 1 + size > payload.length) return corrupt('a DQT segment is truncated')
    const table = new Uint16Array(64)
    for (let k = 0; k < 64; k++) {
      table[ZIGZAG[k]!] = pq === 0 ? payload[at + 1 + k]! : u16(payload, at + 1 + 2 * k)
    }
    slots[tq] = table
    at += 1 + size
  }
  return undefined
}

/** Parses a DHT payload (one or more tables) into the DC and AC slots. */
export function parseHuffmanTables(
  payload: Uint8Array,
  dc: (HuffmanTable | undefined)[],
  ac: (HuffmanTable | undefined)[],
): SegmentProblem | undefined {
  let at = 0
  while (at < payload.length) {
    const tc = payload[at]! >> 4
    const th = payload[at]! & 15
    if (tc > 1 || th > 3) return corrupt(`a DHT segment defines table class ${tc} slot ${th}`)
    if (at + 17 > payload.length) return corrupt('a DHT segment is truncated')
    const counts = payload.subarray(at + 1, at + 17)
    let total = 0
    for (const n of counts) total += n
    if (at + 17 + total > payload.length) return corrupt('a DHT segment is truncated')
    const built = buildHuffmanTable(counts, payload.subarray(at + 17, at + 17 + total), tc === 1)
    if (typeof built === 'string') return corrupt(built)
    ;(tc === 0 ? dc : ac)[th] = built
    at += 17 + total
  }
  return undefined
}

/** Parses a DRI payload: the restart interval in MCUs (0 = none). */
export function parseRestartInterval(payload: Uint8Array): number | SegmentProblem {
  if (payload.length !== 2) return corrupt('the DRI segment length is wrong')
  return u16(payload, 0)
}

/** What the application segments we read say about the picture. */
export interface AppInfo {
  jfif: boolean
  density: Density | undefined
  /** Adobe APP14 colour transform: 0 none (RGB or CMYK), 1 YCbCr, 2 YCCK */
  adobeTransform: number | undefined
  /** EXIF orientation 1..8 from the first EXIF segment (1 when unreadable), or undefined */
  orientation: number | undefined
}

const startsWith = (payload: Uint8Array, text: string): boolean => {
  if (payload.length < text.length) return false
  for (let i = 0; i < text.length; i++) if (payload[i] !== text.charCodeAt(i)) return false
  return true
}

/** Centimetres per inch, to turn JFIF dots per cm into dots per inch. */
const CM_PER_INCH = 2.54

/**
 * Reads APP0 (JFIF), APP1 (EXIF) and APP14 (Adobe) into `info`; other APPn and malformed
 * ancillary segments are ignored, as JFIF and EXIF readers are expected to do. The first segment
 * of each kind wins.
 */
export function readAppSegment(marker: number, payload: Uint8Array, info: AppInfo): void {
  if (marker === Marker.APP0 && !info.jfif && startsWith(payload, 'JFIF\0')) {
    info.jfif = true
    if (payload.length < 12) return
    const units = payload[7]!
    const x = u16(payload, 8)
    const y = u16(payload, 10)
    if (x === 0 || y === 0 || (units !== 1 && units !== 2)) return
    const scale = units === 1 ? 1 : CM_PER_INCH
    const round = (value: number) => Math.round(value * scale * 100) / 100
    info.density = { x: round(x), y: round(y) }
  } else if (marker === Marker.APP14 && info.adobeTransform === undefined) {
    if (payload.length >= 12 && startsWith(payload, 'Adobe')) info.adobeTransform = payload[11]!
  } else if (marker === Marker.APP1 && info.orientation === undefined) {
    if (!startsWith(payload, 'Exif\0\0')) return
    info.orientation = readExifOrientation(payload.subarray(6))
  }
}
