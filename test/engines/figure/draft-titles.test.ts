// Container titles (src/engines/figure/draft/fit-titles.ts and the layout around it): a title is
// never crossed by a line and always fits inside its container, on the continuation sheets of a
// split figure too, where links come into a container at the top and leave it at the bottom.
// Held to the figure checker on every sheet, with each container's title found drawn whole.
// The figures are hand-written answers of the prompt corpus whose titles links used to cross.

import { describe, expect, it } from 'vitest'
import { type DraftedFigure, draftFigure } from '../../../src/engines/figure/draft'
import { type FigureInput, FigureSchema } from '../../../src/engines/figure/figure'
import { figureFontMetrics } from '../../../src/engines/figure/rasterize'
import { wrapText } from '../../../src/engines/figure/wrap-text'
import { WORKERD_KERNELS } from '../../../src/kernels/workerd'
import blind3 from '../../corpus/prompts/blind-3.json'
import blind5 from '../../corpus/prompts/blind-5.json'
import { sheetsProblems } from '../../support/figures'

interface Case {
  id: string
  figure: FigureInput
}

const answer = (cases: unknown, id: string): FigureInput =>
  (cases as Case[]).find((c) => c.id === id)!.figure

async function draft(input: FigureInput): Promise<DraftedFigure> {
  return draftFigure(FigureSchema.parse(input), {
    labeled: true,
    metrics: figureFontMetrics(WORKERD_KERNELS.svg),
  })
}

/** Each container's title words, as drawn on each sheet that draws the container. */
function titlesDrawn(figure: DraftedFigure, input: FigureInput): string[] {
  const containers = input.elements.filter((e) => input.elements.some((c) => c.parent === e.id))
  const out: string[] = []
  for (const { scene } of figure.sheets) {
    for (const c of containers) {
      const lines = scene.texts.filter((t) => t.group === `el-${c.id}` && t.role === 'label')
      if (lines.length > 0)
        out.push(
          lines
            .map((t) => t.text)
            .join(' ')
            .replace(/- /g, '-'),
        )
    }
  }
  return out
}

describe('container titles', () => {
  const cases: [string, FigureInput][] = [
    ['ct-system-10', answer(blind3, 'ct-system-10')],
    ['cdn-400', answer(blind3, 'cdn-400')],
    ['hemodialysis-800', answer(blind3, 'hemodialysis-800')],
    ['b5-claims-platform-200', answer(blind5, 'b5-claims-platform-200')],
    ['b5-fbw-600', answer(blind5, 'b5-fbw-600')],
  ]
  for (const [id, input] of cases) {
    it(`keeps every title of ${id} clear of lines and inside its container`, async () => {
      const figure = await draft(input)
      expect(await sheetsProblems(figure.sheets)).toEqual([])
      expect(figure.labelHeightCm).toBeGreaterThanOrEqual(0.32)
      // Every title is drawn whole (wrapped, perhaps, but with all its words).
      for (const title of titlesDrawn(figure, input)) {
        const container = input.elements.find((e) => e.label.split(/\s+/).join(' ') === title)
        expect(container, `title "${title}"`).toBeDefined()
      }
    }, 60_000)
  }

  it('fits a nested container around its title when the layout runs down the page', async () => {
    // The inner container's only part is far narrower than its title's widest word.
    const input: FigureInput = {
      kind: 'block-diagram',
      elements: [
        { id: 'sys', label: 'WIRELESS COMMUNICATION SYSTEM', kind: 'container' },
        { id: 'ue', label: 'USER EQUIPMENT DEVICE', kind: 'container', parent: 'sys' },
        { id: 'm', label: 'MODEM', kind: 'block', parent: 'ue' },
        { id: 'a', label: 'ANTENNA', kind: 'block', parent: 'sys' },
        { id: 'b', label: 'BASE STATION', kind: 'block' },
      ],
      connections: [
        { from: 'm', to: 'a' },
        { from: 'a', to: 'b', arrow: 'both' },
      ],
    }
    for (const labeled of [false, true]) {
      const figure = await draftFigure(FigureSchema.parse(input), {
        labeled,
        metrics: figureFontMetrics(WORKERD_KERNELS.svg),
      })
      expect(await sheetsProblems(figure.sheets)).toEqual([])
    }
  })
})

describe('wrapText', () => {
  it('breaks a word too long for any line after a hyphen it has, never doubling it', () => {
    const metrics = figureFontMetrics(WORKERD_KERNELS.svg)
    const width = Math.max(metrics.measure('DIGITAL-TO-', 54), metrics.measure('CONVERTER', 54)) + 1
    const lines = wrapText('DIGITAL-TO-ANALOG CONVERTER', width, 54, metrics, 1)
    expect(lines).toEqual(['DIGITAL-TO-', 'ANALOG', 'CONVERTER'])
    for (const line of wrapText('DIGITAL-TO-ANALOG', width / 1.5, 54, metrics)) {
      expect(line).not.toMatch(/--/)
    }
  })

  it('keeps a word up to 1.25 times the width whole unless told not to', () => {
    const metrics = figureFontMetrics(WORKERD_KERNELS.svg)
    const width = metrics.measure('CONTROLLED-ENVIRONMENT', 54) / 1.1
    expect(wrapText('CONTROLLED-ENVIRONMENT', width, 54, metrics)).toEqual([
      'CONTROLLED-ENVIRONMENT',
    ])
    expect(wrapText('CONTROLLED-ENVIRONMENT', width, 54, metrics, 1)).toEqual([
      'CONTROLLED-',
      'ENVIRONMENT',
    ])
  })
})
