/**
 * VP8L entropy-coded images (convert path, decode step): the prefix code groups, the colour cache
 * and the LZ77 backward references, decoded into a ring of the most recent pixels.
 */

import { CodecError } from '../../../lib/codec-error'
import type { BitReader } from './bit-reader'
import { type PrefixCode, readPrefixCode, readSymbol } from './prefix-code'

// ---------------------------------------------------------------------------------------------
// Stage: entropy-coded image.
// Job: decode ARGB words in scan order from literals, colour cache hits and backward references.
// Input → output: bits → pixels in a ring (the whole image when it is small).
// Source: RFC 9649 §5.2 (colour cache: 0x1e35a7bd hash, 1..11 bits; LZ77 prefix coding of
// lengths and distances; the 120-entry distance map), §6.2.2 (meta prefix codes: the entropy
// image's red and green bytes pick a group of five codes per block), §7 (the stream's order:
// colour cache, then meta prefix codes, then the groups).
//
// A distance reaches at most 2^20 - 120 pixels back (distance symbol 39) or 7 rows and 8 pixels
// (the distance map), and a copy is at most 4096 pixels long, so a 2^20-pixel ring keeps every
// reachable pixel and the current row until it has been read out.
// ---------------------------------------------------------------------------------------------

/** Pixels kept of a large image: every pixel a backward reference can reach. */
export const RING_PIXELS = 1 << 20
/**
 * Default cap on what one image stream holds (its ring, sub-images and prefix-code tables): 40 MB.
 * libwebp's encoder keeps its predictor image under 2^14 pixels and its entropy image under 2600
 * groups (about 31 MB of tables at worst); a file of a few KB could otherwise ask for more.
 */
export const MAX_HELD_BYTES = 40 << 20

/** The bytes one image stream holds, counted as they are allocated against a cap. */
export class HeldBytes {
  bytes = 0
  constructor(readonly max: number = MAX_HELD_BYTES) {}

  /** @throws CodecError('too_large') when `bytes` more would pass the cap */
  add(bytes: number): void {
    this.bytes += bytes
    if (this.bytes > this.max) {
      throw new CodecError('too_large', 'The VP8L image needs more memory than we decode with')
    }
  }
}

/** (dy << 4) | (8 - dx) for the 120 short distance codes (RFC 9649 §5.2.2). */
const DISTANCE_MAP = new Uint8Array([
  0x18, 0x07, 0x17, 0x19, 0x28, 0x06, 0x27, 0x29, 0x16, 0x1a, 0x26, 0x2a, 0x38, 0x05, 0x37, 0x39,
  0x15, 0x1b, 0x36, 0x3a, 0x25, 0x2b, 0x48, 0x04, 0x47, 0x49, 0x14, 0x1c, 0x35, 0x3b, 0x46, 0x4a,
  0x24, 0x2c, 0x58, 0x45, 0x4b, 0x34, 0x3c, 0x03, 0x57, 0x59, 0x13, 0x1d, 0x56, 0x5a, 0x23, 0x2d,
  0x44, 0x4c, 0x55, 0x5b, 0x33, 0x3d, 0x68, 0x02, 0x67, 0x69, 0x12, 0x1e, 0x66, 0x6a, 0x22, 0x2e,
  0x54, 0x5c, 0x43, 0x4d, 0x65, 0x6b, 0x32, 0x3e, 0x78, 0x01, 0x77, 0x79, 0x53, 0x5d, 0x11, 0x1f,
  0x64, 0x6c, 0x42, 0x4e, 0x76, 0x7a, 0x21, 0x2f, 0x75, 0x7b, 0x31, 0x3f, 0x63, 0x6d, 0x52, 0x5e,
  0x00, 0x74, 0x7c, 0x41, 0x4f, 0x10, 0x20, 0x62, 0x6e, 0x30, 0x73, 0x7d, 0x51, 0x5f, 0x40, 0x72,
  0x7e, 0x61, 0x6f, 0x50, 0x71, 0x7f, 0x60, 0x70,
])

