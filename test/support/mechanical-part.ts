// A gray drawing of a mechanical part made in code: what the fake image model answers with.

import type { Raster } from './images'

/**
 * What an image model plausibly draws for "a pulley on a bracket, patent-drawing style", gray:
 * a slightly off-white, grainy background; a base plate, an upright and a wheel with a hub, an
 * axle hole and six bolt holes, in dark outlines of 3-5 px over light gray fills shaded from the
 * top left; a lever arm with a knob, and two anchor bolts as plain lines. Laid out on
 * 1024 × 768 and scaled to fit `width × height`, centred. Deterministic (fixed-seed noise).
 */
export function mechanicalPart(width: number, height: number): Raster {
  const data = new Uint8Array(width * height)
  const s = Math.min(width / 1024, height / 768)
  const ox = (width - 1024 * s) / 2
  const oy = (height - 768 * s) / 2
  const ink = 50
  let seed = 0x2545f491
  const noise = () => {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return ((seed >>> 0) % 9) - 4
  }
  const rect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) =>
    x >= x0 && x <= x1 && y >= y0 && y <= y1
      ? Math.min(x - x0, x1 - x, y - y0, y1 - y)
      : Number.NEGATIVE_INFINITY
  const segment = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) => {
    const dx = x1 - x0
    const dy = y1 - y0
    const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
    return Math.hypot(x - x0 - t * dx, y - y0 - t * dy)
  }
  const bolts = Array.from({ length: 6 }, (_, k) => [
    512 + 110 * Math.cos((k * Math.PI) / 3),
    300 + 110 * Math.sin((k * Math.PI) / 3),
  ])
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      // Layout coordinates (1024 × 768).
      const x = (px - ox) / s
      const y = (py - oy) / s
      let v = 246
      // Base plate and upright: fills shaded downwards, 4 px outlines.
      for (const [x0, y0, x1, y1] of [
        [180, 560, 844, 640],
        [462, 300, 562, 560],
      ] as const) {
        const inside = rect(x, y, x0, y0, x1, y1)
        if (inside >= 0) v = inside < 4 ? ink : 224 - (18 * (y - y0)) / (y1 - y0)
      }
      // Wheel, hub, axle hole, bolt holes.
      const d = Math.hypot(x - 512, y - 300)
      if (d < 172) {
        v = 228 - 30 * Math.max(0, (x - 512 + (y - 300)) / 240) // lit from the top left
        if (d > 167) v = ink
        else if (d < 48) v = d > 44 ? ink : d < 20 ? (d > 17 ? ink : 250) : 196
        for (const [bx, by] of bolts) {
          const b = Math.hypot(x - bx!, y - by!)
          if (b < 15) v = b > 12 ? ink + 10 : 244
        }
      }
      // Lever arm from the hub, and two anchor bolts through the plate.
      if (segment(x, y, 540, 280, 866, 136) < 3.5 && d >= 44) v = ink
      const knob = Math.hypot(x - 880, y - 130)
      if (knob < 20) v = knob > 16 ? ink : 212
      if (segment(x, y, 230, 540, 230, 660) < 2 || segment(x, y, 794, 540, 794, 660) < 2) v = ink
      data[py * width + px] = Math.max(0, Math.min(255, Math.round(v + noise())))
    }
  }
  return { width, height, channels: 1, data }
}
