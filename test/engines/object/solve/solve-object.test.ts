// The object solver (src/engines/object/solve): drafts read from words become scenes whose parts
// keep the relations the words say, measured on the placed solids: contact within a tolerance,
// no overlap beyond contact (but for what goes into or through a part on purpose), copies evenly
// spaced, numerals on their parts. The four prompts and prompts of our own.

import { describe, expect, it } from 'vitest'
import { ObjectSceneSchema, type Vec3 } from '../../../../src/engines/object/object-scene'
import { readObject } from '../../../../src/engines/object/read'
import {
  collide,
  mayTouch,
  objectElements,
  placeSolids,
  type Solid,
  solveObject,
} from '../../../../src/engines/object/solve'
import { eulerOf, matrixOf } from '../../../../src/engines/object/solve/frames'

const MUG =
  'A perspective view of a coffee mug 10 having a cylindrical body 12 and a handle 14 attached to the side of the body'
const TABLE = 'A table 40 having a rectangular top 42 supported by four legs 44'
const HINGE =
  'A hinge comprising a first leaf 20, a second leaf 22, and a pin 24 extending through knuckles 26 of the leaves'
const HOUSING =
  'Patent drawing of a rectangular housing with a hinged lid, a wheel on the front face and a handle on the right side'

const OWN = [
  'A desk fan 400 comprises a round base 402, a vertical stand 404 extending from the base, a cylindrical motor housing 406 mounted at the upper end of the stand, a hub 408 coaxial with the motor housing, three blades 410 evenly spaced around the hub, and a guard ring 412 surrounding the blades.',
  'A chair 10 having a square seat 12, four round legs 14 under the seat, and a backrest 16 held up by two posts 18 at the back of the seat.',
  'A toy car 20 having a rectangular body 22, a rounded cabin 24 on top of the body, and four wheels 26 mounted on two axles 28 that pass through the lower part of the body.',
  'A flashlight 30 includes a cylindrical barrel 32, a flared head 34 on the front end of the barrel, a lens 36 inside the head, a push button 38 on the side of the barrel, and a tail cap 40 on the rear end of the barrel.',
  'A bookshelf 1000 has two vertical side panels 1002, a top panel 1004 and a bottom panel 1006 extending between the side panels, and four shelves 1008 evenly spaced between the top and bottom panels.',
  'A kettle 90 having a cylindrical body 92 standing on a flat round base 94, a tapered spout 96 extending from the front of the body, a handle 98 on the rear of the body, and a lid 100 on top of the body with a knob 102 at its center.',
  'A toolbox 500 has a rectangular bin 502, a lid 506 hinged to the rear edge of the bin, a bar-shaped handle 508 mounted on top of the lid, and two latches 510 on the front face of the bin.',
  'A vehicle wheel 10 comprising a rim 12, a tire 14 mounted around the rim, a hub 16 at the center of the rim, and five lug holes 20 evenly spaced around the hub.',
]

/** How far apart two solids' boxes are (negative: they overlap by that much). */
function gap(a: Solid, b: Solid): number {
  return Math.max(
    ...[0, 1, 2].map((k) => Math.abs(a.center[k]! - b.center[k]!) - a.half[k]! - b.half[k]!),
  )
}

/** Contact within 2% of the larger part. */
const touches = (a: Solid, b: Solid) => gap(a, b) <= 0.02 * Math.max(...a.half, ...b.half) + 1e-6

const solidsOf = (prompt: string) => placeSolids(readObject(prompt))
const byId = (solids: readonly Solid[], id: string) => {
  const found = solids.find((s) => s.id === id)
  if (!found) throw new Error(`no solid ${id} among ${solids.map((s) => s.id).join(', ')}`)
  return found
}
const top = (s: Solid) => s.center[2] + s.half[2]
const bottom = (s: Solid) => s.center[2] - s.half[2]

