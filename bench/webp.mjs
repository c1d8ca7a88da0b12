// `npm run bench -- webp`: our streaming WebP decoder (src/codecs/webp/) beside libwebp (jSquash's
// wasm build, what the Worker decoded WebP with before), on the same files in separate Node
// processes (bench/support/webp-child.mjs): time (best of 3 after a warm-up), peak RSS above the
// RSS before decoding, and whether both gave the same RGBA pixels (they must: ours is libwebp's
// output byte for byte). Files, made once into bench/out/webp/ with jSquash's encoder:
// - photo-like 1600 × 1200, lossy quality 75, without and with an alpha plane;
// - a line drawing at letter size, 300 dpi (2550 × 3300), lossless and lossy quality 80;
// - a real patent sheet from ../shared/corpus (lossless and lossy; skipped when it is absent);
// - the same drawing at /convert's pixel cap (5476 × 7300, 40 MP), lossless: the case the
//   Worker's 128 MB could not hold with libwebp (its RGBA output alone is 160 MB).
// Target: peak memory that grows with the width, not the area; time is reported as a ratio
// (ours ÷ libwebp), the price of decoding in TypeScript by rows instead of wasm whole-image.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js'
import { lineDrawing as grayDrawing, rgbaOfGray } from './memory.mjs'
import { loadEngine } from './support/engine.mjs'
import { ROOT } from './support/wrangler-dev.mjs'

const OUT = join(ROOT, 'bench/out/webp')
const CORPUS = join(ROOT, '../shared/corpus/patent-drawings')
const MB = 1024 * 1024

/** The memory bench's gray line art on near-white paper, as RGBA. */
const lineDrawing = (width, height) => rgbaOfGray(grayDrawing(width, height), width, height)

/**
 * A colour photo-like image: smooth gradients, grain and hard-edged discs (detail a lossy encoder
 * must spend bits on); `alpha` cuts a transparent, feathered band.
 */
function photo(width, height, alpha = false) {
  const data = new Uint8ClampedArray(width * height * 4)
  let seed = 7
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      const noise = ((seed >> 16) % 41) - 20
      const disc = ((x % 160) - 80) ** 2 + ((y % 140) - 70) ** 2 < 45 ** 2 ? 70 : 0
      const i = (y * width + x) * 4
      data[i] = 128 + 90 * Math.sin(x / 300) + noise - disc
      data[i + 1] = 128 + 90 * Math.cos(y / 250) + noise + disc
      data[i + 2] = (x + y) / 40 + noise + disc
      data[i + 3] = alpha ? Math.min(255, Math.abs(y - height / 2) * 2) : 255
    }
  }
  return { data, width, height }
}

/** The first corpus sheet as RGBA, through our own PNG decoder. */
async function corpusSheet(engine) {
  if (!existsSync(CORPUS)) return null
  const name = readdirSync(CORPUS).find((f) => f.endsWith('.png'))
  if (!name) return null
  const image = await engine.openImage(new Uint8Array(readFileSync(join(CORPUS, name))), 'png')
  const data = new Uint8ClampedArray(image.width * image.height * 4)
  let y = 0
  for await (const row of image.rows) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4
      const s = x * image.channels
      data[i] = row[s]
      data[i + 1] = row[image.channels >= 3 ? s + 1 : s]
      data[i + 2] = row[image.channels >= 3 ? s + 2 : s]
      data[i + 3] = image.channels === 2 || image.channels === 4 ? row[s + image.channels - 1] : 255
    }
    y++
  }
  return { name, image: { data, width: image.width, height: image.height } }
}

async function files(engine) {
  mkdirSync(OUT, { recursive: true })
  await initWebpEncoder(
    await WebAssembly.compile(
      readFileSync(join(ROOT, 'node_modules/@jsquash/webp/codec/enc/webp_enc.wasm')),
    ),
  )
  const cases = []
  const add = async (name, label, make, options) => {
    const path = join(OUT, `${name}.webp`)
    if (!existsSync(path)) {
      const image = await make()
      if (!image) return
      writeFileSync(path, new Uint8Array(await encodeWebp(image, options)))
    }
    cases.push({ label, path })
  }
  await add('photo-lossy', 'photo 1600×1200 lossy q75', () => photo(1600, 1200), { quality: 75 })
  await add('photo-alpha', 'photo 1600×1200 lossy q75 + alpha', () => photo(1600, 1200, true), {
    quality: 75,
  })
  await add('letter-lossless', 'drawing 2550×3300 lossless', () => lineDrawing(2550, 3300), {
    lossless: 1,
  })
  await add('letter-lossy', 'drawing 2550×3300 lossy q80', () => lineDrawing(2550, 3300), {
    quality: 80,
  })
  const sheet = await corpusSheet(engine)
  if (sheet) {
    const { width, height } = sheet.image
    await add('sheet-lossless', `${sheet.name} ${width}×${height} lossless`, () => sheet.image, {
      lossless: 1,
    })
    await add('sheet-lossy', `${sheet.name} ${width}×${height} lossy q80`, () => sheet.image, {
      quality: 80,
    })
  } else {
    console.log('(../shared/corpus is absent: the real sheet cases are skipped)')
  }
  await add('cap-lossless', 'drawing 5476×7300 (40 MP) lossless', () => lineDrawing(5476, 7300), {
    lossless: 1,
    method: 0,
  })
  return cases
}

function measure(tool, path) {
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', join(ROOT, 'bench/support/webp-child.mjs'), tool, path, '3'],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  )
  const line = result.stdout.trim().split('\n').pop()
  if (result.status !== 0 || !line?.startsWith('{')) {
    const lines = (result.stderr || 'no output').trim().split('\n')
    return { failed: lines.find((l) => /Error/.test(l)) ?? lines[0] }
  }
  return JSON.parse(line)
}

export async function runWebpBench() {
  const engine = await loadEngine()
  const rows = []
  for (const { label, path } of await files(engine)) {
    const ours = measure('ours', path)
    const libwebp = measure('libwebp', path)
    const ok = !ours.failed && !libwebp.failed
    rows.push({
      file: label,
      KB: Math.round(readFileSync(path).length / 1024),
      'ours ms': ours.failed ?? ours.ms.toFixed(0),
      'libwebp ms': libwebp.failed ?? libwebp.ms.toFixed(0),
      'time ratio': ok ? (ours.ms / libwebp.ms).toFixed(2) : 'n/a',
      'ours peak MB': ours.failed ? 'n/a' : (ours.peak / MB).toFixed(1),
      'libwebp peak MB': libwebp.failed ? 'n/a' : (libwebp.peak / MB).toFixed(1),
      'same pixels': ok ? (ours.hash === libwebp.hash ? 'yes' : 'NO') : 'n/a',
    })
  }
  console.log('\nWebP decoding: ours (streaming rows, TypeScript) beside libwebp (jSquash wasm)')
  console.table(rows)
  const ratios = rows.map((r) => Number(r['time ratio'])).filter((r) => r > 0)
  const geo = Math.exp(ratios.reduce((a, r) => a + Math.log(r), 0) / ratios.length)
  console.log(`time ratio, geometric mean: ${geo.toFixed(2)} (ours ÷ libwebp)`)
  const differ = rows.filter((r) => r['same pixels'] !== 'yes')
  console.log(
    differ.length
      ? `pixels differ from libwebp: ${differ.map((r) => r.file).join(', ')}`
      : 'pixels: identical to libwebp in every case',
  )
  writeFileSync(join(ROOT, 'bench/out/webp.json'), JSON.stringify(rows, null, 2))
}
