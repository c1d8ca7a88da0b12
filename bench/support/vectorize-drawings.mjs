// Synthetic drawings for bench/vectorize.mjs, made in code with known ground truth: centerline
// geometry and stroke width (line art), or filled even-odd regions with their colours (fill and
// colour drawings). Coordinates are source pixels, y down; pixel (i, j) covers [i, i+1) × [j, j+1).
import { random } from './random.mjs'

/**
 * A drawing: `strokes` are centerlines drawn with round caps and joins at `strokeWidth` px (one
 * point = a dot); `fills` are even-odd regions painted in order over white.
 * @typedef {{ points: number[][], closed: boolean }} Stroke
 * @typedef {{ rings: number[][][], color: [number, number, number] }} Fill
 * @typedef {{ name: string, kind: 'lineart' | 'fill' | 'colour', width: number, height: number,
 *   strokeWidth: number, strokes: Stroke[], fills: Fill[] }} Drawing
 */

const TAU = 2 * Math.PI
const INK = [0, 0, 0]

const open = (...points) => ({ points, closed: false })
const closed = (...points) => ({ points, closed: true })
const rect = (x, y, w, h) => closed([x, y], [x + w, y], [x + w, y + h], [x, y + h])
const dot = (x, y) => ({ points: [[x, y]], closed: false })

/** Points of an arc, ≤ 1 px apart; angles in radians, screen convention (y down). */
function arcPoints(cx, cy, r, from, to) {
  const n = Math.max(2, Math.ceil((Math.abs(to - from) * r) / 1))
  const out = []
  for (let k = 0; k <= n; k++) {
    const a = from + ((to - from) * k) / n
    out.push([cx + r * Math.cos(a), cy + r * Math.sin(a)])
  }
  return out
}
const arc = (cx, cy, r, from, to) => ({ points: arcPoints(cx, cy, r, from, to), closed: false })
const circle = (cx, cy, r) => ({ points: arcPoints(cx, cy, r, 0, TAU).slice(0, -1), closed: true })
const ellipsePoints = (cx, cy, rx, ry, n = 180) =>
  Array.from({ length: n }, (_, k) => [
    cx + rx * Math.cos((TAU * k) / n),
    cy + ry * Math.sin((TAU * k) / n),
  ])

/**
 * Cuts a stroke into a dash pattern: [on, off, on, off, …] lengths in px along the line; an `on`
 * of 0 is a dot.
 */
function dashed(stroke, pattern) {
  const pts = stroke.closed ? [...stroke.points, stroke.points[0]] : stroke.points
  const pieces = []
  let k = 0
  let left = pattern[0]
  let current = [pts[0]]
  const endElement = (p) => {
    if (k % 2 === 0)
      pieces.push({ points: pattern[k] === 0 ? [p] : [...current, p], closed: false })
    k = (k + 1) % pattern.length
    left = pattern[k]
    current = [p]
  }
  for (let i = 1; i < pts.length; i++) {
    let [x, y] = pts[i - 1]
    const [x1, y1] = pts[i]
    let seg = Math.hypot(x1 - x, y1 - y)
    while (left <= seg) {
      const t = seg > 0 ? left / seg : 0
      x += (x1 - x) * t
      y += (y1 - y) * t
      seg -= left
      endElement([x, y])
    }
    left -= seg
    if (k % 2 === 0) current.push([x1, y1])
  }
  if (k % 2 === 0 && current.length > 1) pieces.push({ points: current, closed: false })
  return pieces
}

/** Lines of slope 45° (x − y = c), `spacing` px apart across, clipped to a rectangle. */
function hatchRect(x0, y0, x1, y1, spacing) {
  const out = []
  const step = spacing * Math.SQRT2
  for (let c = x0 - y1 + step / 2; c < x1 - y0; c += step) {
    const xa = Math.max(x0, y0 + c)
    const xb = Math.min(x1, y1 + c)
    if (xb - xa > 1) out.push(open([xa, xa - c], [xb, xb - c]))
  }
  return out
}