/** Size of a sub-sampled dimension: ceil(size / 2^bits). */
export const subSample = (size: number, bits: number): number => (size + (1 << bits) - 1) >> bits

const corrupt = (what: string) => new CodecError('corrupt', `The VP8L data has ${what}`)

/** The five prefix codes that decode one pixel. */
interface Group {
  readonly green: Int32Array
  readonly red: Int32Array
  readonly blue: Int32Array
  readonly alpha: Int32Array
  readonly distance: Int32Array
  /** When red, blue and alpha each have one symbol: those bits of every literal, else -1. */
  readonly literal: number
}

/** Reads the five codes of a group, counting its tables (4 bytes an entry) in `held`. */
function readGroup(br: BitReader, cacheSize: number, lengths: Uint8Array, held: HeldBytes): Group {
  const codes: PrefixCode[] = []
  for (let i = 0; i < 5; i++) {
    const size = i === 0 ? 280 + cacheSize : i === 4 ? 40 : 256
    const code = readPrefixCode(br, size, lengths)
    held.add(4 * code.table.length)
    codes.push(code)
  }
  const [green, red, blue, alpha, distance] = codes as [
    PrefixCode,
    PrefixCode,
    PrefixCode,
    PrefixCode,
    PrefixCode,
  ]
  const trivial = red.single >= 0 && blue.single >= 0 && alpha.single >= 0
  return {
    green: green.table,
    red: red.table,
    blue: blue.table,
    alpha: alpha.table,
    distance: distance.table,
    literal: trivial ? (alpha.single << 24) | (red.single << 16) | blue.single : -1,
  }
}

/** A length or distance from its prefix symbol and extra bits (RFC 9649 §5.2.2). */
function prefixValue(symbol: number, br: BitReader): number {
  if (symbol < 4) return symbol + 1
  const extra = (symbol - 2) >> 1
  return ((2 + (symbol & 1)) << extra) + br.read(extra) + 1
}

/**
 * Decodes one entropy-coded image in scan order. The sub-images (transform data, entropy image,
 * palette) are held whole; the main image keeps a ring of `RING_PIXELS` when it is larger.
 */
export class EntropyImage {
  /** The decoded pixels: pixel `i` is at `ring[i & mask]`. */
  readonly ring: Int32Array
  readonly mask: number
  /** Pixels decoded so far. */
  pos = 0
  private col = 0
  private row = 0
  private readonly total: number
  private readonly cache: Int32Array
  private readonly cacheShift: number
  private readonly groups: Group[]
  /** Group index by entropy-image block, or undefined for one group. */
  private readonly groupMap: Int32Array | undefined
  private readonly groupBits: number
  private readonly groupColumns: number

