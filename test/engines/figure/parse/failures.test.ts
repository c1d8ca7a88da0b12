// The rule-based prompt parser (src/engines/figure/parse) when a prompt gives no diagram: a
// physical object or a view of one (not_a_diagram, for the image model), more parts than a
// figure holds (too_many_parts), nothing readable (no_structure); and hostile 10,000-character
// input, which must return a result (a catastrophic rule would hit the test timeout instead:
// timers in workerd do not advance during synchronous code, so speed is measured under Node).

import { describe, expect, it } from 'vitest'
import { MAX_FIGURE_CONNECTIONS, MAX_FIGURE_ELEMENTS } from '../../../../src/engines/figure/figure'
import { parsePrompt } from '../../../../src/engines/figure/parse'

const reasonOf = (prompt: string) => {
  const result = parsePrompt(prompt)
  return result.ok ? `ok ${result.figure.kind}` : result.reason
}

/** One sentence: a capital, one final period, no sentence break inside (quotes excepted). */
const isOneSentence = (message: string) =>
  /^[A-Z]/.test(message) &&
  message.endsWith('.') &&
  !/[.!?]\s+[A-Z]/.test(message.replace(/"[^"]*"/g, '""'))

describe('parsePrompt', () => {
  describe('objects', () => {
    it('answers not_a_diagram when the prompt is a bicycle with physical parts', () => {
      expect(reasonOf('a bicycle with a front wheel, a frame and a chain')).toBe('not_a_diagram')
    })

    it('answers not_a_diagram when the prompt asks for a perspective view', () => {
      expect(reasonOf('perspective view of a chair')).toBe('not_a_diagram')
      expect(reasonOf('A side view of a smartphone showing its buttons.')).toBe('not_a_diagram')
    })

    it('answers not_a_diagram when the prompt is a mug with a handle', () => {
      expect(reasonOf('a coffee mug with a handle')).toBe('not_a_diagram')
    })

    it('answers not_a_diagram when a device comprises only physical parts', () => {
      expect(reasonOf('a device comprising a housing, a hinge and a lid')).toBe('not_a_diagram')
    })

    it('answers a block diagram when a device comprises functional parts', () => {
      expect(reasonOf('a device comprising a processor, a memory and a display')).toBe(
        'ok block-diagram',
      )
    })

    it('answers not_a_diagram when numbered physical parts are made of a material', () => {
      expect(reasonOf('A knife comprising a blade 10 and a handle 12 made of wood.')).toBe(
        'not_a_diagram',
      )
      expect(
        reasonOf(
          'A bicycle 100 having a frame 102, a front wheel 104, a rear wheel 106, a chain 108 and pedals 110.',
        ),
      ).toBe('not_a_diagram')
    })

    it('answers not_a_diagram when physical parts are connected to each other', () => {
      expect(
        reasonOf('An umbrella with a curved handle, a canopy and eight ribs connected to a shaft.'),
      ).toBe('not_a_diagram')
    })

    it('answers not_a_diagram when the prompt describes a scene', () => {
      expect(reasonOf('A cat sitting on a windowsill.')).toBe('not_a_diagram')
      expect(reasonOf('a red apple on a wooden table')).toBe('not_a_diagram')
    })

    it('answers a flowchart when a method makes an object', () => {
      expect(
        reasonOf(
          'A method of assembling a chair, comprising: attaching the legs to the seat; and attaching the backrest.',
        ),
      ).toBe('ok flowchart')
    })
  })

  describe('failures', () => {
    it('answers too_many_parts when a claim lists more parts than a figure holds', () => {
      // The whole and MAX_FIGURE_ELEMENTS modules: one element too many.
      const modules = Array.from(
        { length: MAX_FIGURE_ELEMENTS },
        (_, i) => `a module ${100 + 2 * i}`,
      )
      const result = parsePrompt(`A system comprising ${modules.join(', ')}.`)
      expect(result).toMatchObject({ ok: false, reason: 'too_many_parts' })
      if (!result.ok) expect(result.message).toContain(String(MAX_FIGURE_ELEMENTS))
    })

    it('answers too_many_parts when a method lists more steps than a figure holds', () => {
      // More steps than elements, before START and END are counted.
      const steps = Array.from(
        { length: MAX_FIGURE_ELEMENTS + 1 },
        (_, i) => `processing item ${i}`,
      )
      expect(reasonOf(`A method comprising: ${steps.join('; ')}.`)).toBe('too_many_parts')
    })

    it('answers too_many_parts when the prompt names more links than a figure holds', () => {
      // Fifteen units coupled pairwise: 105 connections, more than MAX_FIGURE_CONNECTIONS.
      const units = Array.from({ length: 15 }, (_, i) => i)
      const links = units.map(
        (i) =>
          `The unit ${10 + i} is coupled to ${units
            .filter((j) => j !== i)
            .map((j) => `the unit ${10 + j}`)
            .join(', ')}.`,
      )
      const prompt = `A system comprising ${units.map((i) => `a unit ${10 + i}`).join(', ')}. ${links.join(' ')}`
      const result = parsePrompt(prompt)
      expect(result).toMatchObject({ ok: false, reason: 'too_many_parts' })
      if (!result.ok) expect(result.message).toContain(String(MAX_FIGURE_CONNECTIONS))
    })

    it('answers no_structure with an example when a system or a method has nothing in it', () => {
      for (const prompt of ['A system.', 'Draw a block diagram.']) {
        const result = parsePrompt(prompt)
        expect(result).toMatchObject({ ok: false, reason: 'no_structure' })
        if (!result.ok) expect(result.message).toMatch(/for example "A system 100 comprising/)
      }
      for (const prompt of ['A method.', 'Draw a flowchart.']) {
        const result = parsePrompt(prompt)
        expect(result).toMatchObject({ ok: false, reason: 'no_structure' })
        if (!result.ok) expect(result.message).toMatch(/for example "A method 200 comprising/)
      }
    })

    it('answers no_structure when the prompt is empty or whitespace', () => {
      expect(reasonOf('')).toBe('no_structure')
      expect(reasonOf(' \n\t ')).toBe('no_structure')
    })

    it('writes every failure message as one sentence', () => {
      const prompts = ['perspective view of a chair', 'A system.', 'A method.', '']
      prompts.push(
        `A system comprising ${Array.from({ length: MAX_FIGURE_ELEMENTS }, (_, i) => `a unit ${i + 1}`).join(', ')}.`,
      )
      for (const prompt of prompts) {
        const result = parsePrompt(prompt)
        expect(result.ok).toBe(false)
        if (!result.ok) expect(isOneSentence(result.message), result.message).toBe(true)
      }
    })

    it('returns a result instead of throwing when the input is hostile', () => {
      const hostile = [
        'a '.repeat(5000),
        '('.repeat(5000) + ')'.repeat(5000),
        '1. '.repeat(3333),
        'if '.repeat(3333),
        ';'.repeat(10000),
        `A system comprising ${'a processor, '.repeat(800)}`,
        `A system comprising a processor, a hub coupled to the processor${', the processor'.repeat(700)}`,
        `The hub is coupled to the processor${' and to the processor, to the hub'.repeat(300)}`,
        `A method comprising: ${'returning to step 202; '.repeat(400)}`,
        'x'.repeat(10000),
        '\u0000\uFFFF\uD800 step 1: \u202E',
        undefined as unknown as string,
      ]
      for (const prompt of hostile) {
        const result = parsePrompt(prompt)
        expect(typeof result.ok).toBe('boolean')
      }
    })
  })
})
