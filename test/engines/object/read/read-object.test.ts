// The object reader (src/engines/object/read): the four prompts and prompts of our own
// read into parts with their numerals as written, labels in the prompt's words, shapes, counts,
// placements and views; a part no word shapes is kept and named in a warning; nothing is refused.

import { describe, expect, it } from 'vitest'
import { MAX_OBJECT_PARTS } from '../../../../src/engines/object/object-scene'
import { type DraftPart, objectSignal, readObject } from '../../../../src/engines/object/read'

/** The part with `numeral`, or with label `label`. */
function part(prompt: string, key: string): DraftPart {
  const draft = readObject(prompt)
  const found = draft.parts.find((p) => p.numeral === key || p.label === key)
  if (!found) throw new Error(`no part ${key} in ${draft.parts.map((p) => p.label).join(', ')}`)
  return found
}

const MUG =
  'A perspective view of a coffee mug 10 having a cylindrical body 12 and a handle 14 attached to the side of the body'
const TABLE = 'A table 40 having a rectangular top 42 supported by four legs 44'
const HINGE =
  'A hinge comprising a first leaf 20, a second leaf 22, and a pin 24 extending through knuckles 26 of the leaves'
const HOUSING =
  'Patent drawing of a rectangular housing with a hinged lid, a wheel on the front face and a handle on the right side'