/** Lines of slope −45° (x + y = c), clipped to a circle. */
function hatchCircle(cx, cy, r, spacing) {
  const out = []
  for (let s = -r + spacing / 2; s < r; s += spacing) {
    const half = Math.sqrt(r * r - s * s)
    if (half < 1) continue
    const mx = cx + s / Math.SQRT2
    const my = cy + s / Math.SQRT2
    const dx = half / Math.SQRT2
    out.push(open([mx - dx, my + dx], [mx + dx, my - dx]))
  }
  return out
}

/** Outline of a gear with sharp (pointed) teeth. */
function gearPoints(cx, cy, root, tip, teeth) {
  const out = []
  for (let i = 0; i < teeth; i++) {
    const a = (TAU * i) / teeth
    const p = TAU / teeth
    for (const [r, f] of [
      [root, 0],
      [root, 0.3],
      [tip, 0.5],
      [root, 0.7],
    ]) {
      out.push([cx + r * Math.cos(a + f * p), cy + r * Math.sin(a + f * p)])
    }
  }
  return out
}

function boxes() {
  return {
    name: 'boxes, T-junctions',
    strokeWidth: 3,
    strokes: [
      rect(40, 40, 560, 400),
      open([240, 40], [240, 440]),
      open([240, 200], [600, 200]),
      open([420, 200], [420, 440]),
      rect(80, 90, 110, 70),
      open([135, 160], [135, 300]),
      rect(80, 300, 110, 90),
      open([80, 345], [190, 345]),
      rect(290, 250, 90, 140),
      open([290, 320], [380, 320]),
      rect(300, 80, 240, 70),
    ],
  }
}

function crossings() {
  const strokes = [rect(30, 30, 280, 280), open([30, 30], [310, 310]), open([310, 30], [30, 310])]
  for (let k = 0; k < 3; k++) {
    strokes.push(open([370 + 60 * k, 40], [370 + 60 * k, 300]))
    strokes.push(open([340, 80 + 80 * k], [600, 80 + 80 * k]))
  }
  // Two shallow crossings (15° and 30°) and a star of three lines through one point.
  strokes.push(open([40, 380], [600, 380]), open([40, 455], [600, 305]))
  strokes.push(open([330, 440], [600, 440]), open([330, 470], [600, 314]))
  for (let k = 0; k < 3; k++) {
    const a = (Math.PI * k) / 3 + 0.2
    strokes.push(
      open(
        [170 + 70 * Math.cos(a), 420 + 40 * Math.sin(a)],
        [170 - 70 * Math.cos(a), 420 - 40 * Math.sin(a)],
      ),
    )
  }
  return { name: 'X-crossings, grid', strokeWidth: 3, height: 500, strokes }
}

function circlesArcs() {
  const r = 20
  const [x0, y0, x1, y1] = [380, 60, 600, 200]
  return {
    name: 'circles, arcs, fillets',
    strokeWidth: 3,
    strokes: [
      circle(180, 240, 150),
      circle(180, 240, 90),
      circle(180, 240, 25),
      circle(400, 380, 40),
      circle(520, 400, 12),
      arc(500, 300, 60, Math.PI, 1.5 * Math.PI),
      arc(560, 300, 40, -0.5 * Math.PI, 0.5 * Math.PI),
      {
        points: [
          ...arcPoints(x0 + r, y0 + r, r, Math.PI, 1.5 * Math.PI),
          ...arcPoints(x1 - r, y0 + r, r, -0.5 * Math.PI, 0),
          ...arcPoints(x1 - r, y1 - r, r, 0, 0.5 * Math.PI),
          ...arcPoints(x0 + r, y1 - r, r, 0.5 * Math.PI, Math.PI),
        ],
        closed: true,
      },
    ],
  }
}

