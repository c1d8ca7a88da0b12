// The prompt reader on the whole prompt corpus (test/corpus/prompts: realistic drafting text with
// hand-written answers, most written blind): the faithfulness checker finds nothing wrong in any
// hand-written answer, no reading draws a numeral the prompt never wrote, and element and
// connection F1 stay at or above what the reader reaches today (`npm run bench -- understanding`
// prints the same numbers per file).

import { describe, expect, it } from 'vitest'
import { checkFaithful } from '../../../src/engines/figure/faithful'
import { FigureSchema } from '../../../src/engines/figure/figure'
import { readFigure } from '../../../src/engines/figure/read-figure'
import blind1 from '../../corpus/prompts/blind-1.json'
import blind2 from '../../corpus/prompts/blind-2.json'
import blind3 from '../../corpus/prompts/blind-3.json'
import blind4 from '../../corpus/prompts/blind-4.json'
import blind5 from '../../corpus/prompts/blind-5.json'
import blind6 from '../../corpus/prompts/blind-6.json'
import blind7 from '../../corpus/prompts/blind-7.json'
import blind8 from '../../corpus/prompts/blind-8.json'
import blind9 from '../../corpus/prompts/blind-9.json'
import gallery from '../../corpus/prompts/gallery.json'
import own1 from '../../corpus/prompts/own-1.json'
import {
  type CaseScore,
  f1,
  type ScoredFigure,
  scoreFigure,
  total,
} from '../../support/figure-score'

interface Case {
  id: string
  prompt: string
  figure: ScoredFigure
}

const CORPUS: Case[] = [blind1, blind2, blind3, blind4, blind5, gallery, own1].flat() as Case[]

/** Held out: written after the reader, never read while working on it; held to safety only. */
const HELD_OUT: Case[] = blind6 as Case[]

/**
 * Later blind batches, each with its own floors (they are harder than the rest: a third to half
 * of their prompts typed informally), worked on after a first reading of element / connection F1
 * and parts dropped silently of: blind-7 0.870 / 0.734 / 30, blind-8 0.799 / 0.572 / 58, blind-9
 * 0.806 / 0.634 / 39. An answer the figure schema cannot hold (blind-8's "1110-1") is left out.
 */
const LATER_BLIND = [
  {
    name: 'blind-7',
    cases: blind7 as Case[],
    floors: { elementF1: 0.915, connectionF1: 0.805, silentDrops: 9, refused: 2 },
  },
  {
    name: 'blind-8',
    cases: blind8 as Case[],
    floors: { elementF1: 0.88, connectionF1: 0.65, silentDrops: 28, refused: 4 },
  },
  {
    name: 'blind-9',
    cases: blind9 as Case[],
    floors: { elementF1: 0.85, connectionF1: 0.695, silentDrops: 32, refused: 4 },
  },
].map((set) => ({
  ...set,
  cases: set.cases.filter((c) => FigureSchema.safeParse(c.figure).success),
}))
const BLIND_7 = LATER_BLIND[0]!.cases

/** Floors the reader must keep (the bench's figures when they were set, rounded down). */
const FLOORS = {
  elementF1: 0.975,
  connectionF1: 0.925,
  silentDrops: 0,
  refused: 6,
  noisyFlowcharts: 24,
}

/**
 * Reads every case and scores it: what the reading drew wrong (a numeral invented or moved) and
 * what the checker flags on the hand-written answer (a false alarm), one line each.
 */
function readAll(cases: readonly Case[]): {
  scores: CaseScore[]
  wrong: string[]
  refused: number
} {
  const scores: CaseScore[] = []
  const wrong: string[] = []
  let refused = 0
  for (const c of cases) {
    const problems = checkFaithful(c.prompt, FigureSchema.parse(c.figure)).problems
    wrong.push(...problems.map((p) => `${c.id}: false alarm: ${p.message}`))
    const read = readFigure(c.prompt)
    if (!read.ok) refused++
    const score = scoreFigure(
      c.prompt,
      c.figure,
      read.ok ? read.figure : null,
      read.ok ? read.warnings : [],
    )
    wrong.push(...score.invented.map((n) => `${c.id}: invented ${n}`))
    wrong.push(...score.moved.map((n) => `${c.id}: moved ${n}`))
    scores.push(score)
  }
  return { scores, wrong, refused }
}

