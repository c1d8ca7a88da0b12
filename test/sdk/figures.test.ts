// figures.create() against the real Worker: a drafted figure's structure, reader and sheets come
// back typed (numerals as strings), the structure goes back in as `figure` (alone or beside a
// prompt) and is redrawn as edited, a figure too large for one sheet arrives as several, and a
// prompt the API cannot read is a typed PROMPT_NOT_UNDERSTOOD error that charges nothing.
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  FigureApiError,
  type FigureElement,
  type FigureInput,
  type FigureReference,
  type FigureResult,
  type FigureSheet,
  type FigureStructure,
  type FigureStructureInput,
} from '../../packages/sdk/src/index'
import { balanceOf, newAccount } from '../support/api'
import { pngHeader } from '../support/images'
import { useFakeNetwork } from '../support/network'
import { type Exchange, recording, sdkFor, toWorker } from './support'

useFakeNetwork()

const SYSTEM =
  'A system 100 comprising a processor 102, a memory 104 coupled to the processor, and a ' +
  'network interface 106 that communicates with a server 110.'

/** A method of 30 numbered steps: too many for one sheet at the legal text height. */
const LONG_METHOD = `FIG. 3 is a flowchart of a method 300 comprising: ${Array.from(
  { length: 30 },
  (_, i) => `processing batch number ${i + 1} of the records (step ${302 + 2 * i})`,
).join('; ')}.`

const NOT_UNDERSTOOD = 'Draw a block diagram of my invention, the usual parts.'

const ascii = (bytes: Uint8Array, length: number) =>
  String.fromCharCode(...bytes.subarray(0, length))

