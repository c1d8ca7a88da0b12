// Ground truth and metrics for bench/binarize.mjs. The truth of a page is the clean sheet's ink:
// its coverage of each output pixel (area average), its centreline (Zhang–Suen skeleton of the
// sheet, each point carrying the local stroke width) mapped into output coordinates, and an ideal
// bilevel render at the output size: coverage ≥ 1/2, plus every pixel a centreline point falls in
// (a thin line must stay one pixel wide and unbroken even where it covers less than half a pixel).

/** Area (box) resampling of a Float32Array from `sw × sh` to `dw × dh`, separable. */
export function areaResample(src, sw, sh, dw, dh) {
  const weights = (n, m) => {
    // Output cell i covers source interval [i·n/m, (i+1)·n/m).
    const spans = []
    const scale = n / m
    for (let i = 0; i < m; i++) {
      const a = i * scale
      const b = (i + 1) * scale
      const first = Math.floor(a)
      const list = []
      for (let j = first; j < Math.min(n, Math.ceil(b)); j++) {
        const w = Math.min(b, j + 1) - Math.max(a, j)
        if (w > 0) list.push(j, w / scale)
      }
      spans.push(list)
    }
    return spans
  }
  const wx = weights(sw, dw)
  const wy = weights(sh, dh)
  const mid = new Float32Array(dw * sh)
  for (let y = 0; y < sh; y++) {
    const o = y * sw
    for (let x = 0; x < dw; x++) {
      const list = wx[x]
      let s = 0
      for (let k = 0; k < list.length; k += 2) s += src[o + list[k]] * list[k + 1]
      mid[y * dw + x] = s
    }
  }
  const out = new Float32Array(dw * dh)
  for (let y = 0; y < dh; y++) {
    const list = wy[y]
    for (let k = 0; k < list.length; k += 2) {
      const o = list[k] * dw
      const w = list[k + 1]
      for (let x = 0; x < dw; x++) out[y * dw + x] += mid[o + x] * w
    }
  }
  return out
}

/** Zhang–Suen thinning of a 0/1 map (1 = ink). Returns the skeleton as a new 0/1 map. */
export function skeletonize(ink, width, height) {
  const a = Uint8Array.from(ink)
  const remove = []
  let changed = true
  // Only pixels on the current boundary can change; track candidates to keep passes cheap.
  let candidates = []
  for (let i = 0; i < a.length; i++) if (a[i]) candidates.push(i)
  while (changed) {
    changed = false
    for (let step = 0; step < 2; step++) {
      remove.length = 0
      for (const i of candidates) {
        if (!a[i]) continue
        const x = i % width
        const y = (i / width) | 0
        if (x === 0 || y === 0 || x === width - 1 || y === height - 1) continue
        const p2 = a[i - width]
        const p3 = a[i - width + 1]
        const p4 = a[i + 1]
        const p5 = a[i + width + 1]
        const p6 = a[i + width]
        const p7 = a[i + width - 1]
        const p8 = a[i - 1]
        const p9 = a[i - width - 1]
        const b = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9
        if (b < 2 || b > 6) continue
        const t =
          (!p2 && p3) +
          (!p3 && p4) +
          (!p4 && p5) +
          (!p5 && p6) +
          (!p6 && p7) +
          (!p7 && p8) +
          (!p8 && p9) +
          (!p9 && p2)
        if (t !== 1) continue
        if (step === 0 ? p2 * p4 * p6 || p4 * p6 * p8 : p2 * p4 * p8 || p2 * p6 * p8) continue
        remove.push(i)
      }
      for (const i of remove) a[i] = 0
      if (remove.length) changed = true
    }
    candidates = candidates.filter((i) => a[i])
  }
  return a
}

