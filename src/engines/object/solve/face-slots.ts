/**
 * Object solver, shared: what already sits on each face, so a part placed there goes where it
 * fits: the middle when free, else the nearest free spot along the face, else on top of what is
 * there (a knob on a screen that fills the face). Rectangles are in the face's own (u, v).
 */

/** A footprint on a face: centre and half extents, and how far it stands out. */
export interface Footprint {
  u: number
  v: number
  hu: number
  hv: number
  height: number
}

const overlaps = (a: Footprint, b: Footprint, gap: number) =>
  Math.abs(a.u - b.u) < a.hu + b.hu + gap && Math.abs(a.v - b.v) < a.hv + b.hv + gap

/** Steps of the search grid on each side of the preferred spot, across the face's free room. */
const GRID_STEPS = 6
/** The search grid's offsets (in steps), nearest first, ties in a fixed order. */
const GRID: readonly [number, number][] = (() => {
  const out: [number, number][] = []
  for (let i = -2 * GRID_STEPS; i <= 2 * GRID_STEPS; i++) {
    for (let j = -2 * GRID_STEPS; j <= 2 * GRID_STEPS; j++) out.push([i, j])
  }
  return out.sort((a, b) => Math.hypot(...a) - Math.hypot(...b) || a[0] - b[0] || a[1] - b[1])
})()

/** The occupied footprints of every face of every solid. */
export class FaceSlots {
  readonly #taken = new Map<string, Footprint[]>()

  #key(solid: string, face: string): string {
    return `${solid}|${face}`
  }

  /** Marks a footprint as taken. */
  take(solid: string, face: string, footprint: Footprint): void {
    const key = this.#key(solid, face)
    const list = this.#taken.get(key) ?? []
    list.push(footprint)
    this.#taken.set(key, list)
  }

  /** Whether the face has anything on it. */
  used(solid: string, face: string): boolean {
    return (this.#taken.get(this.#key(solid, face))?.length ?? 0) > 0
  }

  /**
   * Where a footprint of half extents (hu, hv) fits on a face of half extents (eu, ev): the
   * preferred spot when free, else the free spot nearest it on a grid over the face; when none is
   * free (`free` false), the preferred spot, with `lift`: how far to raise it to sit on the thin
   * flush parts there (a knob on a screen), 0 when what is there is thick.
   */
  fit(
    solid: string,
    face: string,
    size: { hu: number; hv: number },
    extent: { eu: number; ev: number },
    prefer: { u: number; v: number } = { u: 0, v: 0 },
  ): { u: number; v: number; lift: number; free: boolean } {
    const taken = this.#taken.get(this.#key(solid, face)) ?? []
    const gap = 0.04 * Math.min(extent.eu, extent.ev)
    const free = (u: number, v: number) =>
      taken.every((t) => !overlaps({ u, v, hu: size.hu, hv: size.hv, height: 0 }, t, gap))
    if (free(prefer.u, prefer.v)) return { ...prefer, lift: 0, free: true }
    const roomU = Math.max(0, extent.eu - size.hu)
    const roomV = Math.max(0, extent.ev - size.hv)
    const clamp = (x: number, room: number) => Math.max(-room, Math.min(room, x))
    // Nearest first: the grid of offsets from the preferred spot, kept on the face.
    for (const [i, j] of GRID) {
      const u = clamp(prefer.u + (roomU * i) / GRID_STEPS, roomU)
      const v = clamp(prefer.v + (roomV * j) / GRID_STEPS, roomV)
      if (free(u, v)) return { u, v, lift: 0, free: true }
    }
    const under = taken.filter((t) =>
      overlaps({ ...prefer, hu: size.hu, hv: size.hv, height: 0 }, t, 0),
    )
    const flush = under.every((t) => t.height < 0.2 * Math.min(t.hu, t.hv))
    return { ...prefer, lift: flush ? Math.max(0, ...under.map((t) => t.height)) : 0, free: false }
  }
}
