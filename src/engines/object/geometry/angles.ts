/**
 * Cosine and sine of a fraction of a turn, exact at quarter turns: round parts tessellated with a
 * vertex at every quarter turn then have their silhouettes exactly on mesh vertices in the six
 * standard views (Math.cos(Math.PI / 2) is 6e-17, not 0).
 */

const QUARTER_COS = [1, 0, -1, 0] as const
const QUARTER_SIN = [0, 1, 0, -1] as const

/** cos(2π · turns), exact when `turns` is a multiple of 1/4. */
export function cosTurns(turns: number): number {
  const q = turns * 4
  if (Number.isInteger(q)) return QUARTER_COS[((q % 4) + 4) % 4]!
  return Math.cos(2 * Math.PI * turns)
}

/** sin(2π · turns), exact when `turns` is a multiple of 1/4. */
export function sinTurns(turns: number): number {
  const q = turns * 4
  if (Number.isInteger(q)) return QUARTER_SIN[((q % 4) + 4) % 4]!
  return Math.sin(2 * Math.PI * turns)
}