describe('FigureApi figures.create', () => {
  it('returns the structure drawn, its reader and its one sheet, numerals as strings, when given a prompt', async () => {
    const { apiKey } = await newAccount(20)
    const { api } = sdkFor(apiKey)
    const result = await api.figures.create({ prompt: SYSTEM, labeled: true, output: 'svg' })

    expect(result).toMatchObject({ method: 'drafter', reader: 'rules', creditsConsumed: 8 })
    expect(result.references).toEqual(
      expect.arrayContaining([
        { numeral: '100', label: 'SYSTEM' },
        { numeral: '102', label: 'PROCESSOR' },
      ]),
    )
    const figure = result.figure!
    expect(figure.kind).toBe('block-diagram')
    expect(figure.elements.find((e) => e.label === 'MEMORY')).toMatchObject({
      numeral: '104',
      kind: 'block',
    })
    for (const element of figure.elements)
      if (element.numeral !== undefined) expect(typeof element.numeral).toBe('string')
    expect(figure.connections?.length).toBeGreaterThan(0)
    expect(result.sheets).toEqual([
      {
        url: result.url,
        label: 'FIG. 1',
        svg: result.svg,
        width: result.width,
        height: result.height,
      },
    ])
    expect(await balanceOf(apiKey)).toBe(12)
  })

  it('redraws an edited structure sent back as figure, as sent', async () => {
    const { apiKey } = await newAccount(30)
    const log: Exchange[] = []
    const bodies: unknown[] = []
    const { api } = sdkFor(apiKey, {
      transport: recording(log, async (request) => {
        bodies.push(await request.clone().json())
        return toWorker(request)
      }),
    })
    const first = await api.figures.create({ prompt: SYSTEM, labeled: true, output: 'svg' })

    const edited: FigureStructure = structuredClone(first.figure!)
    const memory = edited.elements.find((e) => e.label === 'MEMORY')!
    memory.label = 'MAIN MEMORY'
    memory.numeral = '104a'
    const processor = edited.elements.find((e) => e.label === 'PROCESSOR')!
    const server = edited.elements.find((e) => e.label === 'SERVER')!
    edited.connections = [
      ...(edited.connections ?? []),
      { from: processor.id, to: server.id, label: 'REQ', arrow: 'forward' },
    ]
    const redrawn = await api.figures.create({ figure: edited, labeled: true, output: 'svg' })

    expect(bodies[1]).toEqual({ figure: edited, labeled: true, output: 'svg' })
    expect(redrawn.reader).toBe('sent')
    expect(redrawn.figure?.elements).toEqual(edited.elements)
    expect(redrawn.figure?.connections).toEqual(edited.connections)
    expect(redrawn.references).toContainEqual({ numeral: '104a', label: 'MAIN MEMORY' })
    expect(redrawn.references?.map((r) => r.label)).not.toContain('MEMORY')
    expect(redrawn.svg).toContain('MAIN MEMORY')
    expect(log.map((e) => [e.method, e.path, e.status])).toEqual([
      ['POST', '/v1/figures', 200],
      ['POST', '/v1/figures', 200],
    ])
    expect(await balanceOf(apiKey)).toBe(14)
  })

  it('warns about what the structure says and the prompt does not, when given both', async () => {
    const { apiKey } = await newAccount(20)
    const { api } = sdkFor(apiKey)
    const figure: FigureStructureInput = {
      kind: 'block-diagram',
      elements: [
        { id: 'cpu', numeral: '102', label: 'PROCESSOR', kind: 'block' },
        { id: 'mem', numeral: '104', label: 'MEMORY', kind: 'block' },
        { id: 'gpu', numeral: '108', label: 'GRAPHICS UNIT', kind: 'block' },
      ],
      connections: [
        { from: 'cpu', to: 'mem', arrow: 'none' },
        { from: 'cpu', to: 'gpu' },
      ],
    }
    const result = await api.figures.create({
      prompt: 'A processor 102 coupled to a memory 104.',
      figure,
      labeled: true,
    })
    expect(result.reader).toBe('sent')
    expect(result.figure?.elements.map((e) => e.label)).toEqual([
      'PROCESSOR',
      'MEMORY',
      'GRAPHICS UNIT',
    ])
    expect(result.warnings?.join('\n')).toMatch(/108/)
    expect(pngHeader(await api.download(result.url))).toMatchObject({ width: result.width })
  })

  it('returns every sheet, FIG. 3A, 3B, ..., when the figure continues over several', async () => {
    const { apiKey } = await newAccount(20)
    const { api } = sdkFor(apiKey)
    const result = await api.figures.create({ prompt: LONG_METHOD, labeled: true })
    const sheets = result.sheets ?? []

    expect(sheets.length).toBeGreaterThan(1)
    expect(sheets.map((s) => s.label)).toEqual(
      sheets.map((_, i) => `FIG. 3${String.fromCharCode(65 + i)}`),
    )
    expect(sheets[0]!.url).toBe(result.url)
    expect(new Set(sheets.map((s) => s.url)).size).toBe(sheets.length)
    for (const sheet of sheets) {
      const bytes = await api.download(sheet.url)
      expect(ascii(bytes, 4)).toBe('\x89PNG')
      expect(pngHeader(bytes)).toMatchObject({ width: sheet.width, height: sheet.height })
    }
    expect(result.references?.map((r) => r.numeral)).toContain('360')
    expect(result.figure?.numeral).toBe('300')
    expect(result.creditsConsumed).toBe(10)
  })

  it('throws PROMPT_NOT_UNDERSTOOD quoting the prompt, and charges nothing, when the prompt names no part', async () => {
    const { apiKey } = await newAccount(20)
    const { api, log } = sdkFor(apiKey)
    const error = await api.figures.create({ prompt: NOT_UNDERSTOOD }).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(FigureApiError)
    expect(error).toMatchObject({ status: 400, code: 'PROMPT_NOT_UNDERSTOOD' })
    expect((error as FigureApiError).message).toContain(`"${NOT_UNDERSTOOD}"`)
    expect(log).toHaveLength(1)
    expect(await balanceOf(apiKey)).toBe(20)
  })

  it('types numerals as strings and takes a returned figure back as input', () => {
    expectTypeOf<FigureReference['numeral']>().toEqualTypeOf<string>()
    expectTypeOf<NonNullable<FigureElement['numeral']>>().toEqualTypeOf<string>()
    expectTypeOf<NonNullable<FigureStructure['numeral']>>().toEqualTypeOf<string>()
    expectTypeOf<NonNullable<FigureResult['figure']>>().toEqualTypeOf<FigureStructure>()
    expectTypeOf<NonNullable<FigureResult['figure']>>().toExtend<
      NonNullable<FigureInput['figure']>
    >()
    expectTypeOf<NonNullable<FigureResult['sheets']>[number]>().toEqualTypeOf<FigureSheet>()
    expectTypeOf<FigureResult['reader']>().toEqualTypeOf<'rules' | 'model' | 'sent' | undefined>()
  })
})
