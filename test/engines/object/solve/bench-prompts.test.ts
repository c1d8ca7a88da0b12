// The solver on prompts of bench/support/object-prompts.mjs whose numbered parts once came out
// buried, tiny or turned the wrong way: each asserts the geometry that lets the part be seen.

import { describe, expect, it } from 'vitest'
import { readObject } from '../../../../src/engines/object/read'
import { placeSolids, type Solid } from '../../../../src/engines/object/solve'

const solidsOf = (prompt: string) => placeSolids(readObject(prompt))
const byId = (solids: readonly Solid[], id: string) => {
  const found = solids.find((s) => s.id === id)
  if (!found) throw new Error(`no solid ${id} among ${solids.map((s) => s.id).join(', ')}`)
  return found
}
/** Whether b's box lies wholly inside a's. */
const inside = (a: Solid, b: Solid) =>
  [0, 1, 2].every(
    (k) =>
      b.center[k]! - b.half[k]! >= a.center[k]! - a.half[k]! - 1e-6 &&
      b.center[k]! + b.half[k]! <= a.center[k]! + a.half[k]! + 1e-6,
  )
/** How far two boxes overlap along their most separated axis (negative: apart). */
const overlap = (a: Solid, b: Solid) =>
  -Math.max(
    ...[0, 1, 2].map((k) => Math.abs(a.center[k]! - b.center[k]!) - a.half[k]! - b.half[k]!),
  )

/** The world axis a solid's box is longest along. */
const longest = (s: Solid) => s.half.indexOf(Math.max(...s.half))

const WEBCAM =
  'A webcam 340 comprising a cylindrical body 342, a lens 344 on the front of the body, a mounting clip 346 under the body, and a cable 348 extending from the rear of the body.'
const WHEELBARROW =
  'A wheelbarrow 220 comprising a tray 222, two handles 224 extending rearward from the tray, a wheel 226 at the front of the tray, an axle 228 through the wheel, and two rear legs 230 under the tray.'
const BP_MONITOR =
  'A blood pressure monitor 280 comprising a rectangular housing 282, a display 284 on the front face of the housing, a start button 286 below the display, and a tube 288 extending from the left side of the housing.'
const SMART_SPEAKER =
  'A smart speaker 300 comprising a cylindrical housing 302, a grille 304 around the housing, a top panel 306 on top of the housing, four buttons 308 on the top panel, and a light ring 310 around the top panel.'
const C_CLAMP =
  'A C-clamp 80 comprising a C-shaped frame 82, a fixed pad 84 at the lower end of the frame, a threaded screw 86 extending through the upper end of the frame, a swivel pad 88 at the lower end of the screw, and a T-handle 90 at the upper end of the screw.'
const MONITOR =
  'A computer monitor 320 comprising a flat rectangular screen 322, a bezel 324 around the screen, a neck 326 attached to the rear of the screen, and a flat base 328 under the neck.'
const TEAPOT =
  'A teapot 10 comprising a round body 12, a lid 14 on top of the body, a knob 16 on the lid, a spout 18 extending from the front of the body, and a handle 20 attached to the rear of the body.'
const PULLEY_BLOCK =
  'A pulley block 140 comprising a bracket 142, an axle 144 extending through the bracket, a grooved wheel 146 mounted on the axle, and a hook 148 on top of the bracket.'
const TROWEL =
  'draw a garden trowel: a long round wooden handle, a short metal neck coming out of one end of the handle, and a flat pointed blade at the end of the neck'
const CRUTCH =
  'An underarm crutch 270 comprising two side rails 272, an underarm pad 274 on top of the rails, a hand grip 276 between the rails, a leg extension 278 below the rails, and a rubber tip 280 at the lower end of the leg extension.'

