// POST /v1/figures and the figure's structure, through the whole Worker: every drafted figure
// returns the structure it drew (`figure`), which comes back in as a request field and redraws the
// same figure, corrected where the caller changed it; structures that do not hold together are
// refused naming the element; prompts that cannot be drawn exactly as written get
// PROMPT_NOT_UNDERSTOOD quoting the prompt, uncharged; legends, continuation sheets, the SVG's
// titles, and the text model's proposals (taken only when the faithfulness checker passes them).

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

interface Element {
  id: string
  numeral?: string
  label: string
  kind: string
  parent?: string
}
interface Structure {
  kind: 'block-diagram' | 'flowchart'
  label: string
  numeral?: string
  elements: Element[]
  connections: { from: string; to: string; label?: string; arrow: string }[]
}
interface FigureData {
  url: string
  format: 'png' | 'svg'
  svg?: string
  method: string
  reader?: 'rules' | 'model' | 'sent'
  figure?: Structure
  sheets?: { url: string; label: string; svg?: string; width: number; height: number }[]
  references?: { numeral: string; label: string }[]
  warnings?: string[]
  creditsConsumed: number
}

const ok = (response: Response) => expectOk<FigureData>(response)

/** The order process: 606 is written with "packed", not with the stock question. */
const ORDER =
  'FIG. 6 illustrates an order fulfilment process 600. In step 602, an order is received from a customer. In step 604, inventory is checked. If the items are in stock, the order is packed in step 606 and shipped in step 608. Otherwise, the items are backordered in step 610. The process ends after step 608 or step 610.'

/** The login method, its steps marked "(step 1002)". */
const LOGIN =
  'A method 1000 of authenticating a user, comprising: receiving a username and password (step 1002); retrieving a stored hash for the username (step 1004); determining whether the password matches the stored hash (step 1006); if so, issuing a session token (step 1008); and if not, incrementing a failed-attempt counter (step 1010) and returning to step 1002.'

const SYSTEM =
  'FIG. 2 is a block diagram of a system 200 comprising a processor 202, a memory 204 coupled to the processor 202, and a network interface 206 that communicates with a server 210.'

const byNumeral = (figure: Structure, numeral: string) =>
  figure.elements.find((e) => e.numeral === numeral)