function gear() {
  return {
    name: 'gear with sharp teeth',
    strokeWidth: 3,
    strokes: [
      { points: gearPoints(320, 240, 165, 205, 18), closed: true },
      circle(320, 240, 70),
      circle(320, 240, 35),
      open([320, 205], [320, 190]),
      rect(80, 420, 480, 40),
    ],
  }
}

function dashes() {
  const strokes = []
  for (let k = 0; k < 3; k++)
    strokes.push(...dashed(open([40, 50 + 30 * k], [600, 50 + 30 * k]), [14, 7]))
  strokes.push(...dashed(open([40, 160], [600, 160]), [22, 6, 0, 6]))
  strokes.push(...dashed(open([40, 200], [600, 200]), [30, 5, 4, 5, 4, 5]))
  strokes.push(...dashed(open([60, 240], [300, 460]), [12, 6]))
  strokes.push(...dashed(circle(470, 340, 100), [16, 8]))
  strokes.push(...dashed(open([470, 220], [470, 460]), [22, 6, 0, 6]))
  strokes.push(...dashed(open([350, 340], [590, 340]), [22, 6, 0, 6]))
  return { name: 'dashed, dash-dot', strokeWidth: 2.5, strokes }
}

function hatching() {
  return {
    name: 'hatching',
    strokeWidth: 2,
    strokes: [
      rect(40, 40, 250, 400),
      ...hatchRect(40, 40, 290, 440, 9),
      circle(460, 180, 120),
      ...hatchCircle(460, 180, 120, 11),
      rect(350, 340, 250, 100),
      ...hatchRect(350, 340, 600, 440, 7),
    ],
  }
}

function parallels() {
  const strokes = []
  // Centre spacing 5.5 px at 2.5 px stroke: 3 px of paper between neighbours.
  for (let k = 0; k < 5; k++) strokes.push(open([40, 40 + 5.5 * k], [600, 40 + 5.5 * k]))
  for (let k = 0; k < 5; k++) strokes.push(open([60 + 5.5 * k, 100], [60 + 5.5 * k, 440]))
  for (let k = 0; k < 5; k++) {
    const o = 5.5 * k
    strokes.push(
      open([160 + o / Math.sin(Math.PI / 6), 440], [420 + o / Math.sin(Math.PI / 6), 290]),
    )
  }
  for (let k = 0; k < 4; k++) strokes.push(arc(480, 200, 60 + 6 * k, Math.PI, 2 * Math.PI))
  for (let k = 0; k < 3; k++) strokes.push(open([160, 120 + 8 * k], [360, 120 + 8 * k]))
  return { name: 'parallel lines close together', strokeWidth: 2.5, strokes }
}

function stipple() {
  const u = random(41)
  const strokes = [{ points: ellipsePoints(320, 240, 260, 190), closed: true }]
  const dots = []
  for (let tries = 0; tries < 20000 && dots.length < 420; tries++) {
    const x = 320 + (u() * 2 - 1) * 245
    const y = 240 + (u() * 2 - 1) * 175
    const e = ((x - 320) / 245) ** 2 + ((y - 240) / 175) ** 2
    if (e > 1) continue
    // Denser towards the lower left, as shading; dots keep 4 px of paper between them.
    if (u() > 0.25 + (0.75 * ((x - 60) / 520 + (420 - y) / 360)) / 2) continue
    if (dots.some(([a, b]) => (a - x) ** 2 + (b - y) ** 2 < 49)) continue
    dots.push([x, y])
  }
  for (const [x, y] of dots) strokes.push(dot(x, y))
  return { name: 'stippling', strokeWidth: 3, strokes }
}

