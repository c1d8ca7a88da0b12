// The tone decision and the binarization on real patent drawings (three corpus sheets copied to
// test/fixtures/corpus, see its README) against continuous-tone pages made in code. The sheets go
// through the convert path's own stages: PNG decode, Lanczos-3 resample to the preset, tone
// decision, binarization. Scans are simulated as in bench/binarize.mjs: the sheet doubled to
// ~600 DPI, gray paper, soft ink, noise.

import { describe, expect, it } from 'vitest'
import { openPng } from '../../../src/codecs/png/decode'
import { fitLongEdge } from '../../../src/engines/filing/sizes'
import { binarizePage, chooseThreshold } from '../../../src/engines/gray/binarize'
import { classifyTone, pageHistogram } from '../../../src/engines/gray/tone'
import { base64Bytes } from '../../support/fixtures'
import {
  addNoise,
  blackCount,
  gradient,
  type Page,
  pageOf,
  resample,
  shadedSphere,
  smoothNoise,
} from '../../support/line-art'

const SHEETS = import.meta.glob<string>('../../fixtures/corpus/*.png', {
  query: '?inline',
  import: 'default',
  eager: true,
})

async function sheet(path: string): Promise<Page> {
  const opened = openPng(base64Bytes(SHEETS[path]!))
  if (!opened.ok) throw new Error(opened.error.message)
  const { width, height, channels, rows } = opened.value
  expect(channels).toBe(1)
  const pixels = new Uint8Array(width * height)
  let y = 0
  for await (const row of rows) pixels.set(row, y++ * width)
  return { width, height, pixels }
}

/** The sheet as a 600-DPI scan: doubled, paper 235, ink 20, noise σ 4. */
async function scanned(page: Page): Promise<Page> {
  const big = await resample(page, page.width * 2, page.height * 2)
  const p = big.pixels
  for (let i = 0; i < p.length; i++) p[i] = Math.round(20 + (p[i]! * 215) / 255)
  return addNoise(big, 4, 3)
}

async function atPreset(page: Page, longEdge: 2048 | 4096): Promise<Page> {
  const size = fitLongEdge(page.width, page.height, longEdge)
  return resample(page, size.width, size.height)
}

function binarized(page: Page): Uint8Array {
  const histogram = pageHistogram(page.pixels)
  const out = page.pixels.slice()
  binarizePage(out, page.width, page.height, chooseThreshold(histogram, 'lineart'))
  return out
}

/** Black pixels of `a` that have a black pixel of `b` within one pixel, as a share of `a`'s. */
function coveredWithinOne(a: Uint8Array, b: Uint8Array, width: number, height: number): number {
  let black = 0
  let covered = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (a[y * width + x] !== 0) continue
      black++
      let hit = false
      for (let dy = -1; dy <= 1 && !hit; dy++) {
        for (let dx = -1; dx <= 1 && !hit; dx++) {
          const yy = y + dy
          const xx = x + dx
          if (yy >= 0 && xx >= 0 && yy < height && xx < width && b[yy * width + xx] === 0)
            hit = true
        }
      }
      if (hit) covered++
    }
  }
  return black === 0 ? 1 : covered / black
}

const paths = Object.keys(SHEETS).sort()

describe('corpus drawings against continuous tone', () => {
  it('has the three corpus sheets', () => {
    expect(paths.length).toBe(3)
  })

  for (const path of paths) {
    const name = path.slice(path.lastIndexOf('/') + 1)

    it(`calls ${name} line art clean and scanned, at both presets`, async () => {
      const clean = await sheet(path)
      const scan = await scanned(clean)
      for (const source of [clean, scan]) {
        for (const preset of [2048, 4096] as const) {
          const page = await atPreset(source, preset)
          const decision = classifyTone(page.pixels, page)
          expect(decision.kind, `${preset}: ${decision.reason}`).toBe('lineart')
        }
      }
    })

    it(`keeps the thin lines of ${name} scanned at 2048 px without thickening them`, async () => {
      const clean = await sheet(path)
      const truthPage = await atPreset(clean, 2048)
      // Truth: the clean sheet at the preset, cut at the midpoint (each pixel half inked or more).
      const truth = truthPage.pixels.map((v) => (v <= 127 ? 0 : 255))
      const page = await atPreset(await scanned(clean), 2048)
      const ours = binarized(page)
      const { width, height } = page
      const recall = coveredWithinOne(truth, ours, width, height)
      const precision = coveredWithinOne(ours, truth, width, height)
      const area = blackCount(ours) / blackCount(truth)
      const metrics = JSON.stringify({ recall, precision, area })
      expect(recall, `share of true ink found: ${metrics}`).toBeGreaterThan(0.99)
      expect(precision, `share of our ink near true ink: ${metrics}`).toBeGreaterThan(0.99)
      expect(area, metrics).toBeGreaterThan(0.9)
      expect(area, metrics).toBeLessThan(1.15)
    })
  }

  it('calls continuous-tone pages continuous at both presets', async () => {
    const pages = [
      gradient(1500, 1000),
      addNoise(smoothNoise(1500, 1000, 5), 3, 4),
      shadedSphere(1500, 1000),
      // A shaded object on a white page covering about 15 % of it.
      pageOf(1500, 1000, (x, y) => {
        const d = Math.hypot(x - 750, y - 500) / 270
        return d > 1 ? 250 : 40 + 180 * Math.sqrt(1 - d * d) * (0.6 + (0.4 * (x - 480)) / 540)
      }),
    ]
    for (const [i, source] of pages.entries()) {
      for (const preset of [2048, 4096] as const) {
        const page = await atPreset(source, preset)
        const decision = classifyTone(page.pixels, page)
        expect(decision.kind, `page ${i} at ${preset}: ${decision.reason}`).toBe('continuous')
      }
    }
  })
})