/** Chamfer (3-4) distance of each ink pixel to the nearest paper pixel, in pixels. */
export function inkDistance(ink, width, height) {
  const big = 1 << 20
  const d = new Int32Array(width * height)
  for (let i = 0; i < d.length; i++) d[i] = ink[i] ? big : 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      if (!d[i]) continue
      let v = d[i]
      if (x > 0) v = Math.min(v, d[i - 1] + 3)
      else v = Math.min(v, 3)
      if (y > 0) {
        v = Math.min(v, d[i - width] + 3)
        if (x > 0) v = Math.min(v, d[i - width - 1] + 4)
        if (x < width - 1) v = Math.min(v, d[i - width + 1] + 4)
      } else v = Math.min(v, 3)
      d[i] = v
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x
      if (!d[i]) continue
      let v = d[i]
      if (x < width - 1) v = Math.min(v, d[i + 1] + 3)
      else v = Math.min(v, 3)
      if (y < height - 1) {
        v = Math.min(v, d[i + width] + 3)
        if (x < width - 1) v = Math.min(v, d[i + width + 1] + 4)
        if (x > 0) v = Math.min(v, d[i + width - 1] + 4)
      } else v = Math.min(v, 3)
      d[i] = v
    }
  }
  const out = new Float32Array(d.length)
  for (let i = 0; i < d.length; i++) out[i] = d[i] / 3
  return out
}

/** The sheet's centreline: skeleton points with stroke width (2·distance − 1, sheet pixels). */
export function centreline(sheet) {
  const { pixels, width, height } = sheet
  const ink = new Uint8Array(width * height)
  for (let i = 0; i < ink.length; i++) ink[i] = pixels[i] < 128 ? 1 : 0
  const skeleton = skeletonize(ink, width, height)
  const distance = inkDistance(ink, width, height)
  const points = []
  for (let i = 0; i < skeleton.length; i++) if (skeleton[i]) points.push(i)
  const index = Int32Array.from(points)
  const strokeWidth = new Float32Array(index.length)
  for (let k = 0; k < index.length; k++) strokeWidth[k] = 2 * distance[index[k]] - 1
  return { index, strokeWidth, width, height }
}

/** Stroke width (sheet pixels, 300 DPI) up to which a line counts as thin: ≤ 0.25 mm. */
export const THIN_STROKE_PX = 3

/**
 * Truth at the output size for one simulated input.
 * @returns { coverage, ideal (0/1), points: Float32Array [u, v, …] in output pixels, thin: 0/1 per
 *   point, line: the centreline (for gap counting) }
 */
export function truthAt(input, line, outWidth, outHeight) {
  const coverage = areaResample(input.coverage, input.width, input.height, outWidth, outHeight)
  const sx = outWidth / input.width
  const sy = outHeight / input.height
  const n = line.index.length
  const points = new Float32Array(2 * n)
  const thin = new Uint8Array(n)
  const valid = new Uint8Array(n)
  const ideal = new Uint8Array(outWidth * outHeight)
  for (let i = 0; i < coverage.length; i++) ideal[i] = coverage[i] >= 0.5 ? 1 : 0
  for (let k = 0; k < n; k++) {
    const i = line.index[k]
    const [u, v] = input.toInput((i % line.width) + 0.5, ((i / line.width) | 0) + 0.5)
    const ox = u * sx
    const oy = v * sy
    points[2 * k] = ox
    points[2 * k + 1] = oy
    const px = Math.floor(ox)
    const py = Math.floor(oy)
    const inside = px >= 0 && py >= 0 && px < outWidth && py < outHeight
    // Points rotated off the page are not part of the truth.
    valid[k] = inside ? 1 : 0
    thin[k] = inside && line.strokeWidth[k] <= THIN_STROKE_PX ? 1 : 0
    if (inside) ideal[py * outWidth + px] = 1
  }
  return { coverage, ideal, points, thin, valid, line, width: outWidth, height: outHeight }
}

/**
 * Labels the connected components of pixels equal to `value` (8- or 4-connected), union–find.
 * @returns { label: Int32Array (−1 elsewhere, else 0…count−1), size: Int32Array, count }
 */
