import { describe, expect, it } from 'vitest'
import { prepareFilingPage } from '../../../src/engines/filing/filing-page'
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

async function filed(
  page: Page,
  mode: 'auto' | 'bilevel' | 'gray',
  zlib: WebAssembly.Module | null = null,
) {
  const out = await prepareFilingPage(
    bufferRows(page.pixels.slice(), page.width, page.height, 1),
    mode,
    { zlib },
  )
  const pixels = new Uint8Array(page.width * page.height)
  let y = 0
  for await (const row of out.rows.rows) pixels.set(row, y++ * page.width)
  expect(y).toBe(page.height)
  return { ...out, pixels }
}

describe('prepareFilingPage', () => {
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
    expect(out.pixels).toEqual(page.pixels.map((v) => (v <= otsu ? 0 : 255)))
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
})
