/**
 * Trace engine (POST /v1/vectorize), helper of stage 1: weighted k-means over the histogram's
 * colours in Lab, so the palette's cost does not grow with the image.
 */

/** Colour samples: one per non-empty histogram bin. */
export interface ColourSamples {
  /** Number of samples. */
  readonly n: number
  /** L*, a*, b* of each sample's mean colour (3 per sample). */
  readonly lab: Float64Array
  /** Pixels behind each sample. */
  readonly weight: Float64Array
}

/** Cluster centres (Lab, 3 per cluster) and the cluster of every sample. */
export interface Clusters {
  readonly k: number
  readonly centres: Float64Array
  readonly assign: Int32Array
}

/**
 * Lloyd's algorithm on weighted samples, seeded like k-means++ but deterministically: the
 * heaviest sample first, then each time the sample with the largest weight × squared distance to
 * its nearest centre. Returns fewer than `k` clusters when the samples have fewer distinct
 * colours. Cost: O(samples · k · iterations), samples ≤ 32768.
 * @param k wanted clusters (≥ 1)
 * @param iterations at most this many assignment rounds (default 16)
 */
export function kmeans(samples: ColourSamples, k: number, iterations = 16): Clusters {
  const { n, lab, weight } = samples
  const centres = new Float64Array(3 * k)
  const nearest = new Float64Array(n).fill(Number.POSITIVE_INFINITY)
  let count = 0
  let pick = 0
  for (let i = 1; i < n; i++) if (weight[i]! > weight[pick]!) pick = i
  while (count < k) {
    centres[3 * count] = lab[3 * pick]!
    centres[3 * count + 1] = lab[3 * pick + 1]!
    centres[3 * count + 2] = lab[3 * pick + 2]!
    count++
    let score = 0
    for (let i = 0; i < n; i++) {
      const d = distance2(lab, 3 * i, centres, 3 * (count - 1))
      if (d < nearest[i]!) nearest[i] = d
      const s = weight[i]! * nearest[i]!
      if (s > score) {
        score = s
        pick = i
      }
    }
    if (score === 0) break
  }
  const assign = new Int32Array(n)
  const sum = new Float64Array(4 * count)
  for (let round = 0; round < iterations; round++) {
    let changed = round === 0
    for (let i = 0; i < n; i++) {
      let best = 0
      let bestD = Number.POSITIVE_INFINITY
      for (let c = 0; c < count; c++) {
        const d = distance2(lab, 3 * i, centres, 3 * c)
        if (d < bestD) {
          bestD = d
          best = c
        }
      }
      if (assign[i] !== best) {
        assign[i] = best
        changed = true
      }
    }
    if (!changed) break
    sum.fill(0)
    for (let i = 0; i < n; i++) {
      const c = assign[i]!
      const w = weight[i]!
      sum[4 * c]! += w * lab[3 * i]!
      sum[4 * c + 1]! += w * lab[3 * i + 1]!
      sum[4 * c + 2]! += w * lab[3 * i + 2]!
      sum[4 * c + 3]! += w
    }
    for (let c = 0; c < count; c++) {
      const w = sum[4 * c + 3]!
      if (w === 0) continue
      centres[3 * c] = sum[4 * c]! / w
      centres[3 * c + 1] = sum[4 * c + 1]! / w
      centres[3 * c + 2] = sum[4 * c + 2]! / w
    }
  }
  return { k: count, centres: centres.subarray(0, 3 * count), assign }
}

/** Squared Euclidean distance between two Lab triples (ΔE76²). */
export function distance2(a: Float64Array, i: number, b: Float64Array, j: number): number {
  const dl = a[i]! - b[j]!
  const da = a[i + 1]! - b[j + 1]!
  const db = a[i + 2]! - b[j + 2]!
  return dl * dl + da * da + db * db
}
