/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest'
import { openPng } from '../../../src/codecs/png/decode'
import {
  isPng,
  PNG_EXTENSION,
  PNG_MIME,
  probePng,
  readPngHeader,
} from '../../../src/codecs/png/meta'
import { concatBytes } from '../../../src/lib/bytes'
import { crc32 } from '../../../src/lib/crc32'
import expected from '../../fixtures/png/expected-rgba.json'
import { base64Bytes } from '../../support/fixtures'

// Fixtures arrive as base64 data URLs: workerd has no file system, and Vite inlines PNG assets.
const FIXTURE_URLS = import.meta.glob<string>('../../fixtures/png/*.png', {
  query: '?inline',
  import: 'default',
  eager: true,
})

function fixture(name: string): Uint8Array {
  const url = FIXTURE_URLS[`../../fixtures/png/${name}`]
  if (!url) throw new Error(`no fixture ${name}`)
  return base64Bytes(url)
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10]

/** Signature + IHDR with the given fields, and a correct CRC unless `badCrc`. */
function header(fields: {
  width?: number
  height?: number
  bitDepth?: number
  colourType?: number
  compression?: number
  filter?: number
  interlace?: number
  badCrc?: boolean
}): Uint8Array {
  const out = new Uint8Array(33)
  const view = new DataView(out.buffer)
  out.set(SIGNATURE)
  view.setUint32(8, 13)
  out.set([0x49, 0x48, 0x44, 0x52], 12)
  view.setUint32(16, fields.width ?? 10)
  view.setUint32(20, fields.height ?? 20)
  out.set(
    [
      fields.bitDepth ?? 8,
      fields.colourType ?? 2,
      fields.compression ?? 0,
      fields.filter ?? 0,
      fields.interlace ?? 0,
    ],
    24,
  )
  view.setUint32(29, (crc32(out.subarray(12, 29)) ^ (fields.badCrc ? 1 : 0)) >>> 0)
  return out
}

describe('codecs/png/meta', () => {
  it('names the PNG MIME type and extension', () => {
    expect(PNG_MIME).toBe('image/png')
    expect(PNG_EXTENSION).toBe('png')
  })

  it('recognises the 8-byte signature and nothing shorter or different', () => {
    expect(isPng(fixture('gray8.png'))).toBe(true)
    expect(isPng(new Uint8Array(SIGNATURE))).toBe(true)
    expect(isPng(new Uint8Array(SIGNATURE.slice(0, 7)))).toBe(false)
    expect(isPng(new Uint8Array(0))).toBe(false)
    expect(isPng(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]))).toBe(false)
    const crlfDamaged = new Uint8Array(SIGNATURE)
    crlfDamaged[4] = 10
    expect(isPng(crlfDamaged)).toBe(false)
  })

  it('probes the dimensions ImageMagick reports, for every fixture', () => {
    const entries = Object.entries(expected as Record<string, { width: number; height: number }>)
    expect(entries.length).toBeGreaterThan(30)
    for (const [name, { width, height }] of entries) {
      expect(probePng(fixture(name)), name).toEqual({ ok: true, value: { width, height } })
    }
  })

  it('reads only the first 33 bytes', () => {
    const bytes = fixture('adam7-rgb8-33x17.png')
    expect(probePng(bytes.subarray(0, 33))).toEqual({ ok: true, value: { width: 33, height: 17 } })
    expect(readPngHeader(bytes.subarray(0, 33))).toEqual({
      ok: true,
      value: { width: 33, height: 17, bitDepth: 8, colourType: 2, interlaced: true },
    })
  })

  it('never inflates: a file whose IDAT is garbage still probes', () => {
    const idat = new Uint8Array([0, 0, 0, 4, 0x49, 0x44, 0x41, 0x54, 1, 2, 3, 4, 0, 0, 0, 0])
    const garbage = concatBytes([header({ width: 640, height: 480 }), idat])
    expect(probePng(garbage)).toEqual({ ok: true, value: { width: 640, height: 480 } })
    expect(openPng(garbage).ok).toBe(false)
  })

  it('accepts the largest dimension, 2^31 - 1', () => {
    const result = probePng(header({ width: 0x7fffffff, height: 0x7fffffff }))
    expect(result).toEqual({ ok: true, value: { width: 0x7fffffff, height: 0x7fffffff } })
  })

  it('says what is wrong with a header it refuses', () => {
    const cases: [Uint8Array, RegExp][] = [
      [new TextEncoder().encode('GIF89a....................................'), /signature/],
      [header({}).subarray(0, 32), /too short/],
      [header({ badCrc: true }), /CRC/],
      [header({ width: 0 }), /width 0/],
      [header({ height: 0x80000000 }), /height 2147483648/],
      [header({ colourType: 5 }), /colour type 5/],
      [header({ colourType: 3, bitDepth: 16 }), /bit depth 16 for colour type 3/],
      [header({ colourType: 6, bitDepth: 4 }), /bit depth 4 for colour type 6/],
      [header({ colourType: 0, bitDepth: 3 }), /bit depth 3/],
      [header({ compression: 1 }), /compression method 1/],
      [header({ filter: 1 }), /filter method 1/],
      [header({ interlace: 2 }), /interlace method 2/],
    ]
    for (const [bytes, message] of cases) {
      const result = probePng(bytes)
      expect(result.ok, String(message)).toBe(false)
      if (!result.ok) expect(result.error).toMatch(message)
    }
  })

  it('refuses a file whose first chunk is not IHDR', () => {
    const bytes = header({})
    bytes.set([0x67, 0x41, 0x4d, 0x41], 12)
    expect(probePng(bytes)).toEqual({ ok: false, error: 'the first chunk is not a 13-byte IHDR' })
  })

  it('accepts every colour type and bit depth pair the spec allows, and no other', () => {
    const allowed = new Set(['0/1', '0/2', '0/4', '0/8', '0/16', '2/8', '2/16', '3/1', '3/2'])
    for (const pair of ['3/4', '3/8', '4/8', '4/16', '6/8', '6/16']) allowed.add(pair)
    for (let colourType = 0; colourType <= 7; colourType++) {
      for (const bitDepth of [0, 1, 2, 3, 4, 8, 16, 32]) {
        const key = `${colourType}/${bitDepth}`
        expect(probePng(header({ colourType, bitDepth })).ok, key).toBe(allowed.has(key))
      }
    }
  })
})