describe('POST /v1/figures: the figure drawn is the figure written', () => {
  it('keeps every numeral of the issue order process on its own step and titles each group', async () => {
    const { apiKey } = await newAccount(100)
    const data = await ok(
      await postJson('/v1/figures', apiKey, { prompt: ORDER, labeled: true, output: 'svg' }),
    )
    expect(data).toMatchObject({ method: 'drafter', reader: 'rules', creditsConsumed: 8 })
    const figure = data.figure!
    expect(figure).toMatchObject({ kind: 'flowchart', label: 'FIG. 6', numeral: '600' })
    expect(byNumeral(figure, '606')!.label).toMatch(/PACKED/)
    expect(byNumeral(figure, '608')!.label).toMatch(/SHIPPED/)
    expect(byNumeral(figure, '610')!.label).toMatch(/BACKORDERED/)
    const question = figure.elements.find((e) => e.kind === 'decision')!
    expect(question).toMatchObject({ label: 'ITEMS ARE IN STOCK?' })
    expect(question.numeral).toBeUndefined()
    // Exactly the numerals drawn, no other.
    expect(data.references!.map((r) => r.numeral).sort()).toEqual([
      '600',
      '602',
      '604',
      '606',
      '608',
      '610',
    ])
    expect(data.warnings ?? []).toEqual([])
    // One sheet, its legend the prompt's own figure number.
    expect(data.sheets).toHaveLength(1)
    expect(data.sheets![0]).toMatchObject({ label: 'FIG. 6', url: data.url })
    // Glyphs are outlines, but every element's group says what it is.
    expect(data.svg).toContain(`<title>${byNumeral(figure, '606')!.label} 606</title>`)
    expect(data.svg).toContain('<title>ITEMS ARE IN STOCK?</title>')
    expect(data.svg).toContain('<title>FIG. 6</title>')
    expect(data.svg).toMatch(/<title>[A-Z ]+ 600<\/title>/)
    expect(data.svg).not.toMatch(/<text\b/)
  })

  it('draws "(step 1002)" as 1002 and loops back where the login method says', async () => {
    const { apiKey } = await newAccount(100)
    const data = await ok(
      await postJson('/v1/figures', apiKey, { prompt: LOGIN, labeled: true, output: 'svg' }),
    )
    const figure = data.figure!
    expect(figure.numeral).toBe('1000')
    expect(byNumeral(figure, '1002')!.label).toBe('RECEIVING A USERNAME AND PASSWORD')
    expect(byNumeral(figure, '1006')).toMatchObject({
      kind: 'decision',
      label: 'PASSWORD MATCHES THE STORED HASH?',
    })
    const loop = figure.connections.find(
      (c) => c.from === byNumeral(figure, '1010')!.id && c.to === byNumeral(figure, '1002')!.id,
    )
    expect(loop).toBeDefined()
    expect(data.references!.map((r) => r.numeral)).not.toContain('102')
  })

  it('redraws the same figure from the structure it returned, and a corrected one as corrected', async () => {
    const { apiKey } = await newAccount(100)
    const first = await ok(
      await postJson('/v1/figures', apiKey, { prompt: SYSTEM, labeled: true, output: 'svg' }),
    )
    expect(first.figure).toMatchObject({ kind: 'block-diagram', label: 'FIG. 2' })
    // The system is drawn as the box around its parts, and carries the whole's numeral.
    expect(byNumeral(first.figure!, '200')).toMatchObject({ label: 'SYSTEM', kind: 'container' })
    const again = await ok(
      await postJson('/v1/figures', apiKey, { figure: first.figure, labeled: true, output: 'svg' }),
    )
    expect(again.reader).toBe('sent')
    expect(again.figure).toEqual(first.figure)
    expect(again.references).toEqual(first.references)
    expect(again.svg).toBe(first.svg)

    // The drafter renames the server and drops the interface's link; nothing else changes.
    const corrected = structuredClone(first.figure!)
    byNumeral(corrected, '210')!.label = 'REMOTE AUTHENTICATION SERVER'
    corrected.connections = corrected.connections.filter(
      (c) => c.to !== byNumeral(corrected, '210')!.id,
    )
    const redrawn = await ok(
      await postJson('/v1/figures', apiKey, { figure: corrected, labeled: true, output: 'svg' }),
    )
    expect(redrawn.figure).toEqual(corrected)
    expect(redrawn.references).toContainEqual({
      numeral: '210',
      label: 'REMOTE AUTHENTICATION SERVER',
    })
    expect(redrawn.svg).toContain('<title>REMOTE AUTHENTICATION SERVER 210</title>')
    expect(redrawn.svg).not.toMatch(/<title>NETWORK INTERFACE → SERVER/)
    expect(await balanceOf(apiKey)).toBe(100 - 3 * 8)
  })

  it('says what a structure sent beside a prompt says that the prompt does not', async () => {
    const { apiKey } = await newAccount(100)
    const first = await ok(await postJson('/v1/figures', apiKey, { prompt: SYSTEM, output: 'svg' }))
    const changed = structuredClone(first.figure!)
    byNumeral(changed, '204')!.numeral = '214'
    const data = await ok(
      await postJson('/v1/figures', apiKey, { prompt: SYSTEM, figure: changed, output: 'svg' }),
    )
    expect(data.reader).toBe('sent')
    expect(data.warnings!.join(' ')).toMatch(/figure sent differs from the prompt.*214/)
  })

  it('refuses a structure that does not hold together, naming the element, uncharged', async () => {
    const { apiKey } = await newAccount(100)
    const cases: [string, Structure, RegExp][] = [
      [
        'a connection to an unknown element',
        {
          kind: 'block-diagram',
          label: 'FIG. 1',
          elements: [{ id: 'cpu', label: 'PROCESSOR', kind: 'block' }],
          connections: [{ from: 'cpu', to: 'ram', arrow: 'none' }],
        },
        /"ram"/,
      ],
      [
        'a decision in a block diagram',
        {
          kind: 'block-diagram',
          label: 'FIG. 1',
          elements: [
            { id: 'cpu', label: 'PROCESSOR', kind: 'block' },
            { id: 'q', label: 'IS IT ON?', kind: 'decision' },
          ],
          connections: [],
        },
        /"q" \(IS IT ON\?\)/,
      ],
      [
        'two elements with one numeral',
        {
          kind: 'block-diagram',
          label: 'FIG. 1',
          elements: [
            { id: 'cpu', numeral: '102', label: 'PROCESSOR', kind: 'block' },
            { id: 'ram', numeral: '102', label: 'MEMORY', kind: 'block' },
          ],
          connections: [],
        },
        /102/,
      ],
      [
        'a numeral that is not one',
        {
          kind: 'block-diagram',
          label: 'FIG. 1',
          elements: [{ id: 'cpu', numeral: 'ten', label: 'PROCESSOR', kind: 'block' }],
          connections: [],
        },
        /reference numeral such as "102".*figure\.elements\.0\.numeral/,
      ],
      [
        'a label of spaces',
        {
          kind: 'block-diagram',
          label: 'FIG. 1',
          elements: [{ id: 'cpu', label: '   ', kind: 'block' }],
          connections: [],
        },
        /figure\.elements\.0\.label/,
      ],
      [
        'an element inside itself',
        {
          kind: 'block-diagram',
          label: 'FIG. 1',
          elements: [
            { id: 'a', label: 'SYSTEM', kind: 'container', parent: 'b' },
            { id: 'b', label: 'SUBSYSTEM', kind: 'container', parent: 'a' },
          ],
          connections: [],
        },
        /"a"|"b"/,
      ],
    ]
    for (const [, figure, names] of cases) {
      const error = await expectError(
        await postJson('/v1/figures', apiKey, { figure, output: 'svg' }),
        400,
        'VALIDATION_ERROR',
      )
      expect(error.message).toMatch(names)
    }
    expect(await balanceOf(apiKey)).toBe(100)
  })

  it('refuses a prompt it cannot read with PROMPT_NOT_UNDERSTOOD quoting it, uncharged', async () => {
    const { apiKey } = await newAccount(100)
    const prompt = 'Draw a block diagram of my invention, the usual parts.'
    const error = await expectError(
      await postJson('/v1/figures', apiKey, { prompt }),
      400,
      'PROMPT_NOT_UNDERSTOOD',
    )
    expect(error.message).toContain(`"${prompt}"`)
    expect(await balanceOf(apiKey)).toBe(100)
  })

  it('continues a figure too large for one sheet on FIG. nA, nB, ..., each text still 0.32 cm', async () => {
    const { apiKey } = await newAccount(100)
    const verbs = ['receiving', 'checking', 'weighing', 'labelling', 'scanning', 'sorting']
    const things = ['parcel', 'pallet', 'crate', 'container', 'package', 'envelope']
    const steps: string[] = []
    for (let k = 0; k < 30; k++) {
      steps.push(
        `${verbs[k % 6]} the ${things[Math.floor(k / 6) % 6]} at station ${k + 1} (step ${702 + 2 * k})`,
      )
    }
    const prompt = `FIG. 7 is a flowchart of a sorting method 700 comprising: ${steps.join('; ')}.`
    const data = await ok(await postJson('/v1/figures', apiKey, { prompt, labeled: true }))
    const sheets = data.sheets!
    expect(sheets.length).toBeGreaterThanOrEqual(2)
    expect(sheets.map((s) => s.label)).toEqual(
      sheets.map((_, k) => `FIG. 7${String.fromCharCode(65 + k)}`),
    )
    expect(sheets[0]!.url).toBe(data.url)
    for (const sheet of sheets) await downloadOutput(sheet.url, 'image/png')
    // Every step is drawn, numbered as written, whatever sheet it landed on.
    expect(data.references!.filter((r) => r.numeral !== '700')).toHaveLength(30)
    expect((data.warnings ?? []).join(' ')).not.toMatch(/0\.32 cm/)
    expect(data.creditsConsumed).toBe(10)
  })
})

