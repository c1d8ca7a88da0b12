// A small baseline JPEG writer for tests only (ITU-T T.81 Annex F encoding, Annex K.2 optimal
// Huffman tables): it makes the files no encoder here writes (restart intervals, non-interleaved
// scans, plain Adobe CMYK, odd sampling factors, missing or renumbered RST markers), from
// component planes given at their own resolution. Not used by the service.

/** One component, with its samples at its own resolution (⌈W·h/hMax⌉ × ⌈H·v/vMax⌉). */
export interface WriterComponent {
  id: number
  h: number
  v: number
  /** quantization table slot */
  tq: number
  samples: Uint8Array
}

/** What to write. */
export interface WriterOptions {
  width: number
  height: number
  components: WriterComponent[]
  /** quantization tables by slot, natural order */
  quant: Uint16Array[]
  /** component indexes of each scan; default one interleaved scan of all components */
  scans?: number[][]
  /** restart interval in MCUs (0 = none) */
  restartInterval?: number
  /** which RST markers (0-based count within a scan) to leave out */
  dropRestarts?: (index: number) => boolean
  /** RST number to write for a marker (default index % 8) */
  restartNumber?: (index: number) => number
  /** whole segments (marker included) written right after SOI */
  segments?: Uint8Array[]
  /** frame marker byte, default 0xC0 */
  sof?: number
}

/** Zigzag index → natural index (T.81 Figure A.6). */
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
  13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52,
  45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]

/** cos((2x + 1) u π / 16) · C(u) / 2, by u · 8 + x. */
const BASIS = Float64Array.from({ length: 64 }, (_, i) => {
  const u = i >> 3
  const x = i & 7
  return ((u === 0 ? Math.SQRT1_2 : 1) / 2) * Math.cos(((2 * x + 1) * u * Math.PI) / 16)
})

/** Forward DCT (A.3.3) of 64 level-shifted samples, natural order. */
function fdct(block: Float64Array): Float64Array {
  const rows = new Float64Array(64)
  for (let y = 0; y < 8; y++) {
    for (let u = 0; u < 8; u++) {
      let s = 0
      for (let x = 0; x < 8; x++) s += block[y * 8 + x]! * BASIS[u * 8 + x]!
      rows[y * 8 + u] = s
    }
  }
  const out = new Float64Array(64)
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let s = 0
      for (let y = 0; y < 8; y++) s += rows[y * 8 + u]! * BASIS[v * 8 + y]!
      out[v * 8 + u] = s
    }
  }
  return out
}

/** Quantized blocks of one component in block raster order, padded by edge replication. */
function componentBlocks(
  c: WriterComponent,
  width: number,
  height: number,
  blocksAcross: number,
  blocksDown: number,
  quant: Uint16Array,
): Int16Array[][] {
  const out: Int16Array[][] = []
  const block = new Float64Array(64)
  for (let by = 0; by < blocksDown; by++) {
    const row: Int16Array[] = []
    for (let bx = 0; bx < blocksAcross; bx++) {
      for (let y = 0; y < 8; y++) {
        const sy = Math.min(by * 8 + y, height - 1)
        for (let x = 0; x < 8; x++) {
          const sx = Math.min(bx * 8 + x, width - 1)
          block[y * 8 + x] = c.samples[sy * width + sx]! - 128
        }
      }
      const coefs = fdct(block)
      const q = new Int16Array(64)
      for (let k = 0; k < 64; k++) q[k] = Math.round(coefs[k]! / quant[k]!)
      row.push(q)
    }
    out.push(row)
  }
  return out
}

/** Magnitude category of a value (F.1.2.1). */
const category = (v: number): number => (v === 0 ? 0 : 32 - Math.clz32(Math.abs(v)))

/** A Huffman table as BITS/HUFFVAL plus the code and length of each symbol. */
interface Table {
  counts: number[]
  values: number[]
  code: number[]
  size: number[]
}

