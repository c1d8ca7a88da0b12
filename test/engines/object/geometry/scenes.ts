// Scenes shared by the geometry tests and the benchmark (bench/object-geometry.mjs): the three
// with exact answers (a cube, a cylinder standing on a box, a mug whose torus handle passes into
// its body) and a 20-part desk with every primitive, as the object reader would pose them.

import type { ObjectPart } from '../../../../src/engines/object/object-scene'

type Part = Omit<ObjectPart, 'rotation'> & { rotation?: ObjectPart['rotation'] }
const parts = (list: Part[]) => ({
  parts: list.map((p) => ({ rotation: [0, 0, 0] as [number, number, number], ...p })),
})

/** A 2-unit cube at the origin. */
export const cube = () =>
  parts([{ id: 'cube', shape: 'box', size: [2, 2, 2], position: [0, 0, 0] }])

/** A 4 × 3 × 1 box on the ground, a cylinder of diameter 2 and height 2 standing on its middle. */
export const cylinderOnBox = () =>
  parts([
    { id: 'box', shape: 'box', size: [4, 3, 1], position: [0, 0, 0.5] },
    { id: 'cylinder', shape: 'cylinder', size: [2, 2, 2], position: [0, 0, 2] },
  ])

/**
 * A solid mug body (diameter 2, height 2, centred at the origin) and a torus handle (outer
 * diameter 1.2, bar 0.2) in the x–z plane centred at x = 1.2, so it passes into the body.
 */
export const mug = () =>
  parts([
    { id: 'body', shape: 'cylinder', size: [2, 2, 2], position: [0, 0, 0] },
    {
      id: 'handle',
      shape: 'torus',
      size: [1.2, 1.2, 0.2],
      position: [1.2, 0, 0],
      rotation: [90, 0, 0],
    },
  ])

/** A desk with a lamp, a housing with a lid and knobs, a wheel, a spring and more: 20 parts. */
export const desk20 = () =>
  parts([
    { id: 'top', shape: 'box', size: [8, 4, 0.3], position: [0, 0, 3.15] },
    { id: 'leg1', shape: 'box', size: [0.3, 0.3, 3], position: [-3.7, -1.7, 1.5] },
    { id: 'leg2', shape: 'box', size: [0.3, 0.3, 3], position: [3.7, -1.7, 1.5] },
    { id: 'leg3', shape: 'box', size: [0.3, 0.3, 3], position: [-3.7, 1.7, 1.5] },
    { id: 'leg4', shape: 'box', size: [0.3, 0.3, 3], position: [3.7, 1.7, 1.5] },
    { id: 'base', shape: 'cylinder', size: [1.2, 1.2, 0.2], position: [-2.8, 0.8, 3.4] },
    {
      id: 'pole',
      shape: 'tube',
      size: [0.12, 0.12, 0.12],
      position: [-2.6, 0.8, 4.4],
      path: [
        [0, 0, 0],
        [0, 0, 1.6],
        [0.6, 0, 2.0],
      ],
    },
    {
      id: 'shade',
      shape: 'cone',
      size: [1.1, 1.1, 0.8],
      position: [-1.9, 0.8, 5.55],
      topRatio: 0.4,
      hollow: true,
    },
    { id: 'bulb', shape: 'sphere', size: [0.4, 0.4, 0.5], position: [-1.9, 0.8, 5.1] },
    {
      id: 'housing',
      shape: 'rounded-box',
      size: [2.4, 1.6, 1.4],
      position: [0.6, 0.2, 4.0],
      radius: 0.25,
    },
    { id: 'lid', shape: 'box', size: [2.4, 1.6, 0.15], position: [0.6, 0.2, 4.775] },
    {
      id: 'knob1',
      shape: 'cylinder',
      size: [0.3, 0.3, 0.2],
      position: [0.0, -0.7, 4.0],
      rotation: [90, 0, 0],
    },
    {
      id: 'knob2',
      shape: 'cylinder',
      size: [0.3, 0.3, 0.2],
      position: [0.6, -0.7, 4.0],
      rotation: [90, 0, 0],
    },
    {
      id: 'knob3',
      shape: 'cylinder',
      size: [0.3, 0.3, 0.2],
      position: [1.2, -0.7, 4.0],
      rotation: [90, 0, 0],
    },
    {
      id: 'tyre',
      shape: 'torus',
      size: [1.4, 1.4, 0.3],
      position: [3.0, -0.6, 4.0],
      rotation: [90, 0, 0],
    },
    {
      id: 'hub',
      shape: 'cylinder',
      size: [0.9, 0.9, 0.2],
      position: [3.0, -0.6, 4.0],
      rotation: [90, 0, 0],
    },
    {
      id: 'spring',
      shape: 'helix',
      size: [0.5, 0.5, 1.2],
      position: [2.2, 1.2, 3.9],
      turns: 6,
      wire: 0.06,
    },
    {
      id: 'tray',
      shape: 'plate',
      size: [1.6, 1.0, 0.1],
      position: [-1.2, -1.2, 3.35],
      holes: [
        { x: -0.5, y: 0, diameter: 0.3 },
        { x: 0, y: 0, diameter: 0.3 },
        { x: 0.5, y: 0, diameter: 0.3 },
      ],
    },
    {
      id: 'handle',
      shape: 'tube',
      size: [0.1, 0.1, 0.1],
      position: [0.6, 0.2, 5.0],
      path: [
        [-0.6, 0, 0],
        [-0.6, 0, 0.35],
        [0.6, 0, 0.35],
        [0.6, 0, 0],
      ],
    },
    { id: 'ball', shape: 'sphere', size: [0.6, 0.6, 0.6], position: [3.4, 1.2, 3.6] },
  ])
