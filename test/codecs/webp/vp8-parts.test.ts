// The VP8 decoder's pieces on their own: the boolean decoder against a boolean encoder written
// from RFC 6386 §7.3, the inverse DCT and WHT against the RFC's reference code (§14.3, §14.4), and
// the key-frame header's fields against the encoder options that produced them.

import { describe, expect, it } from 'vitest'
import { BoolDecoder } from '../../../src/codecs/webp/vp8/bool-decoder'
import { parseHeader } from '../../../src/codecs/webp/vp8/header'
import { dcAdd, idctAdd, inverseWht } from '../../../src/codecs/webp/vp8/transform'
import { CodecError } from '../../../src/lib/codec-error'
import { xorshift } from '../../support/fuzz'
import { encodeWebp, webpChunk } from '../../support/webp'

/** RFC 6386 §7.3's boolean encoder. */
function boolEncode(bits: readonly number[], probs: readonly number[]): Uint8Array {
  const out: number[] = []
  let range = 255
  let bottom = 0
  let bitCount = 24
  const addOne = () => {
    let i = out.length - 1
    while (i >= 0 && out[i] === 255) out[i--] = 0
    out[i]!++
  }
  bits.forEach((bit, i) => {
    const split = 1 + (((range - 1) * probs[i]!) >> 8)
    if (bit) {
      bottom += split
      range -= split
    } else {
      range = split
    }
    while (range < 128) {
      range <<= 1
      if (bottom & (1 << 31)) addOne()
      bottom = (bottom << 1) & 0xffffffff
      if (!--bitCount) {
        out.push((bottom >>> 24) & 0xff)
        bottom &= (1 << 24) - 1
        bitCount = 8
      }
    }
  })
  for (let i = 0; i < 32; i++) {
    if (bottom & (1 << 31)) addOne()
    bottom = (bottom << 1) & 0xffffffff
    if (!--bitCount) {
      out.push((bottom >>> 24) & 0xff)
      bottom &= (1 << 24) - 1
      bitCount = 8
    }
  }
  return Uint8Array.from(out)
}

describe('BoolDecoder', () => {
  it('reads back what the RFC encoder wrote, at every probability', () => {
    const next = xorshift(5)
    const probs = Array.from({ length: 5000 }, () => 1 + (next() % 255))
    const bits = probs.map((p) => (next() % 256 >= p ? 1 : 0))
    const data = boolEncode(bits, probs)
    const br = new BoolDecoder(data, 0, data.length)
    expect(probs.map((p) => br.getBit(p))).toEqual(bits)
    expect(br.eof).toBe(false)
  })

  it('flags eof once it needs bytes past the end, and keeps going without reading them', () => {
    const data = new Uint8Array([0xff, 0x00, 0x55])
    const br = new BoolDecoder(data, 0, 2)
    for (let i = 0; i < 100; i++) br.getBit(128)
    expect(br.eof).toBe(true)
    expect(new BoolDecoder(data, 0, 0).eof).toBe(true)
  })

  it('reads literals most significant bit first, and signed values', () => {
    const bits = [1, 0, 1, 1, 0, 1, 1, 1, 0]
    const data = boolEncode(bits, Array(bits.length).fill(128))
    const br = new BoolDecoder(data, 0, data.length)
    expect(br.getValue(4)).toBe(0b1011)
    expect(br.getSignedValue(3)).toBe(-0b011)
    expect(br.getOptionalSigned(1)).toBe(0)
  })
})

/** RFC 6386 §14.3 vp8_short_idct4x4llm_c, then the prediction added and clamped. */
function referenceIdct(input: Int16Array, pred: Uint8Array): Uint8Array {
  const c1 = 20091
  const s1 = 35468
  const tmp = new Int16Array(16)
  for (let i = 0; i < 4; i++) {
    const a1 = input[i]! + input[8 + i]!
    const b1 = input[i]! - input[8 + i]!
    let t1 = (input[4 + i]! * s1) >> 16
    let t2 = input[12 + i]! + ((input[12 + i]! * c1) >> 16)
    const cc = t1 - t2
    t1 = input[4 + i]! + ((input[4 + i]! * c1) >> 16)
    t2 = (input[12 + i]! * s1) >> 16
    const d1 = t1 + t2
    tmp[i] = a1 + d1
    tmp[12 + i] = a1 - d1
    tmp[4 + i] = b1 + cc
    tmp[8 + i] = b1 - cc
  }
  const out = new Uint8Array(16)
  for (let r = 0; r < 4; r++) {
    const ip = r * 4
    const a1 = tmp[ip]! + tmp[ip + 2]!
    const b1 = tmp[ip]! - tmp[ip + 2]!
    let t1 = (tmp[ip + 1]! * s1) >> 16
    let t2 = tmp[ip + 3]! + ((tmp[ip + 3]! * c1) >> 16)
    const cc = t1 - t2
    t1 = tmp[ip + 1]! + ((tmp[ip + 1]! * c1) >> 16)
    t2 = (tmp[ip + 3]! * s1) >> 16
    const d1 = t1 + t2
    const res = [(a1 + d1 + 4) >> 3, (b1 + cc + 4) >> 3, (b1 - cc + 4) >> 3, (a1 - d1 + 4) >> 3]
    for (let c = 0; c < 4; c++) out[ip + c] = Math.min(255, Math.max(0, pred[ip + c]! + res[c]!))
  }
  return out
}