/** Code lengths from frequencies (K.2), limited to 16 bits, with one code point reserved. */
function optimalTable(freq: number[]): Table {
  const f = [...freq, 1]
  const size = new Array<number>(257).fill(0)
  const others = new Array<number>(257).fill(-1)
  for (;;) {
    let c1 = -1
    let c2 = -1
    for (let i = 0; i < 257; i++) {
      if (f[i] === 0) continue
      if (c1 < 0 || f[i]! <= f[c1]!) {
        c2 = c1
        c1 = i
      } else if (c2 < 0 || f[i]! <= f[c2]!) c2 = i
    }
    if (c2 < 0) break
    f[c1] = f[c1]! + f[c2]!
    f[c2] = 0
    size[c1]!++
    let k = c1
    while (others[k]! >= 0) {
      k = others[k]!
      size[k]!++
    }
    others[k] = c2
    size[c2]!++
    k = c2
    while (others[k]! >= 0) {
      k = others[k]!
      size[k]!++
    }
  }
  const bits = new Array<number>(33).fill(0)
  for (let i = 0; i < 257; i++) if (size[i]! > 0) bits[size[i]!]!++
  for (let i = 32; i > 16; i--) {
    while (bits[i]! > 0) {
      let j = i - 2
      while (bits[j] === 0) j--
      bits[i] = bits[i]! - 2
      bits[i - 1] = bits[i - 1]! + 1
      bits[j + 1] = bits[j + 1]! + 2
      bits[j] = bits[j]! - 1
    }
  }
  let top = 16
  while (bits[top] === 0) top--
  bits[top] = bits[top]! - 1
  const symbols = [...Array(256).keys()]
    .filter((s) => size[s]! > 0)
    .sort((a, b) => size[a]! - size[b]! || a - b)
  const counts = bits.slice(1, 17)
  const code = new Array<number>(256).fill(0)
  const length = new Array<number>(256).fill(0)
  let next = 0
  let k = 0
  for (let len = 1; len <= 16; len++) {
    for (let i = 0; i < counts[len - 1]!; i++) {
      const s = symbols[k++]!
      code[s] = next++
      length[s] = len
    }
    next <<= 1
  }
  return { counts, values: symbols.slice(0, k), code, size: length }
}

class BitWriter {
  bytes: number[] = []
  private acc = 0
  private n = 0
  write(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((code >> i) & 1)
      if (++this.n === 8) this.flushByte()
    }
  }
  private flushByte(): void {
    this.bytes.push(this.acc)
    if (this.acc === 0xff) this.bytes.push(0)
    this.acc = 0
    this.n = 0
  }
  /** Pads with 1 bits to a byte boundary (F.1.2.3). */
  align(): void {
    while (this.n !== 0) this.write(1, 1)
  }
}

/** The symbols (and extra bits) of one block: [symbol, bits, length] triples, DC first. */
function blockSymbols(q: Int16Array, prediction: number): number[][] {
  const out: number[][] = []
  const diff = q[0]! - prediction
  const s = category(diff)
  out.push([s, diff < 0 ? diff + (1 << s) - 1 : diff, s])
  let run = 0
  for (let k = 1; k < 64; k++) {
    const v = q[ZIGZAG[k]!]!
    if (v === 0) {
      run++
      continue
    }
    while (run > 15) {
      out.push([0xf0, 0, 0])
      run -= 16
    }
    const c = category(v)
    out.push([(run << 4) | c, v < 0 ? v + (1 << c) - 1 : v, c])
    run = 0
  }
  if (run > 0) out.push([0, 0, 0])
  return out
}

const segment = (marker: number, payload: number[]): number[] => [
  0xff,
  marker,
  (payload.length + 2) >> 8,
  (payload.length + 2) & 255,
  ...payload,
]

