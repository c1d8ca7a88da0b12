// An object prompt read into a figure (src/engines/object/read-object-figure.ts): the reader's
// parts held to the prompt by the faithfulness checker. A face word used as a place ("on the front
// face", "the rear of") is no part to warn about, nor are the shape words a label leaves out; a
// part truly left out still is. Counted parts the shared reader takes for verbs ("handles") are
// drawn, and a thing /figures used to read as a block diagram reaches the object drafter.

import { describe, expect, it } from 'vitest'
import { checkFaithful } from '../../../src/engines/figure/faithful'
import { readFigure } from '../../../src/engines/figure/read-figure'
import { readObjectFigure } from '../../../src/engines/object/read-object-figure'

/** The figure read from `prompt`, which must be drawable. */
function figureOf(prompt: string) {
  const read = readObjectFigure(prompt)
  if (!read.ok) throw new Error(`refused: ${read.message}`)
  return read
}

const TOASTER =
  'FIG. 1 is a perspective view of a toaster 200 having a rectangular housing 202, two bread slots 204 in the top of the housing, a lever 206 on the front face of the housing, and a browning dial 208 on the front face beside the lever.'
const CABINET =
  'A storage cabinet 800 comprising a rectangular carcass 802, five drawers 806 stacked in the front face of the carcass, a rear panel 812 on the rear face of the carcass, and a kick plate 816 on the front face below the drawers.'
const TAPE =
  'FIGS. 1-7 show the front, rear, left, right, top, bottom and perspective views of a tape measure 40 having a rounded rectangular case 42, a tape blade 44 extending from the front of the case, and a belt clip 50 on the rear of the case.'
const CONTROLLER =
  'Patent drawing of a game controller: a wide rounded body, two joysticks on top of the body, four round buttons on the right side of the top of the body, and two grips extending rearward from the left and right ends of the body.'
const MONITOR =
  'A computer monitor 320 comprising a flat rectangular screen 322, a bezel 324 around the screen, a neck 326 attached to the rear of the screen, and a flat base 328 under the neck.'

describe('readObjectFigure', () => {
  it.each([TOASTER, CABINET, TAPE])(
    'warns of no part when face words only say where parts sit: %s',
    (prompt) => {
      expect(figureOf(prompt).warnings.filter((w) => /which (?:is|are) not drawn/.test(w))).toEqual(
        [],
      )
    },
  )

  it('matches a part named with shape words to its label without them ("a wide rounded body": BODY)', () => {
    const read = figureOf(CONTROLLER)
    expect(read.figure.elements.map((e) => e.label)).toContain('BODY')
    expect(read.warnings).toEqual([])
  })

  it('still warns of a named part that is not drawn, beside face words used as places', () => {
    const prompt =
      'Patent drawing of a toaster: a crumb tray, a rectangular housing on the tray, and a lever on the front face of the housing.'
    const { figure } = figureOf(prompt)
    const without = {
      ...figure,
      elements: figure.elements.filter((e) => e.label !== 'CRUMB TRAY'),
    }
    const warnings = checkFaithful(prompt, without).warnings
    expect(warnings.join(' ')).toMatch(/The prompt names CRUMB TRAY, which is not drawn/)
    expect(warnings.join(' ')).not.toMatch(/FRONT FACE/)
  })

  it.each([
    [
      'A portable cooler 120 comprising a rectangular body 122, a lid 124 hinged to the rear of the body, two handles 126 on the left and right sides of the body, and a drain plug 128 on the front face of the body.',
      '126',
    ],
    [
      'A wheelbarrow 220 comprising a tray 222, two handles 224 extending rearward from the tray, a wheel 226 at the front of the tray, an axle 228 through the wheel, and two rear legs 230 under the tray.',
      '224',
    ],
  ])('draws two copies of counted handles: %s', (prompt, numeral) => {
    const { figure } = figureOf(prompt)
    const handles = figure.elements.find((e) => e.numeral === numeral)
    expect(handles?.label).toBe('HANDLES')
    const copies = figure.scene!.parts.filter(
      (p) => p.id === handles!.id || p.element === handles!.id,
    )
    expect(copies).toHaveLength(2)
  })

  it('draws a computer monitor with a neck and a base as an object, not as a block diagram', () => {
    const diagram = readFigure(MONITOR)
    expect(diagram.ok ? diagram.figure.kind : diagram.reason).toBe('not_a_diagram')
    expect(figureOf(MONITOR).figure.elements.map((e) => e.numeral)).toEqual(
      expect.arrayContaining(['322', '324', '326', '328']),
    )
  })
})
