// Skeleton tools for bench/vectorize.mjs's line-art scores: the bench's own thinning (not the
// engine's), spur pruning, endpoint counts and an exact Euclidean distance transform.
// Whole images in typed arrays; 0/1 masks, 1 = ink, row-major.

/*
 * Thinning: directional sequential thinning with simple points (Kong & Rosenfeld, "Digital
 * topology", 1989: a pixel is simple for 8-connected ink and 4-connected paper when exactly one
 * ink 8-component and one paper 4-component touch it). Each pass marks the border pixels of one
 * side (N, E, S, W) on the state at the pass start, then deletes the marked ones that are still
 * simple and not line ends (≥ 2 ink neighbours), one after the other; a piece of two pixels
 * loses one, so any small dot ends as one pixel. Marking on the pass-start state keeps the
 * skeleton centred; deleting one by one keeps every component and hole. The result is 8-thin.
 */

/** Neighbour bit order: N, NE, E, SE, S, SW, W, NW (clockwise from north). */
const RING = [
  [0, -1],
  [1, -1],
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
]

/** For each 8-bit neighbourhood: 1 when the centre may be deleted (simple, not a line end). */
const DELETABLE = buildDeletable()
/** Popcount of each 8-bit neighbourhood. */
const COUNT = new Uint8Array(256)
for (let c = 0; c < 256; c++) for (let b = 0; b < 8; b++) COUNT[c] += (c >> b) & 1
/** For a neighbourhood with one ink pixel: its bit; otherwise −1. */
const ONLY = new Int8Array(256).fill(-1)
for (let b = 0; b < 8; b++) ONLY[1 << b] = b

function components(code, wantInk, adjacent, mustTouch4) {
  const seen = new Uint8Array(8)
  let count = 0
  for (let s = 0; s < 8; s++) {
    if (seen[s] || ((code >> s) & 1) !== wantInk) continue
    const stack = [s]
    seen[s] = 1
    let touches = false
    while (stack.length) {
      const k = stack.pop()
      if (k % 2 === 0) touches = true
      for (let m = 0; m < 8; m++) {
        if (seen[m] || ((code >> m) & 1) !== wantInk) continue
        const dx = Math.abs(RING[k][0] - RING[m][0])
        const dy = Math.abs(RING[k][1] - RING[m][1])
        if (adjacent(dx, dy)) {
          seen[m] = 1
          stack.push(m)
        }
      }
    }
    if (!mustTouch4 || touches) count++
  }
  return count
}

function buildDeletable() {
  const table = new Uint8Array(256)
  for (let c = 0; c < 256; c++) {
    let n = 0
    for (let b = 0; b < 8; b++) n += (c >> b) & 1
    const ink8 = components(c, 1, (dx, dy) => dx <= 1 && dy <= 1, false)
    const paper4 = components(c, 0, (dx, dy) => dx + dy === 1, true)
    table[c] = ink8 === 1 && paper4 === 1 && n >= 2 ? 1 : 0
  }
  return table
}

/** Ink pixels of a padded buffer as indices. */
function inkList(padded) {
  let n = 0
  for (let i = 0; i < padded.length; i++) n += padded[i]
  const list = new Int32Array(n)
  for (let i = 0, k = 0; i < padded.length; i++) if (padded[i]) list[k++] = i
  return list
}

function codeAt(a, i, pw) {
  return (
    a[i - pw] |
    (a[i - pw + 1] << 1) |
    (a[i + 1] << 2) |
    (a[i + pw + 1] << 3) |
    (a[i + pw] << 4) |
    (a[i + pw - 1] << 5) |
    (a[i - 1] << 6) |
    (a[i - pw - 1] << 7)
  )
}

/** A one-pixel paper border around a mask, so neighbour reads need no bounds checks. */
function pad(mask, width, height) {
  const pw = width + 2
  const a = new Uint8Array(pw * (height + 2))
  for (let y = 0; y < height; y++) {
    const row = mask.subarray(y * width, (y + 1) * width)
    for (let x = 0; x < width; x++) a[(y + 1) * pw + x + 1] = row[x] ? 1 : 0
  }
  return a
}

function unpad(a, width, height) {
  const pw = width + 2
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++)
    out.set(a.subarray((y + 1) * pw + 1, (y + 1) * pw + 1 + width), y * width)
  return out
}

/**
 * Fills pinholes: 4-connected paper pieces of at most `maxArea` pixels that do not touch the
 * image edge become ink (scanned sheets carry dither holes inside solid strokes; thinning would
 * ring each one). Each flood stops past `maxArea`, so the cost is at most (maxArea + 1) · pixels.
 * @param mask 0/1, 1 = ink (not modified)
 * @returns Uint8Array 0/1
 */