/** RFC 6386 §14.3 vp8_short_inv_walsh4x4_c. */
function referenceWht(input: Int16Array): number[] {
  const t = new Array<number>(16)
  for (let i = 0; i < 4; i++) {
    const a1 = input[i]! + input[12 + i]!
    const b1 = input[4 + i]! + input[8 + i]!
    const c1 = input[4 + i]! - input[8 + i]!
    const d1 = input[i]! - input[12 + i]!
    t[i] = a1 + b1
    t[4 + i] = c1 + d1
    t[8 + i] = a1 - b1
    t[12 + i] = d1 - c1
  }
  const out: number[] = []
  for (let r = 0; r < 4; r++) {
    const ip = r * 4
    const a1 = t[ip]! + t[ip + 3]!
    const b1 = t[ip + 1]! + t[ip + 2]!
    const c1 = t[ip + 1]! - t[ip + 2]!
    const d1 = t[ip]! - t[ip + 3]!
    out.push((a1 + b1 + 3) >> 3, (c1 + d1 + 3) >> 3, (a1 - b1 + 3) >> 3, (d1 - c1 + 3) >> 3)
  }
  return out
}

describe('inverse transforms', () => {
  it('the inverse DCT matches the RFC reference on random blocks and predictions', () => {
    const next = xorshift(11)
    for (let round = 0; round < 2000; round++) {
      const input = new Int16Array(16)
      const sparse = round % 3 === 0
      for (let i = 0; i < 16; i++) {
        if (!sparse || i === 0 || next() % 4 === 0) input[i] = (next() % 4001) - 2000
      }
      const pred = Uint8Array.from({ length: 16 }, () => next() % 256)
      const dst = new Uint8ClampedArray(pred)
      idctAdd(input, 0, dst, 0, 4)
      expect(Array.from(dst)).toEqual(Array.from(referenceIdct(input, pred)))
    }
  })

  it('the DC-only shortcut equals the full transform', () => {
    for (let dc = -2048; dc <= 2047; dc += 7) {
      const input = new Int16Array(16)
      input[0] = dc
      const a = new Uint8ClampedArray(16).fill(100)
      const b = new Uint8ClampedArray(16).fill(100)
      idctAdd(input, 0, a, 0, 4)
      dcAdd(input, 0, b, 0, 4)
      expect(b).toEqual(a)
    }
  })

  it('the inverse WHT matches the RFC reference and lands in the luma DCs', () => {
    const next = xorshift(3)
    for (let round = 0; round < 500; round++) {
      const input = Int16Array.from({ length: 16 }, () => (next() % 8001) - 4000)
      const out = new Int16Array(256)
      inverseWht(input, out)
      expect(Array.from({ length: 16 }, (_, i) => out[i * 16])).toEqual(referenceWht(input))
    }
  })
})

describe('key-frame header', () => {
  async function payload(
    width: number,
    height: number,
    options: Record<string, number>,
  ): Promise<Uint8Array> {
    const next = xorshift(width * height)
    // Flat on the left, noise on the right: segmentation has two kinds of macroblock to tell apart.
    const data = new Uint8ClampedArray(width * height * 4).map((_, i) =>
      (i & 3) === 3 ? 255 : (i >> 2) % width < width / 2 ? 90 : next() % 256,
    )
    return webpChunk(await encodeWebp({ data, width, height }, options), 'VP8 ')
  }

  // libwebp's encoder writes one token partition whenever it keeps rate-distortion tokens
  // (method 3 and up), so the partition cases use methods 0-2.
  it('carries the size, filter type, sharpness and partition count the encoder was given', async () => {
    const cases: [Record<string, number>, 0 | 1 | 2, number, number][] = [
      [{ quality: 30, filter_strength: 60, filter_type: 0, filter_sharpness: 3 }, 1, 3, 1],
      [
        {
          quality: 30,
          filter_strength: 60,
          filter_type: 1,
          filter_sharpness: 7,
          partitions: 3,
          method: 2,
        },
        2,
        7,
        8,
      ],
      [{ quality: 30, filter_strength: 0, partitions: 1, method: 0 }, 0, 0, 2],
      [{ quality: 30, filter_strength: 80, filter_type: 1, partitions: 2, method: 1 }, 2, 0, 4],
    ]
    for (const [options, filterType, sharpness, partitions] of cases) {
      const h = parseHeader(await payload(70, 35, options))
      expect(h.frame).toEqual({
        width: 70,
        height: 35,
        mbWidth: 5,
        mbHeight: 3,
        filterType,
        sharpness,
      })
      expect(h.partitions.length).toBe(partitions)
    }
  })

  it('codes segment ids only with more than one segment', async () => {
    expect(parseHeader(await payload(64, 64, { quality: 50, segments: 1 })).updateMap).toBe(false)
    expect(
      parseHeader(await payload(64, 64, { quality: 50, segments: 4, sns_strength: 80 })).updateMap,
    ).toBe(true)
  })

  it('rejects bad start codes, zero sizes and oversized first partitions as corrupt', async () => {
    const good = await payload(16, 16, { quality: 50 })
    const broken = (edit: (p: Uint8Array) => void) => {
      const p = good.slice()
      edit(p)
      try {
        parseHeader(p)
        return 'ok'
      } catch (e) {
        return e instanceof CodecError ? e.reason : 'other'
      }
    }
    expect(broken(() => {})).toBe('ok')
    expect(broken((p) => (p[3] = 0))).toBe('corrupt')
    expect(broken((p) => p.fill(0, 6, 8))).toBe('corrupt')
    expect(broken((p) => (p[2] = 0xff))).toBe('corrupt')
    expect(broken((p) => (p[0]! |= 1))).toBe('unsupported')
  })
})
