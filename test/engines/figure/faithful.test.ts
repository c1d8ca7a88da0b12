// The faithfulness checker (src/engines/figure/faithful) on figures written by hand against the
// prompts of the issue: a numeral on the wrong step, a numeral or a step dropped, numerals and
// words the prompt never wrote, step markers left in labels, decisions without one YES and one
// NO; and what it must not flag (quantities, figure numbers, numbers inside names, numerals the
// drafting convention assigned).

import { describe, expect, it } from 'vitest'
import { checkFaithful, readNumeralLedger } from '../../../src/engines/figure/faithful'
import { type FigureInput, FigureSchema } from '../../../src/engines/figure/figure'

const ORDER =
  'FIG. 6 illustrates an order fulfilment process 600. In step 602, an order is received from a customer. In step 604, inventory is checked. If the items are in stock, the order is packed in step 606 and shipped in step 608. Otherwise, the items are backordered in step 610. The process ends after step 608 or step 610.'

/** The order flowchart as a careful drafter draws it; `change` edits it before it is parsed. */
function orderFigure(change: (figure: FigureInput) => void = () => {}) {
  const figure: FigureInput = {
    kind: 'flowchart',
    label: 'FIG. 6',
    numeral: '600',
    elements: [
      { id: 'start', label: 'START', kind: 'terminal' },
      { id: 'a', numeral: '602', label: 'ORDER IS RECEIVED FROM A CUSTOMER', kind: 'step' },
      { id: 'b', numeral: '604', label: 'INVENTORY IS CHECKED', kind: 'step' },
      { id: 'q', label: 'ITEMS ARE IN STOCK?', kind: 'decision' },
      { id: 'c', numeral: '606', label: 'ORDER IS PACKED', kind: 'step' },
      { id: 'd', numeral: '608', label: 'ORDER IS SHIPPED', kind: 'step' },
      { id: 'e', numeral: '610', label: 'ITEMS ARE BACKORDERED', kind: 'step' },
      { id: 'end', label: 'END', kind: 'terminal' },
    ],
    connections: [
      { from: 'start', to: 'a' },
      { from: 'a', to: 'b' },
      { from: 'b', to: 'q' },
      { from: 'q', to: 'c', label: 'YES' },
      { from: 'q', to: 'e', label: 'NO' },
      { from: 'c', to: 'd' },
      { from: 'd', to: 'end' },
      { from: 'e', to: 'end' },
    ],
  }
  change(figure)
  return FigureSchema.parse(figure)
}

const rules = (prompt: string, figure: ReturnType<typeof orderFigure>, assigned?: Set<string>) =>
  checkFaithful(prompt, figure, assigned).problems.map((p) => p.rule)

describe('checkFaithful', () => {
  it('finds nothing wrong when the figure says what the prompt wrote', () => {
    expect(checkFaithful(ORDER, orderFigure()).problems).toEqual([])
  })

  it('refuses a numeral drawn on the decision when the prompt wrote it for a step', () => {
    const moved = orderFigure((f) => {
      f.elements[3]!.numeral = '606'
      delete f.elements[4]!.numeral
    })
    const problems = checkFaithful(ORDER, moved).problems
    expect(problems.map((p) => p.rule)).toContain('numeral_moved')
    expect(problems.find((p) => p.rule === 'numeral_moved')!.message).toMatch(
      /606 is written with ".*packed in step 606.*" but would be drawn on decision "ITEMS ARE IN STOCK\?"/,
    )
  })

  it('refuses a step numeral the figure does not draw', () => {
    const dropped = orderFigure((f) => {
      f.elements.splice(6, 1)
      f.connections = f.connections!.filter((c) => c.from !== 'e' && c.to !== 'e')
    })
    const problems = checkFaithful(ORDER, dropped).problems
    expect(problems).toContainEqual(
      expect.objectContaining({
        rule: 'numeral_dropped',
        message: expect.stringMatching(/^Numeral 610/),
      }),
    )
  })

  it('refuses a numeral the prompt never wrote, unless the convention assigned it', () => {
    const invented = orderFigure((f) => {
      f.elements[3]!.numeral = '612'
    })
    expect(rules(ORDER, invented)).toContain('numeral_invented')
    expect(rules(ORDER, invented, new Set(['612']))).not.toContain('numeral_invented')
  })

  it('refuses labels with words the prompt did not write, bare pronouns and step markers', () => {
    expect(
      rules(
        ORDER,
        orderFigure((f) => {
          f.elements[3]!.label = 'IT IS NOT?'
        }),
      ),
    ).toContain('text_invented')
    expect(
      rules(
        ORDER,
        orderFigure((f) => {
          f.elements[6]!.label = 'ITEMS ARE PUT ON HOLD'
        }),
      ),
    ).toContain('text_invented')
    expect(
      rules(
        ORDER,
        orderFigure((f) => {
          f.elements[4]!.label = 'THE ORDER IS PACKED IN STEP 606'
        }),
      ),
    ).toContain('marker_in_label')
    expect(
      rules(
        ORDER,
        orderFigure((f) => {
          f.elements[2]!.label = 'AT 604, INVENTORY IS CHECKED'
        }),
      ),
    ).toContain('marker_in_label')
  })

  it('refuses a decision whose two branches say YES', () => {
    const both = orderFigure((f) => {
      f.connections![4]!.label = 'YES'
    })
    expect(rules(ORDER, both)).toContain('branches')
  })

  it('warns, without refusing, when a part is drawn connected to nothing', () => {
    const prompt =
      'A system 100 comprising a processor 102 coupled to a memory 104, and a display 106.'
    const figure = FigureSchema.parse({
      kind: 'block-diagram',
      elements: [
        { id: 's', numeral: '100', label: 'SYSTEM', kind: 'container' },
        { id: 'p', numeral: '102', label: 'PROCESSOR', kind: 'block', parent: 's' },
        { id: 'm', numeral: '104', label: 'MEMORY', kind: 'block', parent: 's' },
        { id: 'd', numeral: '106', label: 'DISPLAY', kind: 'block' },
      ],
      connections: [{ from: 'p', to: 'm', arrow: 'none' }],
    })
    const report = checkFaithful(prompt, figure)
    expect(report.problems).toEqual([])
    expect(report.warnings.join(' ')).toMatch(/DISPLAY 106 connects to the rest/)
  })
})

