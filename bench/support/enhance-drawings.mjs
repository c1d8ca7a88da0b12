// Patent-like line drawings for bench/enhance.mjs, made in code as SVG at their target size
// (512 × 384 px, so the x2 and x4 inputs are 256 × 192 and 128 × 96): black strokes 0.75-3 px
// wide on white, text in DejaVu Sans. Each one stresses what an upscaler of line art gets wrong:
// thin lines, lines a few pixels apart (hatching, converging lines), dots, dashes, corners, small
// text. Coordinates are target pixels, y down; a 1-px line at x.5 covers one pixel column, at an
// integer x it straddles two (both kinds occur on real sheets, so both are drawn).
import { random } from './random.mjs'

export const DRAWING_WIDTH = 512
export const DRAWING_HEIGHT = 384
const FONT = 'DejaVu Sans'
const TAU = 2 * Math.PI

const n = (x) => +x.toFixed(2)
/** Points written as SVG writes them, 'x,y x,y …', as [x, y] pairs. */
const xy = (points) => points.split(' ').map((p) => p.split(',').map(Number))
const pts = (points) => points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')
const line = (x1, y1, x2, y2, w = 1.5, extra = '') =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke-width="${w}"${extra}/>`
const polyline = (points, w = 1.5, extra = '') =>
  `<polyline points="${pts(points)}" stroke-width="${w}"${extra}/>`
const polygon = (points, w = 1.5, extra = '') =>
  `<polygon points="${pts(points)}" stroke-width="${w}"${extra}/>`
const rect = (x, y, w, h, sw = 1.5, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" stroke-width="${sw}"${extra}/>`
const circle = (cx, cy, r, w = 1.5, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" stroke-width="${w}"${extra}/>`
const dot = (cx, cy, r) =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#000" stroke="none"/>`
const path = (d, w = 1.5, extra = '') => `<path d="${d}" stroke-width="${w}"${extra}/>`
const text = (x, y, size, s, anchor = 'start', weight = 'normal') =>
  `<text x="${n(x)}" y="${n(y)}" font-size="${size}" text-anchor="${anchor}" font-weight="${weight}" fill="#000" stroke="none">${s}</text>`
const DASH_DOT = ' stroke-dasharray="14 3 2 3"'

/** A filled arrowhead with its tip at (x, y), pointing along `angle` (radians). */
function arrowhead(x, y, angle, length = 9, half = 3.5) {
  const bx = x - length * Math.cos(angle)
  const by = y - length * Math.sin(angle)
  const px = -Math.sin(angle) * half
  const py = Math.cos(angle) * half
  return `<polygon points="${pts([
    [x, y],
    [bx + px, by + py],
    [bx - px, by - py],
  ])}" fill="#000" stroke="none"/>`
}

/** A line from (x1, y1) to (x2, y2) with an arrowhead at the end. */
function arrow(x1, y1, x2, y2, w = 1.5) {
  const a = Math.atan2(y2 - y1, x2 - x1)
  return line(x1, y1, x2 - 6 * Math.cos(a), y2 - 6 * Math.sin(a), w) + arrowhead(x2, y2, a)
}

/** Parallel lines at `angle` (degrees), `spacing` px apart, over the whole canvas; clip them. */
function hatchLines(angle, spacing, w = 1, offset = 0) {
  const a = (angle * Math.PI) / 180
  const dx = Math.cos(a)
  const dy = Math.sin(a)
  const reach = Math.hypot(DRAWING_WIDTH, DRAWING_HEIGHT)
  const cx = DRAWING_WIDTH / 2
  const cy = DRAWING_HEIGHT / 2
  const out = []
  for (let k = -reach / 2 + offset; k < reach / 2; k += spacing) {
    const ox = cx - dy * k
    const oy = cy + dx * k
    out.push(line(ox - dx * reach, oy - dy * reach, ox + dx * reach, oy + dy * reach, w))
  }
  return out.join('')
}

/** Points of a gear outline: `teeth` trapezoid teeth between radii `root` and `tip`. */
function gearPoints(cx, cy, root, tip, teeth) {
  const out = []
  for (let k = 0; k < teeth; k++) {
    const a = (TAU * k) / teeth
    const step = TAU / teeth
    for (const [f, r] of [
      [0, root],
      [0.15, tip],
      [0.45, tip],
      [0.6, root],
    ]) {
      out.push([cx + r * Math.cos(a + f * step), cy + r * Math.sin(a + f * step)])
    }
  }
  return out
}

function flowchart() {
  const s = []
  const box = (x, y, w, h, label, step) => {
    s.push(rect(x, y, w, h, 1.5), text(x + w / 2, y + h / 2 + 5, 13, label, 'middle'))
    if (step) s.push(text(x + w + 6, y + 12, 10, step))
  }
  box(176.5, 14.5, 160, 40, 'Receive image', 'S100')
  box(176.5, 300.5, 160, 40, 'Encode PNG', 'S110')
  box(24.5, 200.5, 170, 44, 'Reconstruct strokes', 'S104')
  box(318.5, 200.5, 140, 44, 'Network tiles', 'S106')
  // Decision diamond.
  s.push(
    polygon(xy('256,84 336,128 256,172 176,128'), 1.5),
    text(256, 133, 12, 'Line art?', 'middle'),
    text(150, 120, 11, 'yes', 'middle'),
    text(362, 120, 11, 'no', 'middle'),
    text(346, 96, 10, 'S102'),
  )
  s.push(arrow(256.5, 54.5, 256.5, 84))
  s.push(polyline(xy('176,128 109.5,128')))
  s.push(arrow(109.5, 128, 109.5, 200.5))
  s.push(polyline(xy('336,128 388.5,128')))
  s.push(arrow(388.5, 128, 388.5, 200.5))
  s.push(polyline(xy('109.5,244.5 109.5,272.5 388.5,272.5 388.5,244.5')))
  s.push(arrow(256.5, 272.5, 256.5, 300.5))
  s.push(dot(256.5, 272.5, 2.5))
  return { name: 'flowchart, boxes, arrows, text', body: s.join('') }
}

function sectionPart() {
  // A flanged bushing in section, two hatched halves about a centre line, seated in the cavity
  // of a housing hatched the other way (adjacent parts: other angle, other spacing).
  const upper = xy('120,60 200,60 200,120 400,120 400,160 120,160')
  const lower = upper.map(([x, y]) => [x, 384 - y])
  const outer = xy('60,20 440,20 440,364 60,364')
  const housing = `M ${pts(outer)} Z M 120 60 L 420 60 L 420 324 L 120 324 Z`
  const s = [
    '<defs>',
    `<clipPath id="up"><polygon points="${pts(upper)}"/></clipPath>`,
    `<clipPath id="lo"><polygon points="${pts(lower)}"/></clipPath>`,
    `<clipPath id="ho"><path d="${housing}" clip-rule="evenodd"/></clipPath>`,
    '</defs>',
    `<g clip-path="url(#up)">${hatchLines(-45, 4, 1)}</g>`,
    `<g clip-path="url(#lo)">${hatchLines(-45, 4, 1)}</g>`,
    `<g clip-path="url(#ho)">${hatchLines(45, 6, 1)}</g>`,
    polygon(upper, 2),
    polygon(lower, 2),
    path(housing, 2),
    line(30, 192, 480, 192, 0.75, DASH_DOT),
    // A dimension: extension lines, arrows both ways, the value.
    line(444, 120.5, 482, 120.5, 0.75),
    line(444, 263.5, 482, 263.5, 0.75),
    arrow(472.5, 192, 472.5, 121, 0.75),
    arrow(472.5, 192, 472.5, 263, 0.75),
    text(476, 180, 11, 'Ø36'),
  ]
  return { name: 'section with hatching 4 and 6 px', body: s.join('') }
}

function dashes() {
  const s = []
  const patterns = [
    ['', 1],
    [' stroke-dasharray="6 3"', 1],
    [' stroke-dasharray="0 4" stroke-linecap="round"', 2],
    [DASH_DOT, 1],
    [' stroke-dasharray="12 6"', 1.5],
    [' stroke-dasharray="2 2"', 1],
    [' stroke-dasharray="20 4 4 4 4 4"', 2],
  ]
  patterns.forEach(([dash, w], k) => {
    s.push(line(20, 20.5 + 18 * k, 300, 20.5 + 18 * k, w, dash))
  })
  s.push(circle(400, 90, 70, 1.5, ' stroke-dasharray="8 4"'))
  s.push(circle(400, 90, 40, 1, ' stroke-dasharray="0 5" stroke-linecap="round"'))
  // A box with its hidden edges dashed.
  s.push(rect(40.5, 170.5, 180, 120, 2))
  s.push(rect(80.5, 200.5, 100, 60, 1, ' stroke-dasharray="5 3"'))
  s.push(line(20, 230.5, 240, 230.5, 0.75, DASH_DOT))
  for (let k = 0; k < 5; k++) {
    s.push(line(270 + 40 * k, 370, 330 + 40 * k, 180, 1, ' stroke-dasharray="7 3"'))
  }
  s.push(line(20, 340, 240, 310, 2, ' stroke-dasharray="0 6" stroke-linecap="round"'))
  return { name: 'dotted, dashed and dash-dot lines', body: s.join('') }
}

function thinLines() {
  const s = []
  // A fan of 1-px lines every 5°, from a hub.
  for (let a = 0; a < 180; a += 5) {
    const r = (a * Math.PI) / 180
    s.push(line(140, 190, 140 + 120 * Math.cos(r), 190 - 120 * Math.sin(r), 1))
  }
  s.push(circle(140, 190, 6, 1))
  // Horizontal lines on pixel centres and between pixels, at 0.75, 1 and 1.5 px.
  for (let k = 0; k < 6; k++) {
    const w = [0.75, 1, 1.5][k % 3]
    const y = 220 + 12 * k + (k < 3 ? 0.5 : 0)
    s.push(line(20, y, 260, y, w))
  }
  // Verticals and a shallow slope (1 in 20: the stair steps that show on a poor upscale).
  for (let k = 0; k < 6; k++) s.push(line(300.5 + 9 * k, 20, 300.5 + 9 * k, 180, 1))
  for (let k = 0; k < 5; k++) s.push(line(290, 210 + 14 * k, 500, 220.5 + 14 * k, 1))
  s.push(rect(380.5, 30.5, 110, 110, 1))
  s.push(line(380.5, 30.5, 490.5, 140.5, 1), line(490.5, 30.5, 380.5, 140.5, 1))
  return { name: 'thin lines at every angle', body: s.join('') }
}

function circles() {
  const s = []
  for (let r = 4; r <= 150; r *= 1.45) s.push(circle(170, 192, r, r < 20 ? 1 : 1.5))
  // A bolt circle of eight holes, each with its centre mark.
  for (let k = 0; k < 8; k++) {
    const a = (TAU * k) / 8
    const x = 400 + 70 * Math.cos(a)
    const y = 130 + 70 * Math.sin(a)
    s.push(circle(x, y, 9, 1.5), line(x - 4, y, x + 4, y, 0.75), line(x, y - 4, x, y + 4, 0.75))
  }
  s.push(circle(400, 130, 70, 0.75, DASH_DOT), circle(400, 130, 30, 2))
  // Small dots and rings in a row.
  for (let k = 0; k < 8; k++) {
    s.push(dot(340 + 20 * k, 290, 0.8 + 0.35 * k), circle(340 + 20 * k, 330, 1.5 + 0.8 * k, 1))
  }
  s.push(path('M 330 370 A 60 30 0 0 1 500 370', 1.5))
  return { name: 'circles, holes, dots', body: s.join('') }
}

function leaders() {
  // A device outline (housing, knob, slot, vents) with reference numerals on curved leaders.
  const s = [
    path(
      'M 140 90 L 380 90 Q 400 90 400 110 L 400 290 Q 400 310 380 310 L 140 310 Q 120 310 120 290 L 120 110 Q 120 90 140 90 Z',
      2,
    ),
    circle(200, 160, 32, 2),
    circle(200, 160, 12, 1.5),
    rect(260.5, 140.5, 100, 16, 1.5),
  ]
  for (let k = 0; k < 6; k++) s.push(line(150 + 14 * k, 250, 150 + 14 * k, 290, 1.5))
  s.push(line(260, 200, 370, 200, 1), line(260, 210, 370, 210, 1))
  const labels = [
    ['10', 60, 60, 130, 100],
    ['12', 60, 190, 170, 168],
    ['14', 460, 100, 340, 148],
    ['16', 460, 230, 365, 205],
    ['18', 60, 320, 175, 280],
    ['20a', 460, 340, 390, 300],
  ]
  // Each leader leaves its numeral on the side facing the part and curves onto the part.
  for (const [label, tx, ty, ex, ey] of labels) {
    const sx = tx > 256 ? tx - 6 : tx + 22
    s.push(path(`M ${sx} ${ty - 5} Q ${(sx + ex) / 2} ${ty - 30} ${ex} ${ey}`, 1))
    s.push(text(tx > 256 ? tx : tx - 6, ty, 16, label))
  }
  s.push(text(256, 360, 22, 'FIG. 3', 'middle', 'bold'))
  return { name: 'leader lines with numerals', body: s.join('') }
}

function stipple() {
  const rand = random(4021)
  const s = [circle(200, 192, 150, 1.5), path('M 330 330 L 500 330 L 430 250 Z', 1.5)]
  const dots = []
  for (let tries = 0; tries < 40000 && dots.length < 900; tries++) {
    const x = 50 + rand() * 300
    const y = 42 + rand() * 300
    const d = Math.hypot(x - 200, y - 192)
    if (d > 147) continue
    // Shaded away from a light at the upper left: denser to the lower right.
    const shade = Math.min(1, Math.max(0, (x - 200 + y - 192) / 300 + 0.5))
    if (rand() > shade ** 1.5) continue
    if (dots.some(([a, b]) => (a - x) ** 2 + (b - y) ** 2 < 16)) continue
    dots.push([x, y])
  }
  for (const [x, y] of dots) s.push(dot(x, y, 0.7 + rand() * 0.9))
  for (let k = 0; k < 120; k++) {
    const x = 360 + rand() * 130
    const y = 260 + rand() * 65
    if (y > 330 - ((x - 330) * 80) / 100 || y < 330 - ((500 - x) * 80) / 70) continue
    s.push(dot(x, y, 1))
  }
  return { name: 'stippling dots', body: s.join('') }
}

function converging() {
  const s = []
  // Twelve 1-px lines, 12 px apart on the left, 1.5 px apart on the right.
  for (let k = 0; k < 12; k++) s.push(line(20, 20 + 12 * k, 500, 100 + 1.5 * k, 1))
  // A floor grid in perspective: lines to one vanishing point, rows closing up.
  const vx = 256
  const vy = 170
  for (let k = -8; k <= 8; k++) s.push(line(vx + 40 * k * 3, 380, vx + (40 * k * 3) / 8, 190, 1))
  for (let k = 0; k < 9; k++) {
    const t = 1 / (1 + k * 0.55)
    const y = vy + (380 - vy) * t
    if (y > 190) s.push(line(0, y, 512, y, 1))
  }
  s.push(line(20, 185, 500, 185, 2))
  return { name: 'near-parallel lines converging', body: s.join('') }
}

function textSizes() {
  const s = [text(16, 46, 36, 'FIG. 7', 'start', 'bold')]
  const sizes = [8, 10, 12, 14, 18, 24]
  let y = 80
  for (const size of sizes) {
    const words = size < 18 ? 'The quick brown fox jumps over 0123456789' : 'Brown fox 0123456789'
    s.push(text(16, y, size, `${size} px: ${words}`))
    y += size * 1.6 + 6
  }
  s.push(text(16, y + 20, 28, 'Wg 102, 104a; §3.1'))
  s.push(rect(380.5, 8.5, 120, 50, 1), text(440, 40, 14, 'Sheet 2/5', 'middle'))
  return { name: 'text at 8-36 px', body: s.join('') }
}

function gearShaft() {
  const s = [
    polygon(gearPoints(150, 192, 100, 120, 24), 1.5),
    circle(150, 192, 40, 1.5),
    path('M 142 153 L 142 145 L 158 145 L 158 153', 1.5),
    circle(150, 192, 80, 0.75, DASH_DOT),
    line(20, 192, 290, 192, 0.75, DASH_DOT),
    line(150, 60, 150, 324, 0.75, DASH_DOT),
  ]
  // The shaft in side view with chamfers, a shoulder and a groove.
  const shaft = xy('310,160 314,156 400,156 400,140 460,140 464,144 464,240 460,244 400,244')
  shaft.push(...xy('400,228 314,228 310,224 310,160'))
  s.push(
    polyline(shaft, 2),
    line(314, 156, 314, 228, 1),
    line(460, 140, 460, 244, 1),
    rect(350, 156, 6, 72, 1),
    line(300, 192, 480, 192, 0.75, DASH_DOT),
  )
  return { name: 'gear, shaft, centre lines', body: s.join('') }
}

function schematic() {
  const s = []
  const resistor = (x, y) => {
    const p = [[x, y]]
    for (let k = 0; k < 6; k++) p.push([x + 5 + 10 * k, y + (k % 2 ? 7 : -7)])
    p.push([x + 60, y])
    return polyline(p, 1.5)
  }
  s.push(line(40, 80.5, 100, 80.5), resistor(100, 80.5), line(160, 80.5, 250, 80.5))
  s.push(text(130, 62, 12, 'R1', 'middle'))
  // Capacitor to ground.
  s.push(
    line(250.5, 80.5, 250.5, 150),
    line(232, 150.5, 269, 150.5, 2),
    line(232, 158.5, 269, 158.5, 2),
  )
  s.push(line(250.5, 159, 250.5, 200), line(236, 200.5, 265, 200.5), line(241, 206.5, 260, 206.5))
  s.push(line(246, 212.5, 255, 212.5), text(278, 160, 12, 'C1'))
  s.push(dot(250.5, 80.5, 3))
  // Inductor: four half loops.
  let d = 'M 250 80.5 L 300 80.5'
  for (let k = 0; k < 4; k++) d += ` A 8 8 0 0 1 ${316 + 16 * k} 80.5`
  s.push(path(d, 1.5), line(364, 80.5, 460, 80.5), text(332, 60, 12, 'L1', 'middle'))
  s.push(circle(40, 80.5, 4, 1.5), circle(460, 80.5, 4, 1.5))
  s.push(text(20, 110, 12, 'Vin'), text(448, 110, 12, 'Vout'))
  // An op-amp with feedback.
  s.push(polygon(xy('120,250 120,350 210,300'), 1.5))
  s.push(text(128, 280, 14, '−'), text(128, 330, 14, '+'))
  s.push(line(60, 275.5, 120, 275.5), line(60, 325.5, 120, 325.5), line(210, 300.5, 300, 300.5))
  s.push(polyline(xy('90.5,275.5 90.5,235.5 150,235.5')), resistor(150, 235.5))
  s.push(
    polyline(xy('210,235.5 260.5,235.5 260.5,300.5')),
    dot(260.5, 300.5, 3),
    dot(90.5, 275.5, 3),
  )
  s.push(text(180, 222, 12, 'R2', 'middle'), text(306, 305, 12, 'OUT'))
  return { name: 'circuit schematic', body: s.join('') }
}

function isometric() {
  // An isometric block with a through hole; hidden edges dashed.
  const c = Math.cos(Math.PI / 6)
  const iso = (x, y, z) => [256 + (x - y) * c, 230 + (x + y) * 0.5 - z]
  const A = 150
  const B = 100
  const H = 80
  const s = [
    polygon([iso(0, 0, H), iso(A, 0, H), iso(A, B, H), iso(0, B, H)], 2),
    polyline([iso(A, 0, H), iso(A, 0, 0), iso(A, B, 0), iso(0, B, 0), iso(0, B, H)], 2),
    line(...iso(A, B, H), ...iso(A, B, 0), 2),
  ]
  const hidden = ' stroke-dasharray="6 3"'
  s.push(polyline([iso(0, B, 0), iso(0, 0, 0), iso(A, 0, 0)], 1, hidden))
  s.push(line(...iso(0, 0, 0), ...iso(0, 0, H), 1, hidden))
  // The hole: an ellipse on the top face and its hidden bottom.
  const [hx, hy] = iso(A / 2, B / 2, H)
  s.push(
    `<ellipse cx="${n(hx)}" cy="${n(hy)}" rx="${n(30 * c * 1.15)}" ry="${n(17.3)}" stroke-width="1.5"/>`,
  )
  s.push(
    `<ellipse cx="${n(hx)}" cy="${n(hy + H)}" rx="${n(30 * c * 1.15)}" ry="${n(17.3)}" stroke-width="1"${hidden}/>`,
  )
  s.push(
    line(hx - 45, hy, hx + 45, hy, 0.75, DASH_DOT),
    line(hx, hy - 30, hx, hy + H + 30, 0.75, DASH_DOT),
  )
  s.push(text(40, 40, 18, 'FIG. 2'), text(420, 330, 16, '30'))
  s.push(path(`M 418 322 Q 380 300 ${n(iso(A, B / 2, H / 2)[0])} ${n(iso(A, B / 2, H / 2)[1])}`, 1))
  return { name: 'isometric block, hidden lines', body: s.join('') }
}

function plot() {
  const s = [line(60.5, 20, 60.5, 330.5, 1.5), line(60, 330.5, 490, 330.5, 1.5)]
  for (let k = 0; k <= 8; k++) {
    const x = 60.5 + 52 * k
    s.push(line(x, 330.5, x, 336, 1), text(x, 350, 10, String(k * 10), 'middle'))
    if (k) s.push(line(x, 20, x, 330, 0.75, ' stroke-dasharray="1 3"'))
  }
  for (let k = 0; k <= 6; k++) {
    const y = 330.5 - 50 * k
    s.push(line(55, y, 60.5, y, 1), text(50, y + 4, 10, (k * 0.2).toFixed(1), 'end'))
  }
  const sine = []
  const decay = []
  for (let x = 0; x <= 416; x += 2) {
    sine.push([60.5 + x, 180 - 120 * Math.sin(x / 30) * Math.exp(-x / 400)])
    decay.push([60.5 + x, 330 - 290 * Math.exp(-x / 90)])
  }
  s.push(polyline(sine, 1.5), polyline(decay, 1, ' stroke-dasharray="6 3"'))
  s.push(text(280, 374, 12, 'Time (ms)', 'middle'), text(300, 34, 12, 'FIG. 5'))
  return { name: 'plot, axes, ticks, labels', body: s.join('') }
}

function crossHatch() {
  const s = ['<defs>']
  const cells = [
    [20, 20, 3, 45],
    [140, 20, 4, 45],
    [260, 20, 5, -45],
    [380, 20, 6, 30],
  ]
  cells.forEach(([x, y], k) => {
    s.push(`<clipPath id="c${k}"><rect x="${x}" y="${y}" width="110" height="160"/></clipPath>`)
  })
  s.push('<clipPath id="ring"><circle cx="130" cy="290" r="80"/></clipPath>')
  s.push('<clipPath id="sq"><rect x="300" y="210" width="180" height="160"/></clipPath>', '</defs>')
  cells.forEach(([x, y, spacing, angle], k) => {
    s.push(`<g clip-path="url(#c${k})">${hatchLines(angle, spacing, 1)}</g>`)
    s.push(rect(x, y, 110, 160, 1.5))
  })
  s.push(`<g clip-path="url(#ring)">${hatchLines(45, 5, 1)}${hatchLines(-45, 5, 1)}</g>`)
  s.push(circle(130, 290, 80, 1.5))
  s.push(`<g clip-path="url(#sq)">${hatchLines(0, 4, 1, 0.5)}${hatchLines(90, 8, 1, 0.5)}</g>`)
  s.push(rect(300, 210, 180, 160, 1.5))
  return { name: 'hatching 3-6 px, cross-hatching', body: s.join('') }
}

const MAKERS = [
  flowchart,
  sectionPart,
  dashes,
  thinLines,
  circles,
  leaders,
  stipple,
  converging,
  textSizes,
  gearShaft,
  schematic,
  isometric,
  plot,
  crossHatch,
]

/** Wraps drawing elements into an SVG document of the target size: white page, black ink. */
export function drawingSvg(body, width = DRAWING_WIDTH, height = DRAWING_HEIGHT) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#fff"/>` +
    `<g fill="none" stroke="#000" font-family="${FONT}">${body}</g></svg>`
  )
}

/** Every made drawing as { name, svg, width, height }, at the target size. */
export function drawings() {
  return MAKERS.map((make) => {
    const { name, body } = make()
    return { name, svg: drawingSvg(body), width: DRAWING_WIDTH, height: DRAWING_HEIGHT }
  })
}