describe('solveObject', () => {
  describe('the issue prompts', () => {
    it('puts the mug handle against the right side of the body, its ends just into the wall', () => {
      const solids = solidsOf(MUG)
      const body = byId(solids, 'body')
      const handle = byId(solids, 'handle')
      expect(handle.shape).toBe('tube')
      expect(handle.extras.path?.length).toBe(4)
      const radius = body.half[0]
      const bar = handle.size[1]
      expect(handle.center[0] - handle.half[0]).toBeGreaterThan(radius - bar)
      expect(handle.center[0] - handle.half[0]).toBeLessThan(radius)
      // Centred on the body's height, spanning more than a third of it.
      expect(Math.abs(handle.center[2] - body.center[2])).toBeLessThan(1e-6)
      expect(handle.half[2]).toBeGreaterThan(body.half[2] / 3)
    })

    it('stands four legs under the corners of the top, flush with its underside', () => {
      const solids = solidsOf(TABLE)
      const table = byId(solids, 'top')
      const legs = solids.filter((s) => s.part.id === 'leg')
      expect(legs.map((s) => s.id)).toEqual(['leg', 'leg.2', 'leg.3', 'leg.4'])
      for (const leg of legs) {
        expect(top(leg)).toBeCloseTo(bottom(table), 6)
        // Inside the top's footprint.
        for (const k of [0, 1]) {
          expect(Math.abs(leg.center[k]! - table.center[k]!) + leg.half[k]!).toBeLessThanOrEqual(
            table.half[k]! + 1e-6,
          )
        }
      }
      // The four corners: the same offsets, every sign.
      const offsets = legs.map((s) => [
        s.center[0] - table.center[0],
        s.center[1] - table.center[1],
      ])
      const signs = new Set(offsets.map(([x, y]) => `${Math.sign(x!)},${Math.sign(y!)}`))
      expect(signs.size).toBe(4)
      for (const [x, y] of offsets) {
        expect(Math.abs(x!)).toBeCloseTo(Math.abs(offsets[0]![0]!), 6)
        expect(Math.abs(y!)).toBeCloseTo(Math.abs(offsets[0]![1]!), 6)
      }
      expect(Math.min(...solids.map(bottom))).toBeCloseTo(0, 6)
    })

    it('runs the pin through the knuckles on their axis, the knuckles evenly along the leaves', () => {
      const solids = solidsOf(HINGE)
      const first = byId(solids, 'first-leaf')
      const second = byId(solids, 'second-leaf')
      const knuckles = solids.filter((s) => s.part.id === 'knuckle')
      const pin = byId(solids, 'pin')
      expect(knuckles).toHaveLength(3)
      for (const k of knuckles) {
        expect(touches(k, first)).toBe(true)
        expect(touches(k, second)).toBe(true)
        // The same axis as the pin, and the pin inside the knuckle's bore.
        expect(k.center[0]).toBeCloseTo(pin.center[0], 6)
        expect(k.center[2]).toBeCloseTo(pin.center[2], 6)
        expect(pin.size[0]).toBeLessThan(k.size[0])
      }
      const ys = knuckles.map((k) => k.center[1]).sort((a, b) => a - b)
      expect(ys[1]! - ys[0]!).toBeCloseTo(ys[2]! - ys[1]!, 6)
      // Out past both end knuckles.
      const span = [ys[0]! - knuckles[0]!.half[1], ys[2]! + knuckles[0]!.half[1]]
      expect(pin.center[1] - pin.half[1]).toBeLessThan(span[0]!)
      expect(pin.center[1] + pin.half[1]).toBeGreaterThan(span[1]!)
    })

    it('puts the lid on top of the housing, the wheel on its front and the handle on its right', () => {
      const solids = solidsOf(HOUSING)
      const housing = byId(solids, 'housing')
      const lid = byId(solids, 'lid')
      const wheel = byId(solids, 'wheel')
      const handle = byId(solids, 'handle')
      expect(bottom(lid)).toBeCloseTo(top(housing), 6)
      expect(lid.half[0]).toBeCloseTo(housing.half[0], 6)
      expect(lid.half[1]).toBeCloseTo(housing.half[1], 6)
      // The front is −y: the wheel's back on the housing's front face, its axis out of it.
      expect(wheel.center[1] + wheel.half[1]).toBeCloseTo(housing.center[1] - housing.half[1], 6)
      expect(Math.abs(wheel.r[7]!)).toBeCloseTo(1, 6)
      expect(handle.center[0] - handle.half[0]).toBeLessThan(housing.center[0] + housing.half[0])
      expect(handle.center[0]).toBeGreaterThan(housing.center[0] + housing.half[0])
    })
  })

  describe('relations', () => {
    it('sets blades evenly around the hub, each out from its side', () => {
      const solids = solidsOf(OWN[0]!)
      const hub = byId(solids, 'hub')
      const blades = solids.filter((s) => s.part.id === 'blade')
      expect(blades).toHaveLength(3)
      const angles = blades
        .map((b) => Math.atan2(b.center[1] - hub.center[1], b.center[0] - hub.center[0]))
        .sort((a, b) => a - b)
      const step = (2 * Math.PI) / 3
      expect(angles[1]! - angles[0]!).toBeCloseTo(step, 6)
      expect(angles[2]! - angles[1]!).toBeCloseTo(step, 6)
      const radii = blades.map((b) =>
        Math.hypot(b.center[0] - hub.center[0], b.center[1] - hub.center[1]),
      )
      for (const r of radii) expect(r).toBeCloseTo(radii[0]!, 6)
    })

    it('stacks the fan: stand on the base, housing at the stand’s top, hub against the housing', () => {
      const solids = solidsOf(OWN[0]!)
      const [base, stand, housing, hub] = ['base', 'vertical-stand', 'motor-housing', 'hub'].map(
        (id) => byId(solids, id),
      )
      expect(bottom(stand!)).toBeCloseTo(top(base!), 6)
      expect(bottom(housing!)).toBeCloseTo(top(stand!), 6)
      expect(touches(hub!, housing!)).toBe(true)
    })

    it('puts the shelves between the top and bottom panels, evenly, spanning the side panels', () => {
      const solids = solidsOf(OWN[4]!)
      const topPanel = byId(solids, 'top-panel')
      const bottomPanel = byId(solids, 'bottom-panel')
      const shelves = solids.filter((s) => s.part.id === 'shelf').map((s) => s.center[2])
      expect(shelves).toHaveLength(4)
      const levels = [bottom(topPanel), ...shelves, top(bottomPanel)].sort((a, b) => a - b)
      expect(top(bottomPanel)).toBeLessThan(Math.min(...shelves))
      expect(bottom(topPanel)).toBeGreaterThan(Math.max(...shelves))
      const pitch = (levels[5]! - levels[0]!) / 5
      for (let k = 1; k < 5; k++) expect(levels[k]! - levels[0]!).toBeCloseTo(k * pitch, 1)
      const sides = solids.filter((s) => s.part.id === 'vertical-side-panel')
      for (const shelf of solids.filter((s) => s.part.id === 'shelf')) {
        expect(sides.every((side) => touches(shelf, side))).toBe(true)
      }
    })

    it('mounts the wheels on the axles, the axles across the car', () => {
      const solids = solidsOf(OWN[2]!)
      const axles = solids.filter((s) => s.part.id === 'axle')
      const wheels = solids.filter((s) => s.part.id === 'wheel')
      expect(axles).toHaveLength(2)
      expect(wheels).toHaveLength(4)
      for (const wheel of wheels) {
        const axle = wheel.anchor!
        expect(axles).toContain(axle)
        // On the axle's line.
        expect(wheel.center[0]).toBeCloseTo(axle.center[0], 6)
        expect(wheel.center[2]).toBeCloseTo(axle.center[2], 6)
      }
    })

    it('puts the knob at the center of the kettle lid, and a lid on a round body round', () => {
      const solids = solidsOf(OWN[5]!)
      const lid = byId(solids, 'lid')
      const knob = byId(solids, 'knob')
      expect(lid.shape).toBe('cylinder')
      expect(bottom(knob)).toBeCloseTo(top(lid), 6)
      expect(knob.center[0]).toBeCloseTo(lid.center[0], 6)
      expect(knob.center[1]).toBeCloseTo(lid.center[1], 6)
    })

    it('stands handles that extend rearward out of the rear face, as bars along it', () => {
      const solids = solidsOf(
        'A wheelbarrow 220 comprising a tray 222, two handles 224 extending rearward from the tray, and a wheel 226 at the front of the tray.',
      )
      const tray = byId(solids, 'tray')
      const handles = [byId(solids, 'handle'), byId(solids, 'handle.2')]
      for (const handle of handles) {
        expect(handle.center[1] - handle.half[1]).toBeGreaterThanOrEqual(
          tray.center[1] + tray.half[1] - 1e-6,
        )
        expect(handle.half[1]).toBeGreaterThan(handle.half[0])
      }
      expect(handles[0]!.center[0]).not.toBeCloseTo(handles[1]!.center[0], 3)
    })

    it('puts grips extending rearward from the left and right ends both on the rear, one at each end', () => {
      const solids = solidsOf(
        'A game controller 1 comprising a wide rounded body 2, and two grips 3 extending rearward from the left and right ends of the body.',
      )
      const body = byId(solids, 'body')
      const grips = [byId(solids, 'grip'), byId(solids, 'grip.2')]
      for (const grip of grips) {
        expect(grip.center[1]).toBeGreaterThan(body.center[1] + body.half[1])
      }
      expect(Math.sign(grips[0]!.center[0] * grips[1]!.center[0])).toBe(-1)
    })

    it('keeps the controller buttons clear of its joysticks on the top, so each shows', () => {
      const solids = solidsOf(
        'Patent drawing of a game controller: a wide rounded body, two joysticks on top of the body, four round buttons on the right side of the top of the body, and two grips extending rearward from the left and right ends of the body.',
      )
      const buttons = solids.filter((s) => s.part.head === 'button')
      const sticks = solids.filter((s) => s.part.head === 'joystick')
      expect(buttons).toHaveLength(4)
      expect(sticks).toHaveLength(2)
      for (const button of buttons) {
        for (const stick of sticks) expect(gap(button, stick)).toBeGreaterThan(0)
      }
    })
  })

  describe('every scene', () => {
    const prompts = [MUG, TABLE, HINGE, HOUSING, ...OWN]

    it.each(prompts)('is a valid scene, every part touching another: %s', (prompt) => {
      const draft = readObject(prompt)
      const scene = solveObject(draft)
      expect(ObjectSceneSchema.safeParse(scene).success).toBe(true)
      const solids = placeSolids(draft)
      for (const solid of solids.slice(1)) {
        expect(solids.some((other) => other !== solid && touches(solid, other))).toBe(true)
      }
    })

    it.each(prompts)('has no overlap beyond contact but what goes in on purpose: %s', (prompt) => {
      const solids = solidsOf(prompt)
      const overlaps: string[] = []
      for (const [i, a] of solids.entries()) {
        for (const b of solids.slice(i + 1)) {
          if (!mayTouch(a, b) && collide(a, b)) overlaps.push(`${a.id} × ${b.id}`)
        }
      }
      expect(overlaps).toEqual([])
    })

    it('is the same scene every time', () => {
      for (const prompt of prompts) {
        expect(solveObject(readObject(prompt))).toEqual(solveObject(readObject(prompt)))
      }
    })

    it('names copies "<id>", "<id>.2", ... and gives every part but the main one a parent', () => {
      const scene = solveObject(readObject(TABLE))
      expect(scene.parts.map((p) => p.id)).toEqual(['top', 'leg', 'leg.2', 'leg.3', 'leg.4'])
      expect(scene.parts.slice(1).every((p) => p.parent === 'top')).toBe(true)
      expect(scene.parts[0]!.parent).toBeUndefined()
    })

    it('keeps the views the prompt asked for', () => {
      const scene = solveObject(
        readObject('A front view and a top view of a box 10 with a lid 12.'),
      )
      expect(scene.views.map((v) => v.kind)).toEqual(['front', 'top'])
    })
  })
})