describe('checkFaithful: what looks right and is not', () => {
  const block = (elements: FigureInput['elements'], connections: FigureInput['connections'] = []) =>
    FigureSchema.parse({ kind: 'block-diagram', elements, connections })

  it('refuses the numerals of two parts of one noun swapped (first and second sensor)', () => {
    const prompt =
      'A system 100 comprising a first temperature sensor 102, a second temperature sensor 104 and a controller 106.'
    const swapped = block([
      { id: 's', numeral: '100', label: 'SYSTEM', kind: 'container' },
      { id: 'a', numeral: '104', label: 'FIRST TEMPERATURE SENSOR', kind: 'block', parent: 's' },
      { id: 'b', numeral: '102', label: 'SECOND TEMPERATURE SENSOR', kind: 'block', parent: 's' },
      { id: 'c', numeral: '106', label: 'CONTROLLER', kind: 'block', parent: 's' },
    ])
    expect(rules(prompt, swapped)).toContain('numeral_moved')
  })

  it('refuses a count drawn as a numeral ("a controller 202 and 4 motors 204")', () => {
    const prompt = 'A drone 200 comprising a flight controller 202 and 4 motors 204.'
    const counted = block([
      { id: 's', numeral: '200', label: 'DRONE', kind: 'container' },
      { id: 'a', numeral: '202', label: 'FLIGHT CONTROLLER', kind: 'block', parent: 's' },
      { id: 'b', numeral: '4', label: 'FLIGHT CONTROLLER', kind: 'block', parent: 's' },
      { id: 'c', numeral: '204', label: 'MOTORS', kind: 'block', parent: 's' },
    ])
    expect(rules(prompt, counted)).toContain('numeral_invented')
  })

  it('refuses a label that holds another drawn part with its numeral ("CONTROLLER 102 DRIVES 2 FANS")', () => {
    const prompt =
      'A storage array 100 comprises a controller 102. The controller 102 drives 2 fans 108.'
    const parts = (fans: string) =>
      block(
        [
          { id: 's', numeral: '100', label: 'STORAGE ARRAY', kind: 'container' },
          { id: 'c', numeral: '102', label: 'CONTROLLER', kind: 'block', parent: 's' },
          { id: 'f', numeral: '108', label: fans, kind: 'block' },
        ],
        [{ from: 'c', to: 'f', arrow: 'forward' }],
      )
    expect(rules(prompt, parts('CONTROLLER 102 DRIVES 2 FANS'))).toContain('part_in_label')
    expect(rules(prompt, parts('FANS'))).toEqual([])
  })

  it('refuses two steps of one verb with their numerals swapped, a changed number and an invented "not"', () => {
    const swapped = orderFigure((f) => {
      f.elements[4]!.numeral = '608'
      f.elements[5]!.numeral = '606'
    })
    expect(rules(ORDER, swapped)).toContain('numeral_moved')
    const renumbered = orderFigure((f) => {
      f.elements[2]!.label = 'INVENTORY IS CHECKED 3 TIMES'
    })
    expect(rules(ORDER, renumbered)).toContain('text_invented')
    const negated = orderFigure((f) => {
      f.elements[3]!.label = 'ITEMS ARE NOT IN STOCK?'
    })
    expect(rules(ORDER, negated)).toContain('text_invented')
  })

  it('refuses a decision with one branch or a third', () => {
    const one = orderFigure((f) => {
      f.connections = f.connections!.filter((c) => c.label !== 'NO')
    })
    expect(rules(ORDER, one)).toContain('branches')
    const three = orderFigure((f) => {
      f.connections!.push({ from: 'q', to: 'end' })
    })
    expect(rules(ORDER, three)).toContain('branches')
  })
})