/** Writes a baseline (or, by `sof`, any Huffman sequential) JPEG. */
export function writeJpeg(options: WriterOptions): Uint8Array {
  const { width, height, components, quant } = options
  const hMax = Math.max(...components.map((c) => c.h))
  const vMax = Math.max(...components.map((c) => c.v))
  const mcusAcross = Math.ceil(width / (8 * hMax))
  const mcusDown = Math.ceil(height / (8 * vMax))
  const scans = options.scans ?? [components.map((_, i) => i)]
  const interval = options.restartInterval ?? 0
  const blocks = components.map((c) => {
    const w = Math.ceil((width * c.h) / hMax)
    const h = Math.ceil((height * c.v) / vMax)
    return componentBlocks(c, w, h, mcusAcross * c.h, mcusDown * c.v, quant[c.tq]!)
  })
  // The block sequence of each scan (A.2.2 / A.2.3), as [component, block row, block column].
  const order = scans.map((scan) => {
    const mcus: number[][][] = []
    if (scan.length === 1) {
      const c = components[scan[0]!]!
      const across = Math.ceil(Math.ceil((width * c.h) / hMax) / 8)
      const down = Math.ceil(Math.ceil((height * c.v) / vMax) / 8)
      for (let y = 0; y < down; y++) for (let x = 0; x < across; x++) mcus.push([[scan[0]!, y, x]])
    } else {
      for (let my = 0; my < mcusDown; my++) {
        for (let mx = 0; mx < mcusAcross; mx++) {
          const mcu: number[][] = []
          for (const i of scan) {
            const c = components[i]!
            for (let y = 0; y < c.v; y++) {
              for (let x = 0; x < c.h; x++) mcu.push([i, my * c.v + y, mx * c.h + x])
            }
          }
          mcus.push(mcu)
        }
      }
    }
    return mcus
  })
  // Symbols per MCU; DC predictions reset at every restart.
  const symbols = order.map((mcus) => {
    const predictions = new Map<number, number>()
    return mcus.map((mcu, m) => {
      if (interval > 0 && m % interval === 0) predictions.clear()
      return mcu.map(([i, y, x]) => {
        const q = blocks[i!]![y!]![x!]!
        const s = blockSymbols(q, predictions.get(i!) ?? 0)
        predictions.set(i!, q[0]!)
        return { component: i!, s }
      })
    })
  })
  // Table slot 0 for the first component, 1 for the others; frequencies over every scan.
  const slot = (i: number) => (i === 0 ? 0 : 1)
  const freq = [0, 1].map(() => [new Array<number>(256).fill(0), new Array<number>(256).fill(0)])
  for (const scan of symbols) {
    for (const mcu of scan) {
      for (const { component, s } of mcu) {
        const [dc, ac] = freq[slot(component)]!
        dc![s[0]![0]!]!++
        for (const sym of s.slice(1)) ac![sym[0]!]!++
      }
    }
  }
  const used = [0, 1].filter((t) => freq[t]![0]!.some((n) => n > 0))
  const tables = freq.map(([dc, ac], t) =>
    used.includes(t) ? [optimalTable(dc!), optimalTable(ac!)] : [],
  )
  const out: number[] = [0xff, 0xd8]
  for (const s of options.segments ?? []) out.push(...s)
  quant.forEach((table, t) => {
    out.push(...segment(0xdb, [t, ...ZIGZAG.map((z) => Math.min(255, table[z]!))]))
  })
  out.push(
    ...segment(options.sof ?? 0xc0, [
      8,
      height >> 8,
      height & 255,
      width >> 8,
      width & 255,
      components.length,
      ...components.flatMap((c) => [c.id, (c.h << 4) | c.v, c.tq]),
    ]),
  )
  for (const t of used) {
    for (const [k, table] of tables[t]!.entries()) {
      out.push(...segment(0xc4, [(k << 4) | t, ...table.counts, ...table.values]))
    }
  }
  if (interval > 0) out.push(...segment(0xdd, [interval >> 8, interval & 255]))
  let restartIndex = 0
  scans.forEach((scan, n) => {
    out.push(
      ...segment(0xda, [
        scan.length,
        ...scan.flatMap((i) => [components[i]!.id, (slot(i) << 4) | slot(i)]),
        0,
        63,
        0,
      ]),
    )
    const bits = new BitWriter()
    symbols[n]!.forEach((mcu, m) => {
      if (interval > 0 && m > 0 && m % interval === 0) {
        bits.align()
        const index = restartIndex++
        if (!options.dropRestarts?.(index)) {
          bits.bytes.push(0xff, 0xd0 + ((options.restartNumber?.(index) ?? index) & 7))
        }
      }
      for (const { component, s } of mcu) {
        const [dc, ac] = tables[slot(component)]!
        s.forEach(([symbol, extra, length], k) => {
          const table = k === 0 ? dc! : ac!
          bits.write(table.code[symbol!]!, table.size[symbol!]!)
          if (length! > 0) bits.write(extra!, length!)
        })
      }
    })
    bits.align()
    out.push(...bits.bytes)
    restartIndex = 0
  })
  out.push(0xff, 0xd9)
  return Uint8Array.from(out)
}

/** Per-component planes of an interleaved 8-bit image, subsampled by box averages. */
export function planes(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: number,
  factors: Array<[h: number, v: number]>,
): Uint8Array[] {
  const hMax = Math.max(...factors.map((f) => f[0]))
  const vMax = Math.max(...factors.map((f) => f[1]))
  return factors.map(([h, v], c) => {
    const w = Math.ceil((width * h) / hMax)
    const ht = Math.ceil((height * v) / vMax)
    const out = new Uint8Array(w * ht)
    for (let y = 0; y < ht; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0
        let n = 0
        const y0 = Math.floor((y * vMax) / v)
        const x0 = Math.floor((x * hMax) / h)
        for (let yy = y0; yy < Math.min(height, Math.floor(((y + 1) * vMax) / v)); yy++) {
          for (let xx = x0; xx < Math.min(width, Math.floor(((x + 1) * hMax) / h)); xx++) {
            sum += pixels[(yy * width + xx) * channels + c]!
            n++
          }
        }
        const edge = (Math.min(y0, height - 1) * width + Math.min(x0, width - 1)) * channels + c
        out[y * w + x] = n ? Math.round(sum / n) : pixels[edge]!
      }
    }
    return out
  })
}

/** A quantization table scaled from the T.81 Annex K luminance example to `quality` 1..100. */
export function quantTable(quality: number): Uint16Array {
  const base = [
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
    14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113,
    92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
  ]
  const scale = quality < 50 ? 5000 / quality : 200 - quality * 2
  return Uint16Array.from(base, (b) =>
    Math.max(1, Math.min(255, Math.floor((b * scale + 50) / 100))),
  )
}

/** The bytes of an APP14 "Adobe" segment with the given colour transform. */
export const adobeSegment = (transform: number): Uint8Array =>
  Uint8Array.from(segment(0xee, [0x41, 0x64, 0x6f, 0x62, 0x65, 0, 100, 0, 0, 0, 0, transform]))