describe('readObject', () => {
  describe('the issue prompts', () => {
    it('reads a mug as an assembly of a cylindrical body and a loop handle on its side', () => {
      const draft = readObject(MUG)
      expect(draft.parts.map((p) => [p.numeral, p.label, p.shape])).toEqual([
        ['10', 'COFFEE MUG', 'assembly'],
        ['12', 'BODY', 'cylinder'],
        ['14', 'HANDLE', 'torus'],
      ])
      expect(draft.whole).toBe(draft.parts[0]!.id)
      expect(part(MUG, '14')).toMatchObject({ on: 'body', where: 'side' })
      expect(draft.views).toEqual([{ kind: 'perspective', hidden: false }])
      expect(draft.label).toBe('FIG. 1')
      expect(draft.warnings).toEqual([])
    })

    it('reads four legs 44 as one part counted four, under the top it supports', () => {
      const legs = part(TABLE, '44')
      expect(legs).toMatchObject({ label: 'LEGS', count: 4, countWritten: true, shape: 'box' })
      const top = part(TABLE, '42')
      expect(top).toMatchObject({ label: 'TOP', shape: 'plate', on: legs.id })
      expect(top.relations[0]).toMatchObject({ kind: 'on', support: true })
      expect(part(TABLE, '40').shape).toBe('assembly')
    })

    it('reads knuckles 26 of the leaves as a plural on both leaves, and the pin through them', () => {
      const knuckles = part(HINGE, '26')
      expect(knuckles).toMatchObject({ count: 3, countWritten: false, shape: 'tube' })
      const first = part(HINGE, '20')
      const second = part(HINGE, '22')
      expect(knuckles.relations[0]).toMatchObject({ kind: 'of', targets: [first.id, second.id] })
      expect(part(HINGE, '24')).toMatchObject({ on: knuckles.id, where: 'through' })
      expect([first.label, second.label]).toEqual(['FIRST LEAF', 'SECOND LEAF'])
    })

    it('reads an unnumbered housing as the drawn whole with a hinged lid, a front wheel and a side handle', () => {
      const draft = readObject(HOUSING)
      const [housing, lid, wheel, handle] = draft.parts
      expect(housing).toMatchObject({ label: 'HOUSING', shape: 'box' })
      expect(housing!.numeral).toBeUndefined()
      expect(lid).toMatchObject({ label: 'LID', on: housing!.id, where: 'hinged' })
      expect(wheel).toMatchObject({ label: 'WHEEL', shape: 'cylinder', where: 'front' })
      expect(handle).toMatchObject({ label: 'HANDLE', on: housing!.id, where: 'right' })
      expect(draft.parts.every((p) => p.numeral === undefined)).toBe(true)
    })
  })

  describe('numerals', () => {
    it('keeps numerals exactly as written, letters and lists included', () => {
      const draft = readObject(
        'A fan 300 comprising a hub 302 and blades 304a-304c evenly spaced around the hub, and a guard 306',
      )
      const blades = draft.parts.find((p) => p.numeral === '304a')!
      expect(blades.numerals).toEqual(['304a', '304b', '304c'])
      expect(blades).toMatchObject({ count: 3, countWritten: true, arrangement: 'around' })
      expect(draft.parts.map((p) => p.numeral)).toEqual(['300', '302', '304a', '306'])
    })

    it('never writes a numeral the prompt does not, and never takes a count for one', () => {
      const draft = readObject('A stool having a round seat and 3 legs under the seat.')
      expect(draft.parts.every((p) => p.numeral === undefined)).toBe(true)
      expect(draft.parts.find((p) => p.head === 'leg')).toMatchObject({ count: 3 })
    })

    it('unwraps parenthesised numerals', () => {
      const draft = readObject('A bottle (30) comprising a body (32) and a cap (34) on the body.')
      expect(draft.parts.map((p) => p.numeral)).toEqual(['30', '32', '34'])
    })
  })

  describe('shapes', () => {
    it('takes the shape from the noun and changes it by the adjectives', () => {
      const prompt =
        'A device 1 having a rectangular knob 2, a hollow shaft 3, a conical nozzle 4, a spherical cap 5, a coil spring 6, a flat lever 7 and a rounded housing 8.'
      expect(['2', '3', '4', '5', '6', '7', '8'].map((n) => part(prompt, n).shape)).toEqual([
        'box',
        'tube',
        'cone',
        'sphere',
        'helix',
        'plate',
        'rounded-box',
      ])
    })

    it('keeps a part no word shapes, as a plain block named in a warning', () => {
      const draft = readObject('A gadget 50 having a frobnicator 52 on its top and a knob 54.')
      const frob = draft.parts.find((p) => p.numeral === '52')!
      expect(frob).toMatchObject({ shape: 'box', shapeKnown: false, label: 'FROBNICATOR' })
      expect(draft.warnings.some((w) => w.includes('FROBNICATOR 52'))).toBe(true)
    })

    it('knows the jaws of a vise, the bonnet and handwheel of a valve and a joystick', () => {
      const valve = readObject(
        'A gate valve 230 comprising a valve body 232, a bonnet 236 on top of the body, a stem 238 extending from the bonnet, and a handwheel 240 on the upper end of the stem.',
      )
      expect(valve.warnings).toEqual([])
      expect(part('A vise 1 having a base 2 and a fixed jaw 3 on the base.', '3').shapeKnown).toBe(
        true,
      )
      expect(part('A game pad 1 having a body 2 and a joystick 3 on top.', '3').form).toBe('knob')
    })

    it('makes a handle that extends out of a part a bar, and one on its side a loop', () => {
      const barrow =
        'A wheelbarrow 220 comprising a tray 222 and two handles 224 extending rearward from the tray.'
      const cooler =
        'A cooler 120 comprising a body 122 and two handles 126 on the left and right sides of the body.'
      expect(part(barrow, '224').shape).toBe('cylinder')
      expect(part(cooler, '126').shape).toBe('torus')
    })

    it('gives a lid on a round body a round shape', () => {
      expect(
        part('A jar 10 having a cylindrical body 12 and a lid 14 on top of the body.', '14').shape,
      ).toBe('cylinder')
    })

    it('drops shape and size words from labels but keeps function, order and material', () => {
      const draft = readObject(
        'A wooden chair 10 with a flat square seat 12 and four short round front legs 14.',
      )
      expect(draft.parts.map((p) => p.label)).toEqual(['WOODEN CHAIR', 'SEAT', 'FRONT LEGS'])
    })
  })

  describe('counts', () => {
    it.each([
      ['A bike 1 having a pair of pedals 2.', 2, true],
      ['A stand 1 having three legs 2.', 3, true],
      ['A fan 1 having a plurality of blades 2 around a hub 3.', 3, false],
      ['A hinge 1 having knuckles 2.', 3, false],
    ])('counts "%s" as %i', (prompt, count, written) => {
      expect(part(prompt, '2')).toMatchObject({ count, countWritten: written })
    })

    it.each([
      'A portable cooler 120 comprising a rectangular body 122, two handles 126 on the left and right sides of the body, and a drain plug 128.',
      'A wheelbarrow 220 comprising a tray 222, two handles 126 extending rearward from the tray, and a wheel 226.',
    ])('reads "two handles 126" as a part counted two, not as a verb: %s', (prompt) => {
      expect(part(prompt, '126')).toMatchObject({ label: 'HANDLES', count: 2, countWritten: true })
    })

    it('reads "handles" with a handled thing after it as a verb, and unnumbered ones as parts', () => {
      const press = readObject(
        'A press 10 comprising a frame 12 and a ram 14 that handles the sheet.',
      )
      expect(press.parts.some((p) => p.head === 'handle')).toBe(false)
      const crate = readObject('A crate 10 having a box 12 and two rope handles on its ends.')
      expect(crate.parts.find((p) => p.head === 'handle')).toMatchObject({
        label: 'ROPE HANDLES',
        count: 2,
      })
    })

    it('gives one part per copy of what "each" names', () => {
      const draft = readObject(
        'A skateboard 700 includes a deck 702, two trucks 704 mounted below the deck, and an axle 706 extending through each truck.',
      )
      expect(draft.parts.find((p) => p.numeral === '706')).toMatchObject({ count: 2 })
    })
  })

  describe('placement', () => {
    it.each([
      ['a lid 2 on top of the box', 'top'],
      ['a knob 2 on the front face of the box', 'front'],
      ['a spout 2 extending from the rear of the box', 'rear'],
      ['a hook 2 at the end of the box', 'end'],
      ['a label 2 on the left side of the box', 'left'],
      ['four feet 2 at the corners of the box', 'corners'],
      ['a drawer 2 below the box', 'below'],
      ['a battery 2 inside the box', 'inside'],
      ['a pin 2 through the box', 'through'],
      ['a ring 2 around the box', 'around'],
      ['a door 2 hinged to the box', 'hinged'],
      ['a drum 2 coaxial with the box', 'coaxial'],
    ])('reads "%s" as %s of the box', (phrase, where) => {
      const draft = readObject(`A device 1 having a box 3 and ${phrase}.`)
      expect(draft.parts.find((p) => p.numeral === '2')).toMatchObject({ on: 'box', where })
    })

    it('reads placements said in later sentences', () => {
      const prompt =
        'A lamp 10 comprises a base 12, a pole 14 and a shade 16. The pole 14 extends upward from the base 12. The shade 16 is mounted on the top end of the pole.'
      expect(part(prompt, '14')).toMatchObject({ on: 'base' })
      expect(part(prompt, '16')).toMatchObject({ on: 'pole', where: 'end' })
    })

    it('puts parts listed in a part on it, and nothing on an assembly whole', () => {
      const draft = readObject('A table 1 having a top 2 and legs 4; the top 2 has a drawer 3.')
      expect(draft.parts.find((p) => p.numeral === '3')).toMatchObject({ on: 'top' })
      expect(draft.parts.find((p) => p.numeral === '4')!.on).toBeUndefined()
    })
  })

  describe('views', () => {
    it.each([
      ['A front view of a box 1.', ['front']],
      ['A top plan view of a box 1.', ['top']],
      ['A side elevation of a box 1.', ['right']],
      ['An exploded perspective view of a box 1.', ['exploded']],
      [
        'Front, rear, left, right, top, bottom and perspective views of a box 1.',
        ['front', 'rear', 'left', 'right', 'top', 'bottom', 'perspective'],
      ],
      [
        'A box 1, in the standard design patent views.',
        ['perspective', 'front', 'rear', 'left', 'right', 'top', 'bottom'],
      ],
      ['A box 1.', ['perspective']],
      [
        'Design patent views of a box 1 with a lid 2 on top.',
        ['perspective', 'front', 'rear', 'left', 'right', 'top', 'bottom'],
      ],
    ])('reads the views of "%s"', (prompt, kinds) => {
      expect(readObject(prompt).views.map((v) => v.kind)).toEqual(kinds)
    })

    it('reads a view list set apart by dashes as views, not as parts named TOP and BOTTOM', () => {
      const draft = readObject(
        'Design patent views of a nightstand 500 - front, rear, top, bottom and perspective - comprising a cabinet 502 and a flat top 504 on the cabinet.',
      )
      expect(draft.views.map((v) => v.kind)).toEqual([
        'front',
        'rear',
        'top',
        'bottom',
        'perspective',
        'left',
        'right',
      ])
      expect(draft.parts.map((p) => p.numeral ?? p.label)).toEqual(['500', '502', '504'])
    })

    it('draws hidden lines dashed when asked, and reads the FIG. label', () => {
      const draft = readObject('FIG. 4 is a front view of a valve 400 showing hidden lines.')
      expect(draft.views).toEqual([{ kind: 'front', hidden: true }])
      expect(draft.label).toBe('FIG. 4')
      expect(draft.parts[0]).toMatchObject({ numeral: '400', label: 'VALVE' })
    })

    it('warns that a sectional view is drawn as the view it is cut from', () => {
      const draft = readObject('A cross-sectional view of a pipe 10.')
      expect(draft.warnings.some((w) => /sectional view/.test(w))).toBe(true)
    })
  })

  describe('never refuses', () => {
    it.each(['', '   ', 'Draw something nice.', '!!!! ????', 'a a a a a a a a'])(
      'gives a drawable draft for "%s"',
      (prompt) => {
        const draft = readObject(prompt)
        expect(draft.parts.length).toBeGreaterThan(0)
        expect(draft.parts.some((p) => p.shape !== 'assembly')).toBe(true)
      },
    )

    it('reads a 10,000-character prompt, and says when it names more parts than a figure holds', () => {
      const prompt = `A rack 1 having ${Array.from({ length: 600 }, (_, k) => `a shelf ${k + 2}`).join(', ')}.`
      const draft = readObject(prompt.slice(0, 10_000))
      expect(draft.parts.length).toBeGreaterThan(MAX_OBJECT_PARTS)
      expect(draft.parts.length).toBeLessThanOrEqual(2 * MAX_OBJECT_PARTS + 1)
      expect(draft.warnings.some((w) => w.includes(`one figure holds ${MAX_OBJECT_PARTS}`))).toBe(
        true,
      )
    })

    it('cuts copies to what a figure holds, keeping one of every part', () => {
      const draft = readObject('A grid 1 having forty pins 2, twenty studs 3 and a frame 4.')
      const drawn = draft.parts.filter((p) => p.shape !== 'assembly')
      expect(drawn.reduce((n, p) => n + p.count, 0)).toBeLessThanOrEqual(MAX_OBJECT_PARTS)
      expect(draft.parts.map((p) => [p.numeral, p.label])).toEqual([
        ['1', 'GRID'],
        ['2', 'PINS'],
        ['3', 'STUDS'],
        ['4', 'FRAME'],
      ])
      expect(draft.warnings.some((w) => w.startsWith('STUDS is drawn'))).toBe(true)
    })
  })
})

