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

  it('names a link word written as equipment that acts ("a grid connection powers a rectifier")', () => {
    const { labels, warned } = read(
      'Block diagram of an electric vehicle charger: a grid connection powers a rectifier; the rectifier feeds a DC-DC converter, which charges the vehicle battery.',
    )
    expect(labels.includes('GRID CONNECTION') || warned.includes('GRID CONNECTION')).toBe(true)
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