export function label(bits, width, height, value, eight) {
  const parent = new Int32Array(width * height).fill(-1)
  const find = (i) => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]]
      i = parent[i]
    }
    return i
  }
  const link = (i, j) => {
    if (parent[j] < 0) return
    const a = find(i)
    const b = find(j)
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b)
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      if (bits[i] !== value) continue
      parent[i] = i
      if (x > 0) link(i, i - 1)
      if (y > 0) {
        link(i, i - width)
        if (eight && x > 0) link(i, i - width - 1)
        if (eight && x < width - 1) link(i, i - width + 1)
      }
    }
  }
  const out = new Int32Array(width * height).fill(-1)
  const sizes = []
  for (let i = 0; i < parent.length; i++) {
    if (parent[i] < 0) continue
    const r = find(i)
    if (r === i) {
      out[i] = sizes.length
      sizes.push(0)
    } else out[i] = out[r]
    sizes[out[i]]++
  }
  return { label: out, size: Int32Array.from(sizes), count: sizes.length }
}

/** Smallest white component counted as a hole: smaller ones are pinholes inside strokes. */
const HOLE_MIN_PX = 4

/** Max filter (square, radius r) of a 0/1 map, separable. */
function dilate(bits, width, height, r) {
  const pass = (src, dst, n, m, step, stride) => {
    // n lines of m samples; sample j of line i sits at i·stride + j·step.
    for (let i = 0; i < n; i++) {
      const o = i * stride
      let last = -1e9
      for (let j = 0; j < m; j++) {
        if (src[o + j * step]) last = j
        if (j - last <= r) dst[o + j * step] = 1
      }
      let next = 1e9
      for (let j = m - 1; j >= 0; j--) {
        if (src[o + j * step]) next = j
        if (next - j <= r) dst[o + j * step] = 1
      }
    }
  }
  const tmp = new Uint8Array(bits.length)
  pass(bits, tmp, height, width, 1, width)
  const out = new Uint8Array(bits.length)
  pass(tmp, out, width, height, width, 1)
  return out
}

/** Cached per-truth figures (they do not depend on the method). */
export function truthFigures(truth) {
  if (truth.figures) return truth.figures
  const { ideal, width, height } = truth
  let black = 0
  for (let i = 0; i < ideal.length; i++) black += ideal[i]
  const strokes = label(ideal, width, height, 1, true)
  const white = label(ideal, width, height, 0, false)
  // Holes: white components of at least HOLE_MIN_PX that do not touch the border.
  const isHole = new Uint8Array(white.count)
  for (let c = 0; c < white.count; c++) isHole[c] = white.size[c] >= HOLE_MIN_PX ? 1 : 0
  for (let x = 0; x < width; x++) {
    for (const y of [0, height - 1]) {
      const c = white.label[y * width + x]
      if (c >= 0) isHole[c] = 0
    }
  }
  for (let y = 0; y < height; y++) {
    for (const x of [0, width - 1]) {
      const c = white.label[y * width + x]
      if (c >= 0) isHole[c] = 0
    }
  }
  truth.figures = {
    black,
    strokes,
    white,
    isHole,
    holes: isHole.reduce((a, b) => a + b, 0),
    near: dilate(ideal, width, height, 2),
    thinPoints: truth.thin.reduce((a, b) => a + b, 0),
  }
  return truth.figures
}

