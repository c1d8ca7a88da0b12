import { describe, expect, it } from 'vitest'
import { fileThePage } from '../../../src/engines/filing/filing-page'
import { RAW_PAGE_BYTES } from '../../../src/engines/filing/held-page'
import { binarizePage, chooseThreshold } from '../../../src/engines/gray/binarize'
import { pageLevels } from '../../../src/engines/gray/page-levels'
import { pageHistogram } from '../../../src/engines/gray/tone'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'
import { bufferRows } from '../../../src/lib/rows'
import {
  addNoise,
  type Page,
  shadedSphere,
  shrink,
  stippling,
  textStrokes,
  thinLines,
} from '../../support/line-art'

/** Files `page` through fileThePage with sinks that keep the rows, and says what happened. */
async function filed(
  page: Page,
  mode: 'auto' | 'bilevel' | 'gray',
  zlib: WebAssembly.Module | null = null,
) {
  const calls: string[] = []
  const out = await fileThePage(
    bufferRows(page.pixels.slice(), page.width, page.height, 1),
    mode,
    {
      async file(rows, filedMode) {
        calls.push(filedMode)
        const pixels = new Uint8Array(page.width * page.height)
        let y = 0
        for await (const row of rows.rows) pixels.set(row, y++ * page.width)
        expect(y).toBe(page.height)
        return pixels
      },
      async again() {
        calls.push('again')
        return bufferRows(page.pixels.slice(), page.width, page.height, 1)
      },
    },
    { zlib },
  )
  return { mode: out.mode, reason: out.reason, pixels: out.filed, calls }
}

/** binarizePage over the whole page with the parameters the page's histogram gives. */
function wholePageBinarized(page: Page, kind: 'lineart' | 'continuous'): Uint8Array {
  const pixels = page.pixels.slice()
  binarizePage(pixels, page.width, page.height, chooseThreshold(pageHistogram(pixels), kind))
  return pixels
}

describe('fileThePage', () => {
  it('files line art black and white and says why', async () => {
    const out = await filed(await shrink(thinLines(1000, 750), 2.5), 'auto')
    expect(out.mode).toBe('bilevel')
    expect(out.reason).toContain('mostly paper')
    expect(out.pixels.every((v) => v === 0 || v === 255)).toBe(true)
  })

  it('files a shaded object as 8-bit gray, unchanged', async () => {
    const page = shadedSphere(400, 300)
    const out = await filed(page, 'auto')
    expect(out.mode).toBe('gray')
    expect(out.reason).toContain('continuous tone')
    expect(out.pixels).toEqual(page.pixels)
  })

  it('passes the rows straight through when gray is forced', async () => {
    const page = await shrink(thinLines(1000, 750), 2.5)
    const out = await filed(page, 'gray')
    expect(out).toMatchObject({ mode: 'gray', reason: 'gray was requested' })
    expect(out.pixels).toEqual(page.pixels)
  })

  it("cuts a photo forced to black and white at Otsu's level, not the line-art rule", async () => {
    const page = shadedSphere(400, 300)
    const out = await filed(page, 'bilevel')
    expect(out).toMatchObject({ mode: 'bilevel', reason: 'bilevel was requested' })
    const { otsu } = pageLevels(pageHistogram(page.pixels))
    expect(out.pixels).toEqual(page.pixels.map((v: number) => (v <= otsu ? 0 : 255)))
  })

  it('binarizes in wasm (Kernels.zlib) to the same bytes as binarizePage', async () => {
    const zlib = WORKERD_KERNELS.zlib ?? null
    expect(zlib).toBeInstanceOf(WebAssembly.Module)
    const pages = [
      await shrink(thinLines(1000, 750), 2.5),
      addNoise(await shrink(textStrokes(900, 700), 1.7), 6, 3),
      await shrink(stippling(800, 600, 5), 2),
      shadedSphere(67, 45),
      { width: 1, height: 1, pixels: new Uint8Array([40]) },
      { width: 17, height: 2, pixels: new Uint8Array(34).map((_, i) => (i * 37) & 255) },
    ]
    for (const page of pages) {
      for (const mode of ['auto', 'bilevel'] as const) {
        const typescript = await filed(page, mode)
        const wasm = await filed(page, mode, zlib)
        expect(wasm.mode).toBe(typescript.mode)
        expect(wasm.pixels, `${page.width}x${page.height} ${mode}`).toEqual(typescript.pixels)
      }
    }
  })

  describe('a page over RAW_PAGE_BYTES (600 DPI)', () => {
    const zlib = WORKERD_KERNELS.zlib ?? null

    it('holds line art coded and files it exactly as the whole-page binarizer does', async () => {
      const page = await shrink(thinLines(5000, 3600), 2)
      expect(page.width * page.height).toBeGreaterThan(RAW_PAGE_BYTES)
      for (const kernel of [zlib, null]) {
        const out = await filed(page, 'auto', kernel)
        expect(out.mode).toBe('bilevel')
        expect(out.calls).toEqual(['bilevel'])
        expect(out.pixels).toEqual(wholePageBinarized(page, 'lineart'))
      }
    })

    it('encodes a photo as gray while its rows come, once, unchanged', async () => {
      const page = shadedSphere(2400, 1800)
      const out = await filed(page, 'auto', zlib)
      expect(out.mode).toBe('gray')
      expect(out.calls).toEqual(['gray'])
      expect(out.pixels).toEqual(page.pixels)
    })

    it('decodes a second time when the top reads as a photo and the page as line art', async () => {
      // A scanned sheet (paper noise, nothing to code as white runs) with a shaded strip along
      // its top: the strip is 2 % of the page, but a sixth of the rows held when the held share
      // is full.
      const scan = addNoise(await shrink(thinLines(5000, 3600), 2), 3, 7)
      const { width, height } = scan
      const strip = shadedSphere(width, Math.round(height / 50))
      const pixels = scan.pixels.slice()
      pixels.set(strip.pixels)
      const page = { width, height, pixels }
      const out = await filed(page, 'auto', zlib)
      expect(out.mode).toBe('bilevel')
      expect(out.calls).toEqual(['gray', 'again', 'bilevel'])
      expect(out.pixels).toEqual(wholePageBinarized(page, 'lineart'))
    })

    it("fails with the encoder's error when the gray encoder fails before reading a row", async () => {
      // A photo goes to the gray encoder while its rows come; an encoder that fails before its
      // first row once left the page waiting on a row nobody would take.
      const page = shadedSphere(2400, 1800)
      const filing = fileThePage(
        bufferRows(page.pixels.slice(), page.width, page.height, 1),
        'auto',
        {
          file: async () => {
            throw new Error('the encoder failed')
          },
          again: async () => bufferRows(page.pixels.slice(), page.width, page.height, 1),
        },
        { zlib },
      )
      await expect(filing).rejects.toThrow('the encoder failed')
    })

    it('holds a photo forced to black and white and cuts it at Otsu', async () => {
      const page = shadedSphere(2400, 1800)
      const out = await filed(page, 'bilevel', zlib)
      expect(out.calls).toEqual(['bilevel'])
      expect(out.pixels).toEqual(wholePageBinarized(page, 'continuous'))
    })
  })
})