describe('placeSolids on bench prompts', () => {
  it('lays a grip "between the rails" across the gap as a bar, burying nothing', () => {
    const solids = solidsOf(CRUTCH)
    const grip = byId(solids, 'hand-grip')
    const [a, b] = [byId(solids, 'side-rail'), byId(solids, 'side-rail.2')]
    const k = [0, 1, 2].reduce((best, x) =>
      Math.abs(b.center[x]! - a.center[x]!) > Math.abs(b.center[best]! - a.center[best]!)
        ? x
        : best,
    )
    const gap = Math.abs(b.center[k]! - a.center[k]!) - a.half[k]! - b.half[k]!
    // Its long side spans the gap; across, it is thinner than the rails.
    expect(2 * grip.half[k]!).toBeCloseTo(gap, 1)
    for (const x of [0, 1, 2].filter((x) => x !== k)) {
      expect(grip.half[x]!).toBeLessThanOrEqual(a.half[x]! + 1e-6)
    }
    for (const id of ['leg-extension', 'rubber-tip']) {
      expect(inside(grip, byId(solids, id))).toBe(false)
      expect(overlap(grip, byId(solids, id))).toBeLessThanOrEqual(0.01)
    }
  })

  it('makes a tip on a bar end at least as wide as the bar', () => {
    const solids = solidsOf(CRUTCH)
    const bar = byId(solids, 'leg-extension')
    const tip = byId(solids, 'rubber-tip')
    expect(tip.half[0]).toBeGreaterThanOrEqual(bar.half[0] - 1e-6)
  })

  it('points a cable "extending from the rear" rearward, out of the face', () => {
    const solids = solidsOf(WEBCAM)
    const body = byId(solids, 'body')
    const cable = byId(solids, 'cable')
    expect(longest(cable)).toBe(1)
    // Rear is +y: it starts at the body's rear face and runs away from it.
    expect(cable.center[1] - cable.half[1]).toBeGreaterThanOrEqual(
      body.center[1] + body.half[1] - 0.05 * body.half[1],
    )
  })

  it('points handles "extending rearward" along +y, behind the tray', () => {
    const solids = solidsOf(WHEELBARROW)
    const tray = byId(solids, 'tray')
    for (const id of ['handle', 'handle.2']) {
      const handle = byId(solids, id)
      expect(longest(handle)).toBe(1)
      expect(handle.center[1]).toBeGreaterThan(tray.center[1] + tray.half[1])
    }
  })

  it('puts a button "below the display" on the housing face below it, at least 8% as wide', () => {
    const solids = solidsOf(BP_MONITOR)
    const housing = byId(solids, 'housing')
    const display = byId(solids, 'display')
    const button = byId(solids, 'start-button')
    expect(button.center[2] + button.half[2]).toBeLessThanOrEqual(
      display.center[2] - display.half[2] + 1e-6,
    )
    // Out of the housing's front face (−y), not buried in it.
    expect(button.center[1]).toBeLessThan(housing.center[1] - housing.half[1])
    expect(2 * button.half[0]).toBeGreaterThanOrEqual(0.08 * 2 * housing.half[0])
  })

  it('puts buttons "on the top panel" on its top, each at least 8% of its width', () => {
    const solids = solidsOf(SMART_SPEAKER)
    const panel = byId(solids, 'top-panel')
    for (const id of ['button', 'button.2', 'button.3', 'button.4']) {
      const button = byId(solids, id)
      expect(button.center[2] - button.half[2]).toBeGreaterThanOrEqual(
        panel.center[2] + panel.half[2] - 0.05 * panel.half[2],
      )
      expect(2 * button.half[0]).toBeGreaterThanOrEqual(0.08 * 2 * panel.half[0])
    }
  })

  it('draws a C-shaped frame open, the swivel pad in its jaw clear of the bar', () => {
    const solids = solidsOf(C_CLAMP)
    const frame = byId(solids, 'frame')
    const pad = byId(solids, 'swivel-pad')
    const path = frame.extras.path
    expect(frame.shape).toBe('tube')
    expect(path?.length).toBeGreaterThanOrEqual(4)
    // The jaw: inside the C, above its lower arm, below its upper arm, right of its back.
    const bar = frame.size[1]
    const lo = frame.center[2] - frame.half[2] + bar
    const hi = frame.center[2] + frame.half[2] - bar
    expect(pad.center[2] - pad.half[2]).toBeGreaterThanOrEqual(lo)
    expect(pad.center[2] + pad.half[2]).toBeLessThanOrEqual(hi)
    expect(pad.center[0] - pad.half[0]).toBeGreaterThan(frame.center[0] - frame.half[0] + bar)
    // Wider than the screw it is on.
    expect(pad.half[0]).toBeGreaterThan(byId(solids, 'screw').half[0])
    // The fixed pad sits on the lower arm inside the jaw, facing the swivel pad.
    const fixed = byId(solids, 'fixed-pad')
    expect(fixed.center[2] - fixed.half[2]).toBeCloseTo(lo, 1)
    expect(fixed.center[2] + fixed.half[2]).toBeLessThanOrEqual(pad.center[2] - pad.half[2] + 1e-6)
  })

  it('draws a monitor as its parts: no solid whole, the neck and base outside the screen', () => {
    const draft = readObject(MONITOR)
    expect(draft.parts.find((p) => p.id === draft.whole)?.shape).toBe('assembly')
    const solids = solidsOf(MONITOR)
    const screen = byId(solids, 'screen')
    const bezel = byId(solids, 'bezel')
    for (const id of ['neck', 'base']) {
      expect(inside(screen, byId(solids, id))).toBe(false)
      expect(inside(bezel, byId(solids, id))).toBe(false)
    }
    // The screen stands on its edge, its face to the front.
    expect(screen.half[1]).toBeLessThan(screen.half[2])
  })

  it('sizes a teapot handle to half the body height and puts the knob on top of the lid', () => {
    const solids = solidsOf(TEAPOT)
    const body = byId(solids, 'body')
    const handle = byId(solids, 'handle')
    const lid = byId(solids, 'lid')
    const knob = byId(solids, 'knob')
    const span = 2 * handle.half[2]
    expect(span).toBeGreaterThanOrEqual(body.half[2] * (2 / 3))
    expect(span).toBeLessThanOrEqual(body.half[2] * 1.2)
    expect(knob.center[2] - knob.half[2]).toBeGreaterThanOrEqual(
      lid.center[2] + lid.half[2] - 0.05 * lid.half[2],
    )
    expect(2 * knob.half[0]).toBeGreaterThanOrEqual(0.1 * 2 * lid.half[0])
  })

  it('keeps a hook on a broad face a small ring, not one as big as the object', () => {
    const solids = solidsOf(PULLEY_BLOCK)
    const bracket = byId(solids, 'bracket')
    const hook = byId(solids, 'hook')
    expect(Math.max(...hook.half)).toBeLessThanOrEqual(0.5 * Math.max(...bracket.half))
  })

  it('stands side rails a pad is "on top of" under it, as tall as legs', () => {
    const solids = solidsOf(CRUTCH)
    const pad = byId(solids, 'underarm-pad')
    for (const id of ['side-rail', 'side-rail.2']) {
      const rail = byId(solids, id)
      expect(longest(rail)).toBe(2)
      expect(2 * rail.half[2]).toBeGreaterThanOrEqual(0.5 * 2 * pad.half[0])
      expect(rail.center[2] + rail.half[2]).toBeCloseTo(pad.center[2] - pad.half[2], 1)
    }
  })

  it('puts a trowel neck on the handle end and a blade sized to the object on it', () => {
    const solids = solidsOf(TROWEL)
    const handle = byId(solids, 'wooden-handle')
    const neck = byId(solids, 'metal-neck')
    const blade = byId(solids, 'pointed-blade')
    expect(neck.center[2] - neck.half[2]).toBeCloseTo(handle.center[2] + handle.half[2], 1)
    expect(2 * Math.max(...blade.half)).toBeGreaterThanOrEqual(0.15 * 2 * handle.half[2])
  })
})
