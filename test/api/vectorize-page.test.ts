// POST /v1/vectorize with `page`: a PDF on a filing sheet (A4 or Letter, the drawing at its DPI
// inside the sight), the sheet named in the answer, and `page` refused with any other format.

import { describe, expect, it } from 'vitest'
import { balanceOf, expectError, expectOk, fetchOutput, newAccount, postForm } from '../support/api'
import { lineDrawing, toPng } from '../support/images'

const latin1 = async (url: string) => {
  const response = await fetchOutput(url)
  expect(response.status).toBe(200)
  return new TextDecoder('latin1').decode(await response.arrayBuffer())
}

describe('POST /v1/vectorize with page', () => {
  it('puts the PDF on an A4 or Letter sheet and says which, 2 credits each', async () => {
    const { apiKey } = await newAccount(10)
    const file = new Blob([await toPng(lineDrawing(300, 200, 3))])
    const a4 = await expectOk<{ url: string; page?: string; warnings?: string[] }>(
      await postForm('/v1/vectorize', apiKey, { file, format: 'pdf', page: 'a4' }),
    )
    expect(a4.page).toBe('a4')
    expect(a4.warnings).toBeUndefined()
    expect(await latin1(a4.url)).toMatch(/\/MediaBox \[0 0 595\.27\d* 841\.89/)
    const letter = await expectOk<{ url: string; page?: string }>(
      await postForm('/v1/vectorize', apiKey, { file, format: 'pdf', page: 'letter' }),
    )
    expect(letter.page).toBe('letter')
    expect(await latin1(letter.url)).toContain('/MediaBox [0 0 612 792]')
    expect(await balanceOf(apiKey)).toBe(6)
  })

  it('keeps the page the drawing size without page, and names no sheet', async () => {
    const { apiKey } = await newAccount(10)
    const file = new Blob([await toPng(lineDrawing(300, 150, 3))])
    const data = await expectOk<{ url: string; page?: string }>(
      await postForm('/v1/vectorize', apiKey, { file, format: 'pdf' }),
    )
    expect(data.page).toBeUndefined()
    // 300 × 150 px at 300 DPI (the input has none): 72 × 36 pt.
    expect(await latin1(data.url)).toMatch(/\/MediaBox\s*\[\s*0\s+0\s+72(\.0+)?\s+36(\.0+)?\s*\]/)
  })

  it('refuses page with SVG or DXF: 400 VALIDATION_ERROR, nothing charged', async () => {
    const { apiKey } = await newAccount(10)
    const file = new Blob([await toPng(lineDrawing(60, 40, 2))])
    for (const format of ['svg', 'dxf']) {
      const error = await expectError(
        await postForm('/v1/vectorize', apiKey, { file, format, page: 'a4' }),
        400,
        'VALIDATION_ERROR',
      )
      expect(error.message).toBe(
        `page applies to PDF output only; received it with format ${format}`,
      )
    }
    expect(await balanceOf(apiKey)).toBe(10)
  })
})
