// readFigure on informal prompts whose parts the rule reader passed over: every part the prompt
// names is drawn or named in a warning, never silently lost, and no verb ends up in a label.

import { describe, expect, it } from 'vitest'
import { readFigure } from '../../../src/engines/figure/read-figure'

/** The reading's labels and its warnings, for a prompt that must read. */
function read(prompt: string) {
  const result = readFigure(prompt)
  if (!result.ok) throw new Error(`refused: ${result.message}`)
  const labels = result.figure.elements.map((e) => e.label)
  return { figure: result.figure, labels, warned: result.warnings.join(' ') }
}

describe('readFigure', () => {
  it('names the second of two joined subjects when their plural verb is not read ("GPS and IMU feed into it")', () => {
    const { labels, warned } = read(
      'can you draw a block diagram of the electronics on my drone? flight controller in the middle. GPS and IMU feed into it. it drives 4 ESCs and each ESC drives a motor. a 4S LiPo battery powers the ESCs and the flight controller through a power distribution board.',
    )
    for (const part of ['GPS', 'IMU', 'MOTOR']) {
      expect(labels.includes(part) || warned.includes(part), part).toBe(true)
    }
    expect(labels.join(' ')).not.toMatch(/\b(?:FEED|DRIVES?)\b/)
  })

  it('draws a link word written as equipment that acts ("a grid connection powers a rectifier")', () => {
    const { figure, labels } = read(
      'Block diagram of an electric vehicle charger: a grid connection powers a rectifier; the rectifier feeds a DC-DC converter, which charges the vehicle battery. A charge controller controls the DC-DC converter.',
    )
    expect(labels).toEqual([
      'GRID CONNECTION',
      'RECTIFIER',
      'DC-DC CONVERTER',
      'VEHICLE BATTERY',
      'CHARGE CONTROLLER',
    ])
    const id = (label: string) => figure.elements.find((e) => e.label === label)!.id
    expect(figure.connections.map((c) => [c.from, c.to])).toEqual([
      [id('GRID CONNECTION'), id('RECTIFIER')],
      [id('RECTIFIER'), id('DC-DC CONVERTER')],
      [id('DC-DC CONVERTER'), id('VEHICLE BATTERY')],
      [id('CHARGE CONTROLLER'), id('DC-DC CONVERTER')],
    ])
  })

  it("reads a heading before a colon as the whole, not as a container of the first sentence's parts", () => {
    const { figure, labels, warned } = read(
      'Block diagram of an electric vehicle charger: a rectifier feeds a DC-DC converter, which charges the vehicle battery. A charge controller controls the DC-DC converter.',
    )
    expect(labels).toEqual(['RECTIFIER', 'DC-DC CONVERTER', 'VEHICLE BATTERY', 'CHARGE CONTROLLER'])
    expect(figure.elements.every((e) => e.kind === 'block' && !e.parent)).toBe(true)
    // The whole is not drawn, and the response says so.
    expect(warned).toMatch(/ELECTRIC VEHICLE CHARGER/)
  })

  it('joins the two parts a medium connects ("a wireless link connects the sensor to the hub")', () => {
    const { figure, labels } = read(
      'A wireless link connects the sensor to the hub. The hub sends data to a server.',
    )
    expect(labels).toEqual(['SENSOR', 'HUB', 'SERVER'])
    expect(figure.connections[0]).toMatchObject({
      from: figure.elements[0]!.id,
      to: figure.elements[1]!.id,
      arrow: 'none',
      label: 'WIRELESS LINK',
    })
  })

  it('reads "drives 2 fans 108" as a verb and its counted object, not as the part\'s name', () => {
    const { figure } = read(
      'A storage array 100 comprises disk drives 104 and 106 and a controller 102. The controller 102 drives 2 fans 108.',
    )
    const byNumeral = Object.fromEntries(figure.elements.map((e) => [e.numeral, e]))
    expect(byNumeral['102']!.label).toBe('CONTROLLER')
    expect(byNumeral['108']!.label).toBe('FANS')
    expect(byNumeral['104']!.label).toBe('DISK DRIVE')
    expect(figure.connections.map((c) => [c.from, c.to])).toContainEqual([
      byNumeral['102']!.id,
      byNumeral['108']!.id,
    ])
  })
})
