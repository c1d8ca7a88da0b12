import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { openPng } from '../../src/codecs/png/decode'
import { concatBytes } from '../../src/lib/bytes'
import { CodecError } from '../../src/lib/codec-error'
import { ZlibInflater } from '../../src/lib/inflate'

// Our inflater checked against node:zlib (the reference zlib) on real PNGs and on random and
// corrupted streams, and its throughput printed beside DecompressionStream's and zlib's.

/** The shared corpus, beside the repository; the tests that read it skip without it. */
const CORPUS = fileURLToPath(new URL('../../../shared/corpus/patent-drawings', import.meta.url))
/** ImageMagick, by explicit path: /usr/local/bin/convert is an unrelated stand-in script. */
const CONVERT = '/usr/bin/convert'

/** The IDAT payloads of a PNG, as views into it, in file order. */
function idatParts(png: Uint8Array): Uint8Array[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  const parts: Uint8Array[] = []
  for (let pos = 8; pos + 12 <= png.length; ) {
    const length = view.getUint32(pos)
    const type = String.fromCharCode(...png.subarray(pos + 4, pos + 8))
    if (type === 'IDAT') parts.push(png.subarray(pos + 8, pos + 8 + length))
    pos += 12 + length
  }
  return parts
}

/** Inflates everything with reads of `size` bytes into one reused buffer; returns the total. */
function inflateOurs(parts: readonly Uint8Array[], scratch: Uint8Array): number {
  const inflater = new ZlibInflater(parts)
  let total = 0
  for (;;) {
    const n = inflater.read(scratch)
    total += n
    if (n < scratch.length) break
  }
  if (!inflater.ended) throw new Error('Expected the stream to end')
  return total
}

/** Inflates into one buffer of `limit` bytes: the output, and whether the stream ended. */
function inflateUpTo(parts: readonly Uint8Array[], limit: number) {
  const out = new Uint8Array(limit)
  const inflater = new ZlibInflater(parts)
  const n = inflater.read(out)
  return { out: out.subarray(0, n), ended: inflater.ended }
}

function inflateWhole(parts: readonly Uint8Array[], expectedLength: number): Uint8Array {
  const { out, ended } = inflateUpTo(parts, expectedLength + 1)
  expect(ended).toBe(true)
  return out
}

/** Seeded generator (an LCG), so failures reproduce. */
function random(seed: number): (n: number) => number {
  let s = seed >>> 0
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0
    return Math.floor((s / 2 ** 32) * n)
  }
}

/** Runs of zeros, random bytes, 4-symbol text, and copies 300 and 32768 bytes back. */
function sample(length: number, next: (n: number) => number): Uint8Array {
  const a = new Uint8Array(length)
  for (let i = 0; i < length; ) {
    const kind = next(5)
    const stop = Math.min(length, i + 1 + next(kind === 0 ? 5000 : 400))
    for (; i < stop; i++) {
      if (kind === 1) a[i] = next(256)
      else if (kind === 2) a[i] = 97 + next(4)
      else if (kind === 3) a[i] = i >= 300 ? a[i - 300]! : 7
      else if (kind === 4) a[i] = i >= 32_768 ? a[i - 32_768]! : next(3)
    }
  }
  return a
}

/** A zlib stream whose middle third is stored (level 0) between two compressed thirds. */
async function mixedLevels(data: Uint8Array, next: (n: number) => number): Promise<Uint8Array> {
  const deflate = zlib.createDeflate()
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const ended = new Promise((resolve) => deflate.on('end', resolve))
  const a = next(data.length + 1)
  const b = a + next(data.length - a + 1)
  const strategies = [
    zlib.constants.Z_DEFAULT_STRATEGY,
    zlib.constants.Z_FIXED,
    zlib.constants.Z_RLE,
  ]
  const pieces: Array<[Uint8Array, number, number]> = [
    [data.subarray(0, a), 1 + next(9), strategies[next(3)]!],
    [data.subarray(a, b), 0, 0],
    [data.subarray(b), 1 + next(9), strategies[next(3)]!],
  ]
  for (const [piece, level, strategy] of pieces) {
    await new Promise<void>((resolve) => deflate.params(level, strategy, () => resolve()))
    deflate.write(piece)
  }
  deflate.end()
  await ended
  return new Uint8Array(Buffer.concat(out))
}

/** `bytes` cut into parts of 0 to ~5000 bytes. */
function split(bytes: Uint8Array, next: (n: number) => number): Uint8Array[] {
  const parts: Uint8Array[] = []
  for (let at = 0; at < bytes.length; ) {
    const n = next(4) === 0 ? 0 : 1 + next(next(2) === 0 ? 8 : 5000)
    parts.push(bytes.subarray(at, at + n))
    at += n
  }
  return parts
}

const equal = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((v, i) => v === b[i])