describe('prompt corpus', () => {
  it('holds at least 250 prompts with unique ids', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(250)
    const all = [...CORPUS, ...HELD_OUT, ...LATER_BLIND.flatMap((set) => set.cases)]
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length)
  })

  it('finds no fault in any hand-written answer (the checker raises no false alarm)', () => {
    const alarms = CORPUS.flatMap((c) => {
      const problems = checkFaithful(c.prompt, FigureSchema.parse(c.figure)).problems
      return problems.map((p) => `${c.id}: ${p.message}`)
    })
    expect(alarms).toEqual([])
  })

  it('reads the corpus with no numeral invented or moved and F1 at or above its floors', () => {
    const scores: CaseScore[] = []
    let refused = 0
    for (const c of CORPUS) {
      const read = readFigure(c.prompt)
      if (!read.ok) refused++
      scores.push(
        scoreFigure(c.prompt, c.figure, read.ok ? read.figure : null, read.ok ? read.warnings : []),
      )
    }
    const elementF1 = f1(total(scores, 'elements'))
    const connectionF1 = f1(total(scores, 'connections'))
    const invented = scores.flatMap((s) => s.invented)
    const moved = scores.flatMap((s) => s.moved)
    const silentDrops = scores.reduce((n, s) => n + s.dropped.length, 0)
    console.log(
      `corpus: ${CORPUS.length} prompts, element F1 ${elementF1.toFixed(3)}, connection F1 ${connectionF1.toFixed(3)}, ${refused} refused, ${silentDrops} dropped silently`,
    )
    expect(invented).toEqual([])
    expect(moved).toEqual([])
    expect(elementF1).toBeGreaterThanOrEqual(FLOORS.elementF1)
    expect(connectionF1).toBeGreaterThanOrEqual(FLOORS.connectionF1)
    expect(silentDrops).toBeLessThanOrEqual(FLOORS.silentDrops)
    expect(refused).toBeLessThanOrEqual(FLOORS.refused)
  })

  it.each(LATER_BLIND)(
    'reads $name with nothing invented or moved, no false alarm, and F1 at or above its floors',
    ({ cases, floors }) => {
      const { scores, wrong, refused } = readAll(cases)
      expect(wrong).toEqual([])
      expect(f1(total(scores, 'elements'))).toBeGreaterThanOrEqual(floors.elementF1)
      expect(f1(total(scores, 'connections'))).toBeGreaterThanOrEqual(floors.connectionF1)
      const silentDrops = scores.reduce((n, s) => n + s.dropped.length, 0)
      expect(silentDrops).toBeLessThanOrEqual(floors.silentDrops)
      expect(refused).toBeLessThanOrEqual(floors.refused)
    },
  )

  it('names a step of a hand-written flowchart as undrawn in few answers (a warning that cries wolf is not read)', () => {
    const flowcharts = [...CORPUS, ...HELD_OUT, ...BLIND_7].filter(
      (c) => c.figure.kind === 'flowchart',
    )
    const noisy = flowcharts.filter((c) =>
      checkFaithful(c.prompt, FigureSchema.parse(c.figure)).warnings.some((w) =>
        w.includes('not drawn as steps'),
      ),
    )
    // 50 of 183 before titles, headings and where the flow goes were told from steps.
    expect(noisy.length).toBeLessThanOrEqual(FLOORS.noisyFlowcharts)
  })

  it('draws nothing wrong on held-out prompts: no numeral invented or moved, no false alarm', () => {
    expect(readAll(HELD_OUT).wrong).toEqual([])
  })
})
