import { describe, expect, it } from 'vitest'
import { type HeldPage, holdPage, RAW_PAGE_BYTES } from '../../../src/engines/filing/held-page'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'
import { uniform } from '../../support/line-art'

const zlib = WORKERD_KERNELS.zlib ?? null

/**
 * Rows of paper with ink: white stretches of every length (0-40), dark pixels, grain a few
 * levels deep, rows like the one above, and a black rule.
 */
function sheet(width: number, height: number, seed: number): Uint8Array[] {
  const u = uniform(seed)
  let above = new Uint8Array(width).fill(255)
  return Array.from({ length: height }, (_, y) => {
    const row = new Uint8Array(width).fill(255)
    if (y % 7 === 3) return row.fill(0)
    if (y % 5 === 1) row.set(above)
    else if (y % 5 === 2) for (let x = 0; x < width; x++) row[x] = 236 + Math.floor(u() * 12)
    for (let x = 0; x < width; x += 1 + Math.floor(u() * 40)) {
      row[x] = u() < 0.5 ? 254 : Math.floor(u() * 256)
    }
    above = row
    return row
  })
}

function roundTrip(page: HeldPage, rows: Uint8Array[]) {
  for (const row of rows) {
    page.add(row)
    row.reverse() // the caller's buffer changes after add: the page kept its own copy
  }
  const out: Uint8Array[] = []
  for (const row of page.rows()) out.push(row.slice())
  return out
}

describe('HeldPage', () => {
  it('gives back the rows of a raw-held page exactly', async () => {
    const rows = sheet(300, 200, 1)
    const expected = rows.map((row) => row.slice())
    const page = await holdPage(300, 200, zlib)
    expect(page.coded).toBe(false)
    expect(roundTrip(page, rows)).toEqual(expected)
  })

  it('gives back the rows of a coded page exactly, at any width', async () => {
    for (const width of [1, 7, 15, 16, 17, 2049, 4096]) {
      const height = Math.ceil((RAW_PAGE_BYTES + 1) / width)
      const rows = sheet(width, Math.min(height, 3000), width)
      const page = await holdPage(width, height, zlib)
      expect(page.coded).toBe(true)
      const expected = rows.map((row) => row.slice())
      expect(roundTrip(page, rows), `width ${width}`).toEqual(expected)
    }
  })

  it('holds a page of the same size as it came when no kernel is given', async () => {
    expect((await holdPage(4096, 3000, null)).coded).toBe(false)
  })

  it('holds a mostly white page in a fraction of its size, scanned paper in about half', async () => {
    const width = 4096
    const height = 3000
    const page = await holdPage(width, height, zlib)
    const ink = sheet(width, 10, 3)
    const paper = new Uint8Array(width).fill(255)
    // A tenth of the rows with ink (a black rule among them), the rest paper.
    for (let y = 0; y < height; y++) page.add(y % 100 < 10 ? ink[y % 100]! : paper)
    expect(page.byteLength).toBeLessThan((width * height) / 8)
    const scan = await holdPage(width, height, zlib)
    const u = uniform(9)
    const row = new Uint8Array(width)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) row[x] = Math.round(236 + (6 * x) / width + 2.4 * u())
      scan.add(row)
    }
    expect(scan.byteLength).toBeLessThan(0.55 * width * height)
  })

  it('is read once, and takes no rows beyond its height', async () => {
    const page = await holdPage(4, 1, zlib)
    page.add(new Uint8Array(4))
    expect(() => page.add(new Uint8Array(4))).toThrow(RangeError)
    expect([...page.rows()]).toHaveLength(1)
    expect(() => [...page.rows()]).toThrow()
  })
})