describe('readNumeralLedger', () => {
  it('reads every marker form as a step numeral and back-references as references', () => {
    const ledger = readNumeralLedger(
      'The method begins by receiving a username (step 1002). At 1104, reading a map. S1302 filling the drum. 1402: draining. In step 602, an order is received. The method returns to step 1002.',
    )
    const role = (n: string) => ledger.find((e) => e.numeral === n)?.role
    for (const n of ['1002', '1104', 'S1302', '1402', '602']) expect(role(n), n).toBe('step')
  })

  it('keeps quantities, figure and claim numbers and numbers inside names out', () => {
    const ledger = readNumeralLedger(
      'FIG. 17 shows a process. The sample is heated to 95 °C for 30 seconds at up to 10,000 rpm, as in claim 1. A Wi-Fi 6 module 208 drives 4 motors 210a-210d over an ARINC 429 data bus 212.',
    )
    expect(ledger.map((e) => e.numeral).sort()).toEqual([
      '208',
      '210a',
      '210b',
      '210c',
      '210d',
      '212',
    ])
  })

  it('reads a part\'s label in the singular of its plural ("boluses" for RUMEN BOLUS)', () => {
    const prompt = 'A system 700 comprising rumen boluses 702a and 702b and a receiver 704.'
    const figure = FigureSchema.parse({
      kind: 'block-diagram',
      elements: [
        { id: 's', numeral: '700', label: 'SYSTEM', kind: 'container' },
        { id: 'a', numeral: '702a', label: 'RUMEN BOLUS', kind: 'block', parent: 's' },
        { id: 'b', numeral: '702b', label: 'RUMEN BOLUS', kind: 'block', parent: 's' },
        { id: 'r', numeral: '704', label: 'RECEIVER', kind: 'block', parent: 's' },
      ],
      connections: [
        { from: 'a', to: 'r', arrow: 'forward' },
        { from: 'b', to: 'r', arrow: 'forward' },
      ],
    })
    expect(checkFaithful(prompt, figure).problems).toEqual([])
  })

  it('keeps rates and standards out ("a 10 Gb/s uplink", "ISO 15118")', () => {
    const ledger = readNumeralLedger(
      'Each access switch 504 is connected to the core switch 502 by a 10 Gb/s uplink. The charger 300 talks to the vehicle 312 using ISO 15118.',
    )
    expect(ledger.map((e) => e.numeral).sort()).toEqual(['300', '312', '502', '504'])
  })

  it('reads "at 1406." and "determines at 1408 whether" as step markers, "returns to 1402" as a reference', () => {
    const ledger = readNumeralLedger(
      'At 1404, the controller determines whether the load exceeds a limit. If it does, the battery is discharged at 1406. If not, the controller determines at 1408 whether the charge is low. The routine then continues at 1402.',
    )
    const role = (n: string) => ledger.find((e) => e.numeral === n)?.role
    expect([role('1404'), role('1406'), role('1408'), role('1402')]).toEqual([
      'step',
      'step',
      'step',
      'reference',
    ])
  })

  it('names a part by the noun before its numeral, past an acronym in parentheses', () => {
    const [dsp] = readNumeralLedger('a digital signal processor (DSP) 204 and a memory 206')
    expect(dsp).toMatchObject({
      numeral: '204',
      role: 'part',
      phrases: ['digital signal processor'],
    })
  })

  it('warns when one numeral is written for two parts and is drawn on one of them', () => {
    const prompt = 'A system 100 comprising a processor 102 and a memory 102.'
    const figure = FigureSchema.parse({
      kind: 'block-diagram',
      numeral: '100',
      elements: [
        { id: 's', label: 'SYSTEM', kind: 'container' },
        { id: 'p', numeral: '102', label: 'PROCESSOR', kind: 'block', parent: 's' },
        { id: 'm', label: 'MEMORY', kind: 'block', parent: 's' },
      ],
      connections: [],
    })
    const report = checkFaithful(prompt, figure)
    expect(report.problems).toEqual([])
    expect(report.warnings.join(' ')).toMatch(/Numeral 102 .*"memory".*MEMORY is drawn without it/)
  })
})