describe('objectSignal', () => {
  it('is drawable and confident for an object the reader understood', () => {
    const signal = objectSignal(MUG, readObject(MUG))
    expect(signal.drawable).toBe(true)
    expect(signal.confidence).toBeGreaterThanOrEqual(0.8)
  })

  it('is not drawable for a block diagram of computing parts', () => {
    const prompt =
      'A system 100 comprising a processor 102 coupled to a memory 104 and a network interface 106.'
    const signal = objectSignal(prompt, readObject(prompt))
    expect(signal.drawable).toBe(false)
  })

  it.each([
    'A bench vise 300 comprising a rectangular base 302, a fixed jaw 304 on top of the base, a movable jaw 306 facing the fixed jaw, a screw 308 extending through the movable jaw, and a handle bar 310 through the end of the screw.',
    'A gate valve 230 comprising a valve body 232, two flanges 234 at opposite ends of the body, a bonnet 236 on top of the body, a stem 238 extending from the bonnet, and a handwheel 240 on the upper end of the stem.',
  ])('is drawable for a mechanical object with no view named: %s', (prompt) => {
    expect(objectSignal(prompt, readObject(prompt)).drawable).toBe(true)
  })

  it('is drawable when the diagram reader judges the parts physical, though some are unknown words', () => {
    const prompt =
      'A gate valve 230 comprising a valve body 232, two flanges 234 at opposite ends of the body, a yoke 236 on top of the body, a stem 238 extending from the yoke, and a trunnion 240 on the upper end of the stem.'
    const signal = objectSignal(prompt, readObject(prompt))
    expect(signal.reasons[0]).toBe('the diagram classifier reads a system of physical parts')
    expect(signal.drawable).toBe(true)
  })

  it('is not drawable for a system of computing parts in a housing, nor for a scene', () => {
    for (const prompt of [
      'A monitoring system 100 comprising a sensor 102 coupled to a controller 104 and a display 106 on a housing 108.',
      'A sunset over snowy mountains with pine trees.',
    ]) {
      expect(objectSignal(prompt, readObject(prompt)).drawable).toBe(false)
    }
  })

  it('is not drawable for a method', () => {
    const prompt = 'A method 200 comprising: receiving a request; validating it; and storing it.'
    expect(objectSignal(prompt, readObject(prompt)).drawable).toBe(false)
  })
})

