// The straight-subpath scan's block shortcut (turn-blocks.ts) ends every subpath where the scan
// turn by turn does, on outlines long enough for it to take blocks: slanted hatching at many
// angles, with clean and bumpy edges, and jagged lines along a row or column, bent a little.
import { describe, expect, it } from 'vitest'
import { decomposePaths } from '../../../src/engines/trace/decompose-paths'
import { createPaddedMask, INK } from '../../../src/engines/trace/padded-mask'
import { PathData } from '../../../src/engines/trace/path-data'
import { blocksTaken, findStraightRuns } from '../../../src/engines/trace/straight-runs'
import { uniform } from '../../support/line-art'

/** Every lattice path of a page of long bars (copied out), `bumpy` the share of edge pixels lost. */
function barPaths(seed: number, width: number, height: number, bumpy: number): Int32Array[] {
  const u = uniform(seed)
  const mask = createPaddedMask(width, height)
  const bars = Array.from({ length: 8 }, (_, k) => ({
    x: u() * width,
    y: u() * height,
    half: 0.5 + u() * 3,
    // Every other bar within a few degrees of an axis: jagged sides along a row or column.
    angle: k % 2 === 0 ? u() * Math.PI : (Math.floor(u() * 4) * Math.PI) / 2 + (u() - 0.5) * 0.1,
    length: width * (0.5 + u()),
    wobble: u() < 0.5 ? 0 : 0.6,
    // Past its middle the bar bends a little: straight subpaths end in the middle of a block.
    bend: (u() - 0.5) * 0.2,
  }))
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let ink = false
      for (const b of bars) {
        const dx = x + 0.5 - b.x
        const dy = y + 0.5 - b.y
        const along = dx * Math.cos(b.angle) + dy * Math.sin(b.angle)
        const across =
          -dx * Math.sin(b.angle) + dy * Math.cos(b.angle) - b.bend * Math.max(0, along)
        const edge = b.half + b.wobble * Math.sin(along * 1.7)
        if (Math.abs(across) <= edge && Math.abs(along) <= b.length / 2) ink = true
      }
      if (ink && u() < bumpy) ink = false
      if (ink) mask.data[(y + 1) * mask.stride + x + 1] = INK
    }
  }
  const out: Int32Array[] = []
  decomposePaths(mask, (p) => out.push(p.points.slice(0, 2 * p.length)))
  return out
}

describe('findStraightRuns with the block shortcut', () => {
  it('ends every subpath where the turn-by-turn scan does, on long slanted and jagged bars', () => {
    const p = new PathData()
    const before = blocksTaken()
    let points = 0
    for (const [seed, bumpy] of [
      [1, 0],
      [2, 0],
      [3, 0.01],
      [4, 0.03],
      [5, 0],
    ] as const) {
      for (const path of barPaths(seed, 900, 700, bumpy)) {
        p.load(path, path.length / 2)
        findStraightRuns(p, false)
        const plain = Array.from(p.straightEnd.subarray(0, p.n))
        findStraightRuns(p)
        expect(Array.from(p.straightEnd.subarray(0, p.n))).toEqual(plain)
        points += p.n
      }
    }
    expect(points).toBeGreaterThan(50_000)
    // Both shortcuts were taken, not only tried.
    const after = blocksTaken()
    expect(after.hull - before.hull).toBeGreaterThan(1000)
    expect(after.band - before.band).toBeGreaterThan(200)
  })
})