describe('lib/inflate against node:zlib', () => {
  it('inflates the IDAT data of every corpus PNG exactly as zlib does', ({ skip }) => {
    skip(!existsSync(CORPUS), `skipped: ${CORPUS} not found`)
    const files = readdirSync(CORPUS).filter((f) => f.endsWith('.png'))
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const png = new Uint8Array(readFileSync(join(CORPUS, file)))
      const parts = idatParts(png)
      const reference = new Uint8Array(zlib.inflateSync(concatBytes(parts)))
      expect(equal(inflateWhole(parts, reference.length), reference), file).toBe(true)
    }
  })

  it('agrees with zlib on random streams of every level, strategy, window and memory size', async () => {
    const next = random(1)
    for (let round = 0; round < 60; round++) {
      const length = next(4) === 0 ? next(100) : next(150_000)
      const data = sample(length, next)
      const stream =
        round % 3 === 0
          ? await mixedLevels(data, next)
          : new Uint8Array(
              zlib.deflateSync(data, {
                level: next(10),
                strategy: next(5),
                memLevel: 1 + next(9),
                windowBits: 8 + next(8),
              }),
            )
      expect(equal(inflateWhole(split(stream, next), data.length), data), `round ${round}`).toBe(
        true,
      )
    }
  })

  it('fails exactly when zlib fails on streams with one byte changed', () => {
    const next = random(2)
    let failures = 0
    for (let round = 0; round < 300; round++) {
      const data = sample(next(20_000), next)
      const stream = new Uint8Array(zlib.deflateSync(data, { level: next(10) }))
      stream[next(stream.length)]! ^= 1 + next(255)
      let reference: Uint8Array | undefined
      try {
        reference = new Uint8Array(zlib.inflateSync(stream))
      } catch (error) {
        expect(error).toBeInstanceOf(Error)
      }
      let ours: { out: Uint8Array; ended: boolean } | undefined
      try {
        ours = inflateUpTo(split(stream, next), data.length + 1_000_000)
      } catch (error) {
        expect(error, `round ${round}`).toBeInstanceOf(CodecError)
        failures++
      }
      if (reference) {
        expect(ours?.ended && equal(ours.out, reference), `round ${round}`).toBe(true)
      } else {
        expect(ours, `round ${round}: zlib failed, ours did not`).toBeUndefined()
      }
    }
    expect(failures).toBeGreaterThan(200)
  })
})

describe('lib/inflate throughput under Node (printed, not asserted)', () => {
  /** Best of `repeats` runs, in milliseconds. */
  async function best(repeats: number, run: () => unknown): Promise<number> {
    let fastest = Number.POSITIVE_INFINITY
    for (let i = 0; i < repeats; i++) {
      const started = performance.now()
      await run()
      fastest = Math.min(fastest, performance.now() - started)
    }
    return fastest
  }

  async function viaDecompressionStream(parts: readonly Uint8Array[], slice: number) {
    const stream = new DecompressionStream('deflate')
    const writer = stream.writable.getWriter()
    const feeding = (async () => {
      for (const part of parts) {
        for (let at = 0; at < part.length; at += slice) {
          await writer.write(part.subarray(at, at + slice))
        }
      }
      await writer.close()
    })()
    const reader = stream.readable.getReader()
    let total = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.length
    }
    await feeding
    return total
  }

  async function report(title: string, parts: readonly Uint8Array[], rowBytes?: number) {
    const compressed = concatBytes(parts)
    const total = zlib.inflateSync(compressed).length
    const megabytes = total / 1e6
    const lines: string[] = []
    const rate = async (label: string, repeats: number, run: () => unknown) => {
      const ms = await best(repeats, run)
      lines.push(`${label}: ${(megabytes / (ms / 1000)).toFixed(0)} MB/s (${ms.toFixed(1)} ms)`)
    }
    const block = new Uint8Array(64 * 1024)
    expect(inflateOurs(parts, block)).toBe(total)
    await rate('ours, 64 KiB reads', 9, () => inflateOurs(parts, block))
    if (rowBytes) {
      const row = new Uint8Array(rowBytes)
      await rate(`ours, ${rowBytes}-byte reads (one row each)`, 9, () => inflateOurs(parts, row))
    }
    expect(await viaDecompressionStream(parts, 64 * 1024)).toBe(total)
    await rate('DecompressionStream, 64 KiB writes', 9, () => viaDecompressionStream(parts, 65536))
    await rate('DecompressionStream, 4 KiB writes (the old inflateChunks)', 9, () =>
      viaDecompressionStream(parts, 4096),
    )
    await rate('node:zlib inflateSync (reference)', 9, () => zlib.inflateSync(compressed))
    const head = `${title}: ${megabytes.toFixed(1)} MB out of ${compressed.length} bytes`
    console.log(`${head} (Node ${process.version})\n  ${lines.join('\n  ')}`)
  }

  it('inflates a 2048x2900 gray line drawing (ImageMagick from the corpus)', async ({ skip }) => {
    const source = join(CORPUS, 'USD0871728-20200107-D00001.png')
    skip(!existsSync(CONVERT) || !existsSync(source), `skipped: ${CONVERT} or ${source} missing`)
    const args = [source, '-resize', '2048x2900!', '-depth', '8', '-define', 'png:color-type=0']
    const made = spawnSync(CONVERT, [...args, 'png:-'], { maxBuffer: 1 << 30 })
    if (made.status !== 0) throw new Error(`convert failed: ${made.stderr?.toString()}`)
    const png = new Uint8Array(made.stdout)
    const opened = openPng(png)
    if (!opened.ok) throw new Error(opened.error.message)
    expect([opened.value.width, opened.value.height, opened.value.channels]).toEqual([
      2048, 2900, 1,
    ])
    await report('2048x2900 gray drawing IDAT', idatParts(png), 2049)
  })

  it('inflates a 40 MB mix of random-ish bytes and zero runs', async () => {
    const next = random(7)
    const data = new Uint8Array(40e6)
    for (let i = 0; i < data.length; ) {
      const stop = Math.min(data.length, i + next(3000))
      const zeros = next(2) === 0
      for (; i < stop; i++) data[i] = zeros ? 0 : next(256) & (next(2) === 0 ? 0x0f : 0xff)
    }
    await report('40 MB random-ish + zero-run mix', [new Uint8Array(zlib.deflateSync(data))])
  })
})