describe('POST /v1/figures with the text model', () => {
  const BOXES =
    'Block diagram please. Boxes: flight controller | GPS | IMU. Wires: flight controller to GPS, flight controller to IMU.'
  const drone = (extra: Partial<Structure> = {}): Structure => ({
    kind: 'block-diagram',
    label: 'FIG. 1',
    elements: [
      { id: 'fc', label: 'FLIGHT CONTROLLER', kind: 'block' },
      { id: 'gps', label: 'GPS', kind: 'block' },
      { id: 'imu', label: 'IMU', kind: 'block' },
    ],
    connections: [
      { from: 'fc', to: 'gps', arrow: 'none' },
      { from: 'fc', to: 'imu', arrow: 'none' },
    ],
    ...extra,
  })

  it('draws the model reading of a prompt the rules cannot read, once the checker passes it', async () => {
    const { apiKey } = await newAccount(100)
    const ai = new FakeAi()
    ai.figureAnswer = drone()
    const data = await ok(
      await postJsonWithAi(ai, '/v1/figures', apiKey, { prompt: BOXES, output: 'svg' }),
    )
    expect(ai.textCalls).toHaveLength(1)
    expect(ai.textCalls[0]!.prompt).toContain(BOXES)
    expect(data.reader).toBe('model')
    expect(data.figure!.elements.map((e) => e.label)).toEqual(['FLIGHT CONTROLLER', 'GPS', 'IMU'])
    expect(await balanceOf(apiKey)).toBe(92)
  })

  it('does not draw a model reading that invents a part or is not a figure', async () => {
    const { apiKey } = await newAccount(100)
    const answers: unknown[] = [
      drone({
        elements: [...drone().elements, { id: 'lidar', label: 'LIDAR UNIT', kind: 'block' }],
      }),
      { kind: 'block-diagram', elements: 'FLIGHT CONTROLLER, GPS, IMU' },
      'I cannot draw that.',
    ]
    for (const answer of answers) {
      const ai = new FakeAi()
      ai.figureAnswer = answer
      await expectError(
        await postJsonWithAi(ai, '/v1/figures', apiKey, { prompt: BOXES, output: 'svg' }),
        400,
        'PROMPT_NOT_UNDERSTOOD',
      )
      expect(ai.textCalls).toHaveLength(1)
    }
    expect(await balanceOf(apiKey)).toBe(100)
  })

  it('keeps the rule reading when it is faithful and clean: the model is not asked', async () => {
    const { apiKey } = await newAccount(100)
    const ai = new FakeAi()
    ai.figureAnswer = drone()
    const data = await ok(
      await postJsonWithAi(ai, '/v1/figures', apiKey, { prompt: ORDER, output: 'svg' }),
    )
    expect(data.reader).toBe('rules')
    expect(ai.textCalls).toHaveLength(0)
  })
})