export function fillPinholes(mask, width, height, maxArea) {
  const out = Uint8Array.from(mask)
  const big = new Uint8Array(mask.length)
  const piece = new Int32Array(maxArea + 1)
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const start = y * width + x
      if (out[start] || big[start]) continue
      let n = 0
      let open = false
      piece[n++] = start
      out[start] = 2
      for (let k = 0; k < n && !open; k++) {
        const i = piece[k]
        const px = i % width
        const py = (i - px) / width
        if (px === 0 || py === 0 || px === width - 1 || py === height - 1) {
          open = true
          break
        }
        for (const j of [i - 1, i + 1, i - width, i + width]) {
          if (out[j] !== 0) continue
          if (big[j] || n > maxArea) {
            open = true
            break
          }
          out[j] = 2
          piece[n++] = j
        }
      }
      for (let k = 0; k < n; k++) {
        if (open) {
          out[piece[k]] = 0
          big[piece[k]] = 1
        } else out[piece[k]] = 1
      }
    }
  }
  return out
}

/**
 * Thins a 0/1 mask to an 8-thin skeleton that keeps every component and hole.
 * @param mask Uint8Array, width · height, non-zero = ink (not modified)
 * @returns Uint8Array 0/1 skeleton, same size
 */
export function thin(mask, width, height) {
  const pw = width + 2
  const a = pad(mask, width, height)
  let list = inkList(a)
  const marked = new Int32Array(list.length)
  const offsets = [-pw, 1, pw, -1]
  const steps = [-pw, -pw + 1, 1, pw + 1, pw, pw - 1, -1, -pw - 1]
  let changed = true
  while (changed) {
    changed = false
    for (const off of offsets) {
      let m = 0
      for (let k = 0; k < list.length; k++) {
        const i = list[k]
        if (a[i] && !a[i + off]) marked[m++] = i
      }
      for (let k = 0; k < m; k++) {
        const i = marked[k]
        const code = codeAt(a, i, pw)
        const only = ONLY[code]
        if (DELETABLE[code] || (only >= 0 && ONLY[codeAt(a, i + steps[only], pw)] >= 0)) {
          a[i] = 0
          changed = true
        }
      }
    }
    let n = 0
    for (let k = 0; k < list.length; k++) if (a[list[k]]) list[n++] = list[k]
    list = list.subarray(0, n)
  }
  return unpad(a, width, height)
}

/**
 * Removes spurs: branches of at most `maxLength` pixels from a line end to a junction (a pixel
 * with ≥ 3 ink neighbours). Free-standing lines and dots are kept whatever their length.
 * @param skeleton 0/1 8-thin mask (not modified)
 * @param maxLength spur length in pixels
 * @returns Uint8Array 0/1, the pruned skeleton
 */
export function prune(skeleton, width, height, maxLength) {
  if (maxLength <= 0) return skeleton
  const pw = width + 2
  const a = pad(skeleton, width, height)
  const path = new Int32Array(maxLength + 1)
  const ends = []
  for (let i = 0; i < a.length; i++) if (a[i] && COUNT[codeAt(a, i, pw)] === 1) ends.push(i)
  const steps = [-pw, -pw + 1, 1, pw + 1, pw, pw - 1, -1, -pw - 1]
  for (const end of ends) {
    let prev = -1
    let cur = end
    let n = 0
    let junction = false
    while (n <= maxLength) {
      const c = codeAt(a, cur, pw)
      const degree = COUNT[c]
      if (degree >= 3 && n > 0) {
        junction = true
        break
      }
      path[n++] = cur
      if (degree === 0 || (degree === 1 && n > 1)) break
      let next = -1
      for (let b = 0; b < 8; b++) {
        const j = cur + steps[b]
        if (a[j] && j !== prev && (n < 2 || j !== path[n - 2])) {
          next = j
          break
        }
      }
      if (next < 0) break
      prev = cur
      cur = next
    }
    if (junction) for (let k = 0; k < n; k++) a[path[k]] = 0
  }
  return unpad(a, width, height)
}

/**
 * Reduces every skeleton piece no larger than `maxExtent` steps across (x or y) to one pixel: a
 * blob thinner than a stroke is a dot, whatever shape thinning left it (a plus, a short bar).
 * @param skeleton 0/1 mask (not modified)
 * @returns Uint8Array 0/1
 */