function text() {
  const s = []
  const x = 120
  const y = 60
  s.push(open([x, y + 110], [x, y], [x + 60, y]), open([x, y + 52], [x + 46, y + 52]))
  s.push(open([x + 95, y], [x + 95, y + 110]))
  const gx = x + 180
  const gy = y + 55
  s.push({
    points: [
      ...arcPoints(gx, gy, 55, -0.25 * Math.PI, -1.9 * Math.PI),
      [gx + 55 * Math.cos(0.1 * Math.PI), gy + 10],
      [gx + 15, gy + 10],
    ],
    closed: false,
  })
  s.push(dot(x + 260, y + 106))
  s.push(open([x + 360, y + 110], [x + 360, y], [x + 300, y + 75], [x + 385, y + 75]))
  // Reference numerals with lead lines, as on a utility-patent sheet.
  s.push(open([100, 300], [112, 292], [112, 350]))
  s.push({ points: ellipsePoints(140, 321, 16, 29, 90), closed: true })
  s.push(open([175, 330], [300, 390]))
  s.push(open([420, 292], [432, 284], [432, 342]))
  s.push({
    points: [...arcPoints(468, 302, 16, Math.PI, 2.15 * Math.PI), [452, 342], [486, 342]],
    closed: false,
  })
  s.push(open([410, 320], [330, 400]), open([330, 400], [346, 394]), open([330, 400], [336, 384]))
  s.push(circle(320, 420, 30))
  return { name: 'text "FIG. 4", numerals', strokeWidth: 3, strokes: s }
}

function filledHole() {
  return {
    name: 'filled shapes with holes',
    kind: 'fill',
    fills: [
      {
        rings: [gearPoints(200, 240, 120, 150, 14), ellipsePoints(200, 240, 45, 45, 120)],
        color: INK,
      },
      {
        rings: [
          [
            [390, 60],
            [600, 60],
            [600, 250],
            [390, 250],
          ],
          [
            [420, 90],
            [570, 90],
            [570, 220],
            [420, 220],
          ],
        ],
        color: INK,
      },
      {
        rings: [ellipsePoints(495, 360, 70, 70, 160), ellipsePoints(495, 360, 20, 40, 80)],
        color: INK,
      },
    ],
  }
}

function flatColour() {
  return {
    name: 'flat colour illustration',
    kind: 'colour',
    fills: [
      {
        rings: [
          [
            [40, 40],
            [440, 40],
            [440, 300],
            [40, 300],
          ],
        ],
        color: [90, 160, 220],
      },
      { rings: [ellipsePoints(430, 290, 120, 120, 240)], color: [240, 150, 40] },
      {
        rings: [
          [
            [60, 440],
            [280, 180],
            [420, 330],
            [500, 250],
            [610, 440],
          ],
        ],
        color: [60, 170, 90],
      },
    ],
  }
}

const MAKERS = [
  boxes,
  crossings,
  circlesArcs,
  gear,
  dashes,
  hatching,
  parallels,
  stipple,
  text,
  filledHole,
  flatColour,
]

/** Every synthetic drawing, 640 × 480 px unless it says otherwise. */
export function drawings() {
  return MAKERS.map((make) => ({
    kind: 'lineart',
    width: 640,
    height: 480,
    strokeWidth: 0,
    strokes: [],
    fills: [],
    ...make(),
  }))
}

/**
 * The drawing scaled by `scale` and turned by `rotateDeg` (counterclockwise on screen) about the
 * canvas centre; the canvas is scaled, not enlarged (rotated corners may leave it).
 */
export function transformDrawing(drawing, { scale = 1, rotateDeg = 0 }) {
  const a = (-rotateDeg * Math.PI) / 180
  const cos = Math.cos(a)
  const sin = Math.sin(a)
  const cx = drawing.width / 2
  const cy = drawing.height / 2
  const map = ([x, y]) => {
    const dx = x - cx
    const dy = y - cy
    return [(cx + dx * cos - dy * sin) * scale, (cy + dx * sin + dy * cos) * scale]
  }
  return {
    ...drawing,
    width: Math.round(drawing.width * scale),
    height: Math.round(drawing.height * scale),
    strokeWidth: drawing.strokeWidth * scale,
    strokes: drawing.strokes.map((s) => ({ points: s.points.map(map), closed: s.closed })),
    fills: drawing.fills.map((f) => ({ rings: f.rings.map((r) => r.map(map)), color: f.color })),
  }
}