/**
 * Metrics of a bilevel output (0 = black) against the truth.
 * - thinRecall: share of centreline points of thin strokes (≤ 3 sheet px) with a black pixel among
 *   the 2×2 output pixel centres around them (tolerance under one pixel);
 * - gaps: runs of missed centreline points (8-connected on the sheet grid), i.e. breaks in lines
 *   and lost dots, per sheet;
 * - merges: pairs of ideal strokes (8-connected components of the ideal render) joined by the
 *   output, per 100 ideal strokes (stippling and hatching run together, text closes up);
 * - lost: ideal strokes with no black output pixel at all, per 100;
 * - filled: holes of the ideal (enclosed white areas of 4 px or more: counters of numerals, gaps
 *   between hatching) with no white output pixel left, per 100;
 * - area: black pixels, output over ideal (bloat above 1, erosion below);
 * - speckle: black pixels farther than 2 px from any ideal black pixel, per megapixel (noise,
 *   halos);
 * - f1: pixel F-measure against the ideal render;
 * - oldRecall / oldArea: the first study's figures (coverage ≥ 0.25 pixels that are black; black
 *   over total coverage), kept for comparison.
 */
export function measure(bits, truth) {
  const { width, height, points, thin, valid, ideal, coverage, line } = truth
  const fig = truthFigures(truth)
  const isBlack = (x, y) => x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x] === 0
  const n = thin.length
  const missed = new Uint8Array(line.width * line.height)
  let thinHit = 0
  for (let k = 0; k < n; k++) {
    if (!valid[k]) continue
    const x0 = Math.floor(points[2 * k] - 0.5)
    const y0 = Math.floor(points[2 * k + 1] - 0.5)
    const ok =
      isBlack(x0, y0) || isBlack(x0 + 1, y0) || isBlack(x0, y0 + 1) || isBlack(x0 + 1, y0 + 1)
    if (ok) thinHit += thin[k]
    else missed[line.index[k]] = 1
  }
  let black = 0
  let both = 0
  let speckle = 0
  let oldHit = 0
  let oldTotal = 0
  let covered = 0
  const outBits = new Uint8Array(bits.length)
  for (let i = 0; i < bits.length; i++) {
    const b = bits[i] === 0 ? 1 : 0
    outBits[i] = b
    black += b
    both += b & ideal[i]
    if (b && !fig.near[i]) speckle++
    covered += coverage[i]
    if (coverage[i] >= 0.25) {
      oldTotal++
      oldHit += b
    }
  }
  // Stroke correspondence: distinct (output component, ideal component) pairs.
  const out = label(outBits, width, height, 1, true)
  const pairs = new Set()
  const seen = new Uint8Array(fig.strokes.count)
  const outTouched = new Uint8Array(out.count)
  for (let i = 0; i < bits.length; i++) {
    if (!outBits[i] || !ideal[i]) continue
    const a = out.label[i]
    const b = fig.strokes.label[i]
    seen[b] = 1
    if (!outTouched[a]) outTouched[a] = 1
    pairs.add(a * 4194304 + b)
  }
  let touched = 0
  for (let a = 0; a < out.count; a++) touched += outTouched[a]
  let lost = 0
  for (let b = 0; b < fig.strokes.count; b++) if (!seen[b]) lost++
  // Holes: an ideal hole is filled when no pixel of it is white in the output.
  const open = new Uint8Array(fig.white.count)
  for (let i = 0; i < bits.length; i++) {
    const c = fig.white.label[i]
    if (c >= 0 && !outBits[i]) open[c] = 1
  }
  let filled = 0
  for (let c = 0; c < fig.white.count; c++) if (fig.isHole[c] && !open[c]) filled++
  const precision = both / Math.max(1, black)
  const recall = both / Math.max(1, fig.black)
  const strokes = Math.max(1, fig.strokes.count)
  return {
    thinRecall: thinHit / Math.max(1, fig.thinPoints),
    gaps: label(missed, line.width, line.height, 1, true).count,
    merges: (100 * (pairs.size - touched)) / strokes,
    lost: (100 * lost) / strokes,
    filled: (100 * filled) / Math.max(1, fig.holes),
    area: black / Math.max(1, fig.black),
    speckle: speckle / ((width * height) / 1e6),
    f1: (2 * precision * recall) / Math.max(1e-9, precision + recall),
    oldRecall: oldHit / Math.max(1, oldTotal),
    oldArea: black / Math.max(1, covered),
  }
}
