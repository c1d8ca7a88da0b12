import { describe, expect, it } from 'vitest'
import { FieldType, readFirstIfd, readHeader, Tag } from '../../../src/codecs/tiff/ifd'
import { isTiff, probeTiff, TIFF_EXTENSION, TIFF_MIME } from '../../../src/codecs/tiff/meta'

type Value = number | [number, number]

/** Writes one value of `type` at `at`. */
function writeValue(v: DataView, type: number, at: number, x: Value, le: boolean): void {
  const n = typeof x === 'number' ? x : 0
  if (type === FieldType.SHORT) v.setUint16(at, n, le)
  else if (type === FieldType.SSHORT) v.setInt16(at, n, le)
  else if (type === FieldType.LONG || type === FieldType.IFD) v.setUint32(at, n, le)
  else if (type === FieldType.SLONG) v.setInt32(at, n, le)
  else if (type === FieldType.FLOAT) v.setFloat32(at, n, le)
  else if (type === FieldType.DOUBLE) v.setFloat64(at, n, le)
  else if (type === FieldType.SBYTE) v.setInt8(at, n)
  else if (type === FieldType.RATIONAL || type === FieldType.SRATIONAL) {
    const [num, den] = x as [number, number]
    if (type === FieldType.RATIONAL) {
      v.setUint32(at, num, le)
      v.setUint32(at + 4, den, le)
    } else {
      v.setInt32(at, num, le)
      v.setInt32(at + 4, den, le)
    }
  } else v.setUint8(at, n)
}

/** Encodes `values` of `type` in the given byte order. */
function encodeValues(type: number, values: Value[], le: boolean): Uint8Array {
  const size = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 }[
    type
  ]!
  const out = new Uint8Array(values.length * size)
  const v = new DataView(out.buffer)
  for (let i = 0; i < values.length; i++) writeValue(v, type, i * size, values[i]!, le)
  return out
}

interface RawEntry {
  tag: number
  type: number
  values: Value[]
}

/** Header + one IFD at offset 8 + out-of-line values, in either byte order. */
function tiff(le: boolean, entries: RawEntry[]): Uint8Array {
  const ifdBytes = 2 + entries.length * 12 + 4
  const blobs = entries.map((e) => encodeValues(e.type, e.values, le))
  const extra = blobs.reduce((n, b) => n + (b.length > 4 ? b.length + (b.length & 1) : 0), 0)
  const out = new Uint8Array(8 + ifdBytes + extra)
  const v = new DataView(out.buffer)
  out.set(le ? [0x49, 0x49] : [0x4d, 0x4d])
  v.setUint16(2, 42, le)
  v.setUint32(4, 8, le)
  v.setUint16(8, entries.length, le)
  let valueAt = 8 + ifdBytes
  entries.forEach((e, i) => {
    const at = 10 + i * 12
    const blob = blobs[i]!
    v.setUint16(at, e.tag, le)
    v.setUint16(at + 2, e.type, le)
    v.setUint32(at + 4, e.values.length, le)
    if (blob.length <= 4) out.set(blob, at + 8)
    else {
      v.setUint32(at + 8, valueAt, le)
      out.set(blob, valueAt)
      valueAt += blob.length + (blob.length & 1)
    }
  })
  return out
}

const ALL_TYPES: RawEntry[] = [
  { tag: 1000, type: FieldType.BYTE, values: [1, 255] },
  { tag: 1001, type: FieldType.ASCII, values: [...'hello'].map((c) => c.charCodeAt(0)) },
  { tag: 1002, type: FieldType.SHORT, values: [3, 65535] },
  { tag: 1003, type: FieldType.LONG, values: [4, 4_000_000_000] },
  {
    tag: 1004,
    type: FieldType.RATIONAL,
    values: [
      [300, 1],
      [1, 3],
    ],
  },
  { tag: 1005, type: FieldType.SBYTE, values: [-5] },
  { tag: 1006, type: FieldType.UNDEFINED, values: [9, 8, 7, 6, 5] },
  { tag: 1007, type: FieldType.SSHORT, values: [-300] },
  { tag: 1008, type: FieldType.SLONG, values: [-70_000, 70_000] },
  { tag: 1009, type: FieldType.SRATIONAL, values: [[-1, 4]] },
  { tag: 1010, type: FieldType.FLOAT, values: [1.5] },
  { tag: 1011, type: FieldType.DOUBLE, values: [Math.PI] },
  { tag: 1012, type: FieldType.IFD, values: [1234] },
  { tag: 1013, type: FieldType.RATIONAL, values: [[5, 0]] },
]