describe('readObject: wholes and verbs of the bench prompts', () => {
  it('reads a whole whose parts all hold one another as those parts, not a solid body', () => {
    const draft = readObject(
      'A computer monitor 320 comprising a flat rectangular screen 322, a bezel 324 around the screen, a neck 326 attached to the rear of the screen, and a flat base 328 under the neck.',
    )
    expect(draft.parts.find((p) => p.id === draft.whole)?.shape).toBe('assembly')
  })

  it('keeps a housing with parts placed on it drawn as a part', () => {
    const draft = readObject(
      'A toaster 200 having a rectangular housing 202, two bread slots 204 in the top of the housing, and a lever 206 on the front face of the housing.',
    )
    expect(draft.parts.find((p) => p.id === 'housing')?.shape).toBe('box')
  })

  it('reads "coming out of one end of" as extending from that end, not pointing sideways', () => {
    const draft = readObject(
      'draw a garden trowel: a long round wooden handle, a short metal neck coming out of one end of the handle, and a flat pointed blade at the end of the neck',
    )
    const neck = draft.parts.find((p) => p.head === 'neck')!
    expect(neck.relations[0]).toMatchObject({ kind: 'extends', face: 'end' })
    expect(neck.relations[0]?.toward).toBeUndefined()
  })
})