  /**
   * Reads the colour cache, meta prefix codes (`main` only) and groups of an image.
   * @throws CodecError('corrupt') for bad codes or cache bits, ('too_large') past `held`'s cap
   */
  constructor(
    private readonly br: BitReader,
    readonly width: number,
    readonly height: number,
    main: boolean,
    held: HeldBytes,
  ) {
    this.total = width * height
    const ringSize = main && this.total > RING_PIXELS ? RING_PIXELS : this.total
    // Counted before any code is read: a file cannot make us read far into what we refuse.
    held.add(4 * ringSize)
    let cacheBits = 0
    if (br.read(1) === 1) {
      cacheBits = br.read(4)
      if (cacheBits < 1 || cacheBits > 11) throw corrupt('colour cache bits out of range')
    }
    const cacheSize = cacheBits > 0 ? 1 << cacheBits : 0
    this.cache = new Int32Array(cacheSize)
    this.cacheShift = 32 - cacheBits
    let groupCount = 1
    let map: Int32Array | undefined
    let groupBits = 31
    let groupColumns = 0
    if (main && br.read(1) === 1) {
      groupBits = br.read(3) + 2
      groupColumns = subSample(width, groupBits)
      map = decodeSubImage(br, groupColumns, subSample(height, groupBits), held)
      // Groups no block uses are read and checked but not kept.
      let max = 0
      for (let i = 0; i < map.length; i++) {
        const g = (map[i]! >> 8) & 0xffff
        map[i] = g
        if (g > max) max = g
      }
      groupCount = max + 1
    }
    const dense = new Int32Array(groupCount).fill(-1)
    if (map !== undefined) {
      let next = 0
      for (let i = 0; i < map.length; i++) {
        const g = map[i]!
        if (dense[g] === -1) dense[g] = next++
        map[i] = dense[g]!
      }
    } else {
      dense[0] = 0
    }
    const lengths = new Uint8Array(280 + cacheSize)
    const groups: Group[] = []
    for (let g = 0; g < groupCount; g++) {
      if (dense[g] === -1) {
        readGroup(br, cacheSize, lengths, new HeldBytes())
      } else {
        groups[dense[g]!] = readGroup(br, cacheSize, lengths, held)
      }
    }
    this.groups = groups
    this.groupMap = map
    this.groupBits = groupBits
    this.groupColumns = groupColumns
    this.ring = new Int32Array(ringSize)
    this.mask = ringSize === this.total ? -1 : ringSize - 1
    br.checkEnd()
  }

  private groupAt(col: number, row: number): Group {
    const map = this.groupMap
    if (map === undefined) return this.groups[0]!
    const bits = this.groupBits
    return this.groups[map[(row >> bits) * this.groupColumns + (col >> bits)]!]!
  }

