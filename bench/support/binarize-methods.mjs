// The thresholding methods bench/binarize.mjs compares, written plainly on whole pages (the
// production stage, src/engines/gray/binarize.ts, streams rows; the bench runs it beside these).

/** 256-bin histogram. */
export function histogram(page) {
  const h = new Uint32Array(256)
  for (let i = 0; i < page.length; i++) h[page[i]]++
  return h
}

/** Otsu (1979): the level t maximizing between-class variance; class 0 is levels ≤ t. */
export function otsu(h) {
  let total = 0
  let sum = 0
  for (let v = 0; v < 256; v++) {
    total += h[v]
    sum += v * h[v]
  }
  let w0 = 0
  let s0 = 0
  let best = -1
  let bestT = 127
  for (let t = 0; t < 255; t++) {
    w0 += h[t]
    s0 += t * h[t]
    const w1 = total - w0
    if (w0 === 0 || w1 === 0) continue
    const m0 = s0 / w0
    const m1 = (sum - s0) / w1
    const between = w0 * w1 * (m0 - m1) ** 2
    if (between > best) {
      best = between
      bestT = t
    }
  }
  return bestT
}

/** Level below which `share` of the pixels in [from, to] lie. */
function quantile(h, from, to, share) {
  let n = 0
  for (let v = from; v <= to; v++) n += h[v]
  let acc = 0
  for (let v = from; v <= to; v++) {
    acc += h[v]
    if (acc >= share * n) return v
  }
  return to
}

/**
 * Paper and ink levels from the histogram: paper = the most frequent level above Otsu's split
 * (bins smoothed over ±2), ink = a low quantile of the class below it, spread = robust σ of the
 * paper (1.4826 · median |v − paper| over the upper class).
 */
export function levels(h, inkQuantile = 0.25) {
  const t = otsu(h)
  let paper = 255
  let best = -1
  for (let v = t + 1; v < 256; v++) {
    let s = 0
    for (let k = -2; k <= 2; k++) s += h[Math.min(255, Math.max(t + 1, v + k))] ?? 0
    if (s > best) {
      best = s
      paper = v
    }
  }
  const ink = quantile(h, 0, t, inkQuantile)
  // median absolute deviation around paper over the upper class
  const dev = new Float64Array(256)
  let n = 0
  for (let v = t + 1; v < 256; v++) {
    dev[Math.abs(v - paper)] += h[v]
    n += h[v]
  }
  let acc = 0
  let mad = 0
  for (let d = 0; d < 256; d++) {
    acc += dev[d]
    if (acc >= n / 2) {
      mad = d
      break
    }
  }
  return { otsu: t, paper, ink, spread: 1.4826 * mad }
}

/** Global threshold: black where v ≤ t. */
export function global(page, t) {
  const out = new Uint8Array(page.length)
  for (let i = 0; i < page.length; i++) out[i] = page[i] <= t ? 0 : 255
  return out
}

/**
 * Low threshold plus ridge rescue: black where v ≤ lo, white where v > hi, and in between black
 * when the pixel is a thin dark ridge in some direction d (horizontal, vertical, two diagonals):
 * on both sides, the neighbour is lighter by at least `margin`, or (reach 2) the neighbour is
 * about as dark (no darker than v − `tol`) and the pixel after it is lighter than v by `margin`;
 * `strictPair` also asks that neighbour to be in the band (≤ hi) and the pixel after it to be
 * lighter than the neighbour itself by `margin` (the production rule, binarize.ts).
 */
export function ridge(
  page,
  width,
  height,
  { lo, hi, margin, tol = 0, reach = 1, strictPair = false, keepGaps = false },
) {
  const out = new Uint8Array(page.length)
  const dirs = [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ]
  const at = (x, y) => {
    x = x < 0 ? 0 : x >= width ? width - 1 : x
    y = y < 0 ? 0 : y >= height ? height - 1 : y
    return page[y * width + x]
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      const v = page[i]
      if (v <= lo) continue
      if (v > hi) {
        out[i] = 255
        continue
      }
      let black = false
      for (const [dx, dy] of dirs) {
        let ok = true
        for (const s of [-1, 1]) {
          const n1 = at(x + s * dx, y + s * dy)
          let side = n1 - v >= margin
          if (!side && reach === 2 && n1 >= v - tol && (!strictPair || n1 <= hi)) {
            const n2 = at(x + 2 * s * dx, y + 2 * s * dy)
            side = n2 - v >= margin && (!strictPair || n2 - n1 >= margin)
          }
          if (!side) {
            ok = false
            break
          }
        }
        if (ok && keepGaps) {
          // Along the line (perpendicular to the flanks): a pixel darker-flanked there is a gap.
          const side = (s) => {
            const near = at(x - s * dy, y + s * dx)
            const far = at(x - 2 * s * dy, y + 2 * s * dx)
            return v - near >= margin || (near >= v && near > lo && near - far >= margin)
          }
          if (side(1) && side(-1)) ok = false
        }
        if (ok) {
          black = true
          break
        }
      }
      out[i] = black ? 0 : 255
    }
  }
  return out
}

/** Hysteresis: black where v ≤ lo, and v ≤ hi pixels 8-connected to those through v ≤ hi. */
export function hysteresis(page, width, height, { lo, hi }) {
  const out = new Uint8Array(page.length).fill(255)
  const stack = []
  for (let i = 0; i < page.length; i++) {
    if (page[i] <= lo) {
      out[i] = 0
      stack.push(i)
    }
  }
  while (stack.length) {
    const i = stack.pop()
    const x = i % width
    const y = (i / width) | 0
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx
        const yy = y + dy
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue
        const j = yy * width + xx
        if (out[j] === 255 && page[j] <= hi) {
          out[j] = 0
          stack.push(j)
        }
      }
    }
  }
  return out
}

/** Sauvola (2000): T = m · (1 + k (s / R − 1)) over a `window`² neighbourhood, R = 128. */
export function sauvola(page, width, height, { window, k }) {
  const W = width + 1
  const sum = new Float64Array(W * (height + 1))
  const sq = new Float64Array(W * (height + 1))
  for (let y = 0; y < height; y++) {
    let rs = 0
    let rq = 0
    for (let x = 0; x < width; x++) {
      const v = page[y * width + x]
      rs += v
      rq += v * v
      sum[(y + 1) * W + x + 1] = sum[y * W + x + 1] + rs
      sq[(y + 1) * W + x + 1] = sq[y * W + x + 1] + rq
    }
  }
  const r = window >> 1
  const out = new Uint8Array(page.length)
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r)
    const y1 = Math.min(height, y + r + 1)
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r)
      const x1 = Math.min(width, x + r + 1)
      const n = (x1 - x0) * (y1 - y0)
      const s = sum[y1 * W + x1] - sum[y0 * W + x1] - sum[y1 * W + x0] + sum[y0 * W + x0]
      const q = sq[y1 * W + x1] - sq[y0 * W + x1] - sq[y1 * W + x0] + sq[y0 * W + x0]
      const m = s / n
      const sd = Math.sqrt(Math.max(0, q / n - m * m))
      const t = m * (1 + k * (sd / 128 - 1))
      out[y * width + x] = page[y * width + x] <= t ? 0 : 255
    }
  }
  return out
}