describe('objectElements', () => {
  it('gives a counted part one element, its numeral on the first copy, the copies its members', () => {
    const elements = objectElements(readObject(TABLE))
    expect(elements).toEqual([
      { id: 'top', label: 'TOP', numeral: '42', assembly: false, members: ['top'] },
      {
        id: 'leg',
        label: 'LEGS',
        numeral: '44',
        assembly: false,
        members: ['leg', 'leg.2', 'leg.3', 'leg.4'],
      },
    ])
  })

  it('gives each copy numbered by a list its own element and numeral', () => {
    const elements = objectElements(
      readObject('A fan 1 having a hub 2 and blades 3a-3c around the hub.'),
    )
    expect(elements.filter((e) => e.label === 'BLADES').map((e) => [e.id, e.numeral])).toEqual([
      ['blade', '3a'],
      ['blade.2', '3b'],
      ['blade.3', '3c'],
    ])
  })

  it('gives a sub-assembly an element whose members are its parts', () => {
    const draft = readObject(
      'A syringe 10 comprising a barrel 12 and a plunger 16 received inside the barrel, the plunger having a rod 18 and a stopper 20 at the end of the rod.',
    )
    const plunger = objectElements(draft).find((e) => e.numeral === '16')!
    expect(plunger).toMatchObject({ assembly: true, members: ['rod', 'stopper'] })
    expect(solveObject(draft).parts.map((p) => p.id)).not.toContain(plunger.id)
  })

  it('gives every numeral of the draft to exactly one element', () => {
    for (const prompt of [MUG, TABLE, HINGE, ...OWN]) {
      const draft = readObject(prompt)
      const written = draft.parts
        .filter((p) => p.id !== draft.whole || p.shape !== 'assembly')
        .flatMap((p) => p.numerals ?? (p.numeral ? [p.numeral] : []))
      const numerals = objectElements(draft).flatMap((e) => (e.numeral ? [e.numeral] : []))
      expect(numerals.sort()).toEqual(written.sort())
    }
  })
})

describe('frames', () => {
  it('turns Euler angles into a rotation and back', () => {
    const angles: Vec3[] = [
      [0, 0, 0],
      [90, 0, 0],
      [0, 90, 0],
      [0, -90, 0],
      [30, 45, 60],
      [-120, 10, 170],
      [180, -90, 0],
    ]
    for (const euler of angles) {
      const back = matrixOf(eulerOf(matrixOf(euler)))
      for (const [k, x] of matrixOf(euler).entries()) expect(back[k]).toBeCloseTo(x, 9)
    }
  })
})