  /**
   * Decodes pixels until at least `end` of them are done (a backward reference may run past it).
   * @throws CodecError('corrupt') for a bad symbol or reference, or when the data runs out
   */
  decodeTo(end: number): void {
    const br = this.br
    const ring = this.ring
    const mask = this.mask
    const width = this.width
    const total = this.total
    const cache = this.cache
    const cacheShift = this.cacheShift
    const useCache = cache.length > 0
    const groupMask = this.groupMap === undefined ? -1 : (1 << this.groupBits) - 1
    let pos = this.pos
    let col = this.col
    let row = this.row
    if (end > total) end = total
    let group = this.groupAt(col, row)
    // The bit buffer lives in locals here (the reader's fields only around backward references):
    // a literal pixel is up to four table look-ups, the common case to keep tight.
    const data = br.data
    const length = data.length
    let val = br.val
    let count = br.count
    let at = br.pos
    while (pos < end) {
      if ((col & groupMask) === 0) group = this.groupAt(col, row)
      if (count < 15) {
        for (; count <= 24; count += 8) if (at++ < length) val |= data[at - 1]! << count
      }
      let table = group.green
      let entry = table[val & 0xff]!
      let bits = entry >>> 16
      if (bits > 8) {
        entry = table[(entry & 0xffff) + ((val >>> 8) & ((1 << (bits - 8)) - 1))]!
        bits = 8 + (entry >>> 16)
      }
      val = (val >>> bits) | 0
      count -= bits
      const green = entry & 0xffff
      if (green < 256) {
        let pixel = group.literal
        if (pixel !== -1) {
          pixel |= green << 8
        } else {
          pixel = green << 8
          // Red, blue and alpha: the same look-up as green's.
          if (count < 15) {
            for (; count <= 24; count += 8) if (at++ < length) val |= data[at - 1]! << count
          }
          table = group.red
          entry = table[val & 0xff]!
          bits = entry >>> 16
          if (bits > 8) {
            entry = table[(entry & 0xffff) + ((val >>> 8) & ((1 << (bits - 8)) - 1))]!
            bits = 8 + (entry >>> 16)
          }
          val = (val >>> bits) | 0
          count -= bits
          pixel |= (entry & 0xffff) << 16
          if (count < 15) {
            for (; count <= 24; count += 8) if (at++ < length) val |= data[at - 1]! << count
          }
          table = group.blue
          entry = table[val & 0xff]!
          bits = entry >>> 16
          if (bits > 8) {
            entry = table[(entry & 0xffff) + ((val >>> 8) & ((1 << (bits - 8)) - 1))]!
            bits = 8 + (entry >>> 16)
          }
          val = (val >>> bits) | 0
          count -= bits
          pixel |= entry & 0xffff
          if (count < 15) {
            for (; count <= 24; count += 8) if (at++ < length) val |= data[at - 1]! << count
          }
          table = group.alpha
          entry = table[val & 0xff]!
          bits = entry >>> 16
          if (bits > 8) {
            entry = table[(entry & 0xffff) + ((val >>> 8) & ((1 << (bits - 8)) - 1))]!
            bits = 8 + (entry >>> 16)
          }
          val = (val >>> bits) | 0
          count -= bits
          pixel |= (entry & 0xffff) << 24
        }
        ring[pos & mask] = pixel
        if (useCache) cache[Math.imul(pixel, 0x1e35a7bd) >>> cacheShift] = pixel
        pos++
        if (++col === width) {
          col = 0
          row++
        }
      } else if (green < 280) {
        br.val = val
        br.count = count
        br.pos = at
        const copy = prefixValue(green - 256, br)
        const code = prefixValue(readSymbol(group.distance, br), br)
        val = br.val
        count = br.count
        at = br.pos
        let distance: number
        if (code > 120) {
          distance = code - 120
        } else {
          const m = DISTANCE_MAP[code - 1]!
          distance = (m >> 4) * width + 8 - (m & 0xf)
          if (distance < 1) distance = 1
        }
        if (distance > pos || copy > total - pos) throw corrupt('a backward reference out of range')
        const stop = pos + copy
        if (useCache) {
          for (; pos < stop; pos++) {
            const pixel = ring[(pos - distance) & mask]!
            ring[pos & mask] = pixel
            cache[Math.imul(pixel, 0x1e35a7bd) >>> cacheShift] = pixel
          }
        } else {
          for (; pos < stop; pos++) ring[pos & mask] = ring[(pos - distance) & mask]!
        }
        col += copy
        if (col >= width) {
          row += (col / width) | 0
          col %= width
        }
        if (pos < end && (col & groupMask) !== 0) group = this.groupAt(col, row)
      } else if (green - 280 < cache.length) {
        const pixel = cache[green - 280]!
        ring[pos & mask] = pixel
        cache[Math.imul(pixel, 0x1e35a7bd) >>> cacheShift] = pixel
        pos++
        if (++col === width) {
          col = 0
          row++
        }
      } else {
        throw corrupt('a colour cache symbol without a cache')
      }
    }
    this.pos = pos
    this.col = col
    this.row = row
    br.val = val
    br.count = count
    br.pos = at
    br.checkEnd()
  }

  /** Copies row `y` (`width` pixels, all decoded) out of the ring. */
  readRow(y: number, out: Int32Array): void {
    const width = this.width
    const mask = this.mask
    const start = y * width
    if (mask === -1) {
      out.set(this.ring.subarray(start, start + width))
      return
    }
    const from = start & mask
    const first = Math.min(width, this.ring.length - from)
    out.set(this.ring.subarray(from, from + first))
    if (first < width) out.set(this.ring.subarray(0, width - first), first)
  }
}

/**
 * Decodes a whole sub-image (no transforms, no meta prefix codes) of `width` × `height`.
 * @throws CodecError('too_large') past `held`'s cap
 */
export function decodeSubImage(
  br: BitReader,
  width: number,
  height: number,
  held: HeldBytes,
): Int32Array {
  const image = new EntropyImage(br, width, height, false, held)
  image.decodeTo(width * height)
  return image.ring
}