export function collapseDots(skeleton, width, height, maxExtent) {
  const out = Uint8Array.from(skeleton)
  const seen = new Uint8Array(skeleton.length)
  const piece = []
  for (let start = 0; start < out.length; start++) {
    if (!out[start] || seen[start]) continue
    piece.length = 0
    piece.push(start)
    seen[start] = 1
    let x0 = width
    let x1 = -1
    let y0 = height
    let y1 = -1
    for (let k = 0; k < piece.length; k++) {
      const i = piece[k]
      const x = i % width
      const y = (i - x) / width
      if (x < x0) x0 = x
      if (x > x1) x1 = x
      if (y < y0) y0 = y
      if (y > y1) y1 = y
      for (const [dx, dy] of RING) {
        const u = x + dx
        const v = y + dy
        const j = v * width + u
        if (u >= 0 && v >= 0 && u < width && v < height && out[j] && !seen[j]) {
          seen[j] = 1
          piece.push(j)
        }
      }
    }
    if (piece.length > 1 && x1 - x0 <= maxExtent && y1 - y0 <= maxExtent) {
      for (let k = 1; k < piece.length; k++) out[piece[k]] = 0
    }
  }
  return out
}

/**
 * Line ends of a skeleton: pixels with one ink neighbour, and each isolated pixel counted twice
 * (a dot is a stroke whose two ends coincide).
 */
export function countEnds(skeleton, width, height) {
  let ends = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!skeleton[y * width + x]) continue
      let n = 0
      for (const [dx, dy] of RING) {
        const u = x + dx
        const v = y + dy
        if (u >= 0 && v >= 0 && u < width && v < height && skeleton[v * width + u]) n++
      }
      if (n === 1) ends++
      else if (n === 0) ends += 2
    }
  }
  return ends
}

/**
 * Length of a skeleton in pixel steps: its pixels less its 8-connected pieces, so a dot counts 0
 * and a line of n pixels n − 1, whatever its ends look like.
 */
export function skeletonLength(skeleton, width, height) {
  const seen = new Uint8Array(skeleton.length)
  const stack = []
  let pixels = 0
  let pieces = 0
  for (let start = 0; start < skeleton.length; start++) {
    if (!skeleton[start]) continue
    pixels++
    if (seen[start]) continue
    pieces++
    seen[start] = 1
    stack.push(start)
    while (stack.length) {
      const i = stack.pop()
      const x = i % width
      const y = (i - x) / width
      for (const [dx, dy] of RING) {
        const u = x + dx
        const v = y + dy
        const j = v * width + u
        if (u >= 0 && v >= 0 && u < width && v < height && skeleton[j] && !seen[j]) {
          seen[j] = 1
          stack.push(j)
        }
      }
    }
  }
  return pixels - pieces
}

/*
 * Distance transform: exact Euclidean distance to the nearest feature pixel, by two passes of
 * the lower envelope of parabolas (Felzenszwalb & Huttenlocher, "Distance transforms of sampled
 * functions", Theory of Computing 8, 2012, Sec. 2).
 */

const FAR = 1e20

function envelope(f, n, d, v, z) {
  let k = 0
  v[0] = 0
  z[0] = -FAR
  z[1] = FAR
  for (let q = 1; q < n; q++) {
    if (f[q] >= FAR) continue
    if (f[v[0]] >= FAR) {
      v[0] = q
      continue
    }
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k])
    while (s <= z[k]) {
      k--
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k])
    }
    k++
    v[k] = q
    z[k] = s
    z[k + 1] = FAR
  }
  if (f[v[0]] >= FAR) {
    for (let q = 0; q < n; q++) d[q] = FAR
    return
  }
  k = 0
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++
    const dq = q - v[k]
    d[q] = dq * dq + f[v[k]]
  }
}

/**
 * Distance of every pixel to the nearest non-zero pixel of `mask`, in pixels (Infinity when the
 * mask is empty).
 * @returns Float32Array, width · height
 */
export function distanceTo(mask, width, height) {
  const n = Math.max(width, height)
  const f = new Float64Array(n)
  const d = new Float64Array(n)
  const v = new Int32Array(n)
  const z = new Float64Array(n + 1)
  const out = new Float32Array(width * height)
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) f[y] = mask[y * width + x] ? 0 : FAR
    envelope(f, height, d, v, z)
    for (let y = 0; y < height; y++) out[y * width + x] = d[y]
  }
  for (let y = 0; y < height; y++) {
    const o = y * width
    // The column pass stored FAR rounded to float32; read it back as FAR.
    for (let x = 0; x < width; x++) f[x] = Math.min(out[o + x], FAR)
    envelope(f, width, d, v, z)
    for (let x = 0; x < width; x++)
      out[o + x] = d[x] >= FAR ? Number.POSITIVE_INFINITY : Math.sqrt(d[x])
  }
  return out
}