describe('ifd', () => {
  it.each([
    ['little', true],
    ['big', false],
  ])('reads every field type, in line and out of line, %s-endian', (_, le) => {
    const ifd = readFirstIfd(tiff(le, ALL_TYPES))
    if (!ifd.ok) throw new Error(ifd.error)
    const all = (tag: number) => {
      const entry = ifd.value.entry(tag)!
      return Array.from({ length: entry.count }, (_, i) => ifd.value.valueAt(entry, i))
    }
    expect(all(1000)).toEqual([1, 255])
    expect(all(1001)).toEqual([104, 101, 108, 108, 111])
    expect(all(1002)).toEqual([3, 65535])
    expect(all(1003)).toEqual([4, 4_000_000_000])
    expect(all(1004)).toEqual([300, 1 / 3])
    expect(all(1005)).toEqual([-5])
    expect(all(1006)).toEqual([9, 8, 7, 6, 5])
    expect(all(1007)).toEqual([-300])
    expect(all(1008)).toEqual([-70_000, 70_000])
    expect(all(1009)).toEqual([-0.25])
    expect(all(1010)).toEqual([1.5])
    expect(all(1011)).toEqual([Math.PI])
    expect(all(1012)).toEqual([1234])
    expect(all(1013)).toEqual([Number.NaN])
    expect(ifd.value.number(1002, 7)).toEqual({ ok: true, value: 3 })
    expect(ifd.value.number(999, 7)).toEqual({ ok: true, value: 7 })
    expect(ifd.value.numbers(1003, 2)).toEqual({ ok: true, value: [4, 4_000_000_000] })
  })

  it('skips entries of unknown type and keeps the first of a repeated tag', () => {
    const file = tiff(true, [
      { tag: 500, type: FieldType.SHORT, values: [1] },
      { tag: 500, type: FieldType.SHORT, values: [2] },
      { tag: 501, type: FieldType.SHORT, values: [3] },
    ])
    new DataView(file.buffer).setUint16(10 + 2 * 12 + 2, 99, true)
    const ifd = readFirstIfd(file)
    expect(ifd.ok && ifd.value.number(500)).toEqual({ ok: true, value: 1 })
    expect(ifd.ok && ifd.value.entry(501)).toBeUndefined()
  })

  it('refuses values that lie outside the file, and arrays over the caller limit', () => {
    const file = tiff(true, [{ tag: 600, type: FieldType.LONG, values: [1, 2, 3] }])
    const ifd = readFirstIfd(file)
    if (!ifd.ok) throw new Error(ifd.error)
    expect(ifd.value.numbers(600, 2).ok).toBe(false)
    new DataView(file.buffer).setUint32(10 + 8, file.length - 4, true)
    const broken = readFirstIfd(file)
    if (!broken.ok) throw new Error(broken.error)
    expect(broken.value.entry(600)?.inBounds).toBe(false)
    expect(broken.value.number(600)).toMatchObject({ ok: false })
    expect(broken.value.numbers(600, 10)).toMatchObject({ ok: false })
  })

  it('reads both header byte orders and refuses BigTIFF and bad headers', () => {
    expect(readHeader(tiff(true, ALL_TYPES))).toEqual({
      ok: true,
      value: { littleEndian: true, firstIfdOffset: 8 },
    })
    expect(readHeader(tiff(false, ALL_TYPES))).toEqual({
      ok: true,
      value: { littleEndian: false, firstIfdOffset: 8 },
    })
    const big = new Uint8Array([0x4d, 0x4d, 0, 43, 0, 8, 0, 0, 0, 0, 0, 16])
    expect(readHeader(big)).toEqual({ ok: false, error: 'BigTIFF files are not supported' })
    expect(readHeader(new Uint8Array([0x49, 0x49, 41, 0, 8, 0, 0, 0, 0, 0])).ok).toBe(false)
    expect(readHeader(new Uint8Array([0x49, 0x49, 42, 0, 4, 0, 0, 0, 0, 0])).ok).toBe(false)
    expect(readHeader(new Uint8Array([0x49, 0x49, 42, 0, 0xff, 0, 0, 0, 0, 0])).ok).toBe(false)
  })

  it('refuses an IFD with no entries', () => {
    const file = new Uint8Array([0x49, 0x49, 42, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(readFirstIfd(file)).toEqual({ ok: false, error: 'TIFF IFD has no entries' })
  })
})

describe('meta', () => {
  const dims = (le: boolean, type: number) =>
    tiff(le, [
      { tag: Tag.ImageWidth, type, values: [2480] },
      { tag: Tag.ImageLength, type, values: [3508] },
    ])

  it('names the format', () => {
    expect([TIFF_MIME, TIFF_EXTENSION]).toEqual(['image/tiff', 'tif'])
  })

  it('recognises both TIFF byte orders and nothing else', () => {
    expect(isTiff(dims(true, FieldType.SHORT))).toBe(true)
    expect(isTiff(dims(false, FieldType.LONG))).toBe(true)
    expect(isTiff(new Uint8Array([0x49, 0x49, 0x2a]))).toBe(false)
    expect(isTiff(new Uint8Array([0x49, 0x49, 0, 0x2a]))).toBe(false)
    expect(isTiff(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe(false)
  })

  it.each([
    ['little-endian SHORT', true, FieldType.SHORT],
    ['big-endian LONG', false, FieldType.LONG],
  ])('probes width and height from %s tags', (_, le, type) => {
    expect(probeTiff(dims(le, type))).toEqual({ ok: true, value: { width: 2480, height: 3508 } })
  })

  it('fails on BigTIFF, broken offsets and missing dimensions', () => {
    const big = new Uint8Array([0x49, 0x49, 43, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(probeTiff(big)).toEqual({ ok: false, error: 'BigTIFF files are not supported' })
    const file = dims(true, FieldType.SHORT)
    new DataView(file.buffer).setUint32(4, 1 << 30, true)
    expect(probeTiff(file).ok).toBe(false)
    const truncated = dims(true, FieldType.SHORT).subarray(0, 20)
    expect(probeTiff(truncated).ok).toBe(false)
    const noHeight = tiff(true, [{ tag: Tag.ImageWidth, type: FieldType.SHORT, values: [5] }])
    expect(probeTiff(noHeight)).toEqual({
      ok: false,
      error: 'TIFF is missing ImageWidth or ImageLength',
    })
  })
})
