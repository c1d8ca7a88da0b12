// POST /v1/figures for objects described in words, through the whole Worker: the object is read
// into parts with their numerals, solved into a 3D scene and drawn in the views asked for, with no
// image model; the scene comes back in `data.figure` and, sent as `figure`, is drawn as sent.

import { describe, expect, it } from 'vitest'
import {
  balanceOf,
  downloadOutput,
  expectError,
  expectOk,
  newAccount,
  postJson,
} from '../support/api'
import { FakeAi, postJsonWithAi } from '../support/fake-ai'
import { pngHeader } from '../support/images'

interface ObjectData {
  url: string
  format: 'png' | 'svg'
  svg?: string
  method: string
  reader?: string
  figure?: {
    kind: string
    label: string
    numeral?: string
    elements: { id: string; numeral?: string; label: string; kind: string }[]
    scene?: { parts: { id: string; shape: string; size: number[] }[]; views: { kind: string }[] }
  }
  sheets?: { url: string; label: string }[]
  references?: { numeral: string; label: string }[]
  warnings?: string[]
  creditsConsumed: number
}

const ok = (response: Response) => expectOk<ObjectData>(response)

const MUG =
  'A perspective view of a coffee mug 10 having a cylindrical body 12 and a handle 14 attached to the side of the body.'
const TABLE =
  'Front, rear, left, right, top, bottom and perspective views of a table 40 having a rectangular top 42 supported by four legs 44.'

describe('POST /v1/figures: objects described in words', () => {
  it('draws the issue mug as numbered SVG and PNG, every numeral on its part, no image model', async () => {
    const { apiKey } = await newAccount(100)
    const svg = await ok(
      await postJson('/v1/figures', apiKey, { prompt: MUG, labeled: true, output: 'svg' }),
    )
    expect(svg).toMatchObject({ method: 'drafter', reader: 'rules', creditsConsumed: 8 })
    expect(svg.figure!.kind).toBe('object')
    expect(svg.figure!.numeral).toBe('10')
    const byNumeral = Object.fromEntries(svg.references!.map((r) => [r.numeral, r.label]))
    expect(byNumeral['12']).toMatch(/BODY/)
    expect(byNumeral['14']).toMatch(/HANDLE/)
    expect(Object.keys(byNumeral).sort()).toEqual(['10', '12', '14'])
    // The SVG names each part's group, so the drawing can be searched.
    expect(svg.svg).toMatch(/<title>[A-Z ]*BODY 12<\/title>/)
    expect(svg.svg).toMatch(/<title>HANDLE 14<\/title>/)
    expect(svg.svg).not.toMatch(/<text\b/)
    const png = await ok(await postJson('/v1/figures', apiKey, { prompt: MUG, labeled: true }))
    const header = pngHeader(await downloadOutput(png.url, 'image/png'))
    expect(header).toMatchObject({ colourType: 0, bitDepth: 1 })
    expect(await balanceOf(apiKey)).toBe(100 - 8 - 10)
  })

  it('draws a design-patent set of seven views of one table, each under its own FIG. legend', async () => {
    const { apiKey } = await newAccount(100)
    const data = await ok(await postJson('/v1/figures', apiKey, { prompt: TABLE, output: 'svg' }))
    expect(data.figure!.scene!.views.map((v) => v.kind).sort()).toEqual(
      ['bottom', 'front', 'left', 'perspective', 'rear', 'right', 'top'].sort(),
    )
    expect(data.sheets).toHaveLength(1)
    expect(data.sheets![0]!.label).toBe('FIGS. 1-7')
    for (const n of [1, 2, 3, 4, 5, 6, 7]) expect(data.svg).toContain(`<title>FIG. ${n}</title>`)
  })

  it('draws a scene sent as figure exactly as sent, and refuses one that names a missing part', async () => {
    const { apiKey } = await newAccount(100)
    const first = await ok(
      await postJson('/v1/figures', apiKey, { prompt: MUG, labeled: true, output: 'svg' }),
    )
    // The viewpoint the drafter chose is recorded, so the figure sent back is seen alike.
    expect(first.figure!.scene!.views).toEqual([
      { kind: 'perspective', hidden: false, viewpoint: 'front-right-above' },
    ])
    const again = await ok(
      await postJson('/v1/figures', apiKey, { figure: first.figure, labeled: true, output: 'svg' }),
    )
    expect(again.reader).toBe('sent')
    expect(again.svg).toBe(first.svg)
    expect(again.figure!.scene).toEqual(first.figure!.scene)
    // A longer body is a different drawing of the same parts.
    const taller = structuredClone(first.figure!)
    const body = taller.scene!.parts.find((p) => p.shape === 'cylinder')!
    body.size = [body.size[0]!, body.size[1]!, body.size[2]! * 1.6]
    const redrawn = await ok(
      await postJson('/v1/figures', apiKey, { figure: taller, labeled: true, output: 'svg' }),
    )
    expect(redrawn.svg).not.toBe(first.svg)
    expect(redrawn.references).toEqual(first.references)

    const broken = structuredClone(first.figure!) as Record<string, unknown> & ObjectData['figure']
    broken!.scene!.parts.push({
      id: 'ghost',
      shape: 'box',
      size: [1, 1, 1],
      position: [0, 0, 0],
    } as never)
    const error = await expectError(
      await postJson('/v1/figures', apiKey, { figure: broken, output: 'svg' }),
      400,
      'VALIDATION_ERROR',
    )
    expect(error.message).toMatch(/ghost/)
    expect(await balanceOf(apiKey)).toBe(100 - 3 * 8)
  })

  it("draws the text model's scene for a prompt the object reader cannot model, once checked", async () => {
    const { apiKey } = await newAccount(100)
    const prompt = 'A sunset over snowy mountains 70 with pine trees 72.'
    const ai = new FakeAi()
    ai.figureAnswer = {
      kind: 'object',
      label: 'FIG. 1',
      elements: [
        { id: 'gnome', numeral: '70', label: 'SNOWY MOUNTAINS', kind: 'part' },
        { id: 'base', numeral: '72', label: 'PINE TREES', kind: 'part' },
      ],
      scene: {
        parts: [
          { id: 'base', shape: 'cylinder', size: [60, 60, 8], position: [0, 0, 4] },
          { id: 'gnome', shape: 'cone', size: [40, 40, 90], position: [0, 0, 53], topRatio: 0 },
        ],
      },
    }
    const data = await ok(
      await postJsonWithAi(ai, '/v1/figures', apiKey, { prompt, labeled: true, output: 'svg' }),
    )
    expect(data.figure!.kind).toBe('object')
    expect(data.reader).toBe('model')
    expect(ai.calls).toHaveLength(0)
    expect(data.references!.map((r) => r.numeral).sort()).toEqual(['70', '72'])
  })
})
