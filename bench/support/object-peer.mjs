// The peer the figures bench draws object scenes with: hidden lines removed the way a renderer
// does it (three.js outline passes, Blender's line art before Freestyle's exact mode), by a
// per-pixel depth buffer instead of our exact occlusion on the surfaces. The same meshes
// (prepareScene: the drafter's own tessellation, feature edges and all), the same cameras
// (viewCamera); every triangle rasterized into a depth buffer at the size the view prints (1920
// px for one view, a third of it for a grid of seven), then
// every feature edge and every mesh silhouette edge (between a triangle facing the eye and one
// facing away) walked in one-pixel steps and kept where it is no deeper than the buffer. No
// numerals, no legends, no exploding (an exploded view is drawn assembled), the views in a
// grid; the lines go to the same renderer as ours. Not part of the Worker.

/** The sheet's drawing area, px on its long edge: each view's depth buffer has its printed size. */
const SHEET_PX = 1920
/** Depth slack, as a share of the scene's size (lines lie on the surfaces they bound). */
const DEPTH_SLACK = 0.004
/** Sheet units between views in the grid. */
const GAP = 0.08

/**
 * The scene `figure.scene` drawn as plain visible lines, every view in a grid, as a figure Scene
 * (strokes only) for the caller to fit and render.
 */
export function depthBufferScene(engine, figure) {
  const prepared = engine.prepareScene(figure.scene)
  const columns = Math.ceil(Math.sqrt(figure.scene.views.length))
  const drawn = figure.scene.views.map((view) =>
    drawView(engine, prepared, view.kind, SHEET_PX / columns),
  )
  const cell = Math.max(...drawn.map((d) => Math.max(d.width, d.height))) * (1 + GAP)
  const strokes = []
  for (const [k, view] of drawn.entries()) {
    const dx = (k % columns) * cell
    const dy = Math.floor(k / columns) * cell
    for (const line of view.lines) {
      strokes.push({
        start: { x: line[0].x + dx, y: line[0].y + dy },
        segments: line.slice(1).map((p) => ({ kind: 'line', to: { x: p.x + dx, y: p.y + dy } })),
        closed: false,
      })
    }
  }
  const rows = Math.ceil(drawn.length / columns)
  return {
    width: columns * cell,
    height: rows * cell,
    pen: 4,
    strokes,
    leads: [],
    arrowheads: [],
    texts: [],
  }
}

/** One view: the visible stretches of the feature and silhouette edges, in buffer pixels. */
function drawView(engine, prepared, kind, bufferPx) {
  const camera = engine.viewCamera(
    kind === 'exploded' ? 'perspective' : kind,
    prepared.min,
    prepared.max,
  )
  const { positions, triangles } = prepared
  const count = positions.length / 3
  // Every vertex projected: x right, y down, and its depth along the view.
  const sx = new Float64Array(count)
  const sy = new Float64Array(count)
  const sz = new Float64Array(count)
  const project = (x, y, z, out) => {
    const o = camera.perspective ? camera.eye : camera.target
    const dx = x - o[0]
    const dy = y - o[1]
    const dz = z - o[2]
    const r = dx * camera.right[0] + dy * camera.right[1] + dz * camera.right[2]
    const u = dx * camera.up[0] + dy * camera.up[1] + dz * camera.up[2]
    const d = dx * camera.forward[0] + dy * camera.forward[1] + dz * camera.forward[2]
    const k = camera.perspective ? camera.focal / d : 1
    out[0] = r * k
    out[1] = -u * k
    out[2] = d
  }
  const p = [0, 0, 0]
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (let i = 0; i < count; i++) {
    project(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2], p)
    sx[i] = p[0]
    sy[i] = p[1]
    sz[i] = p[2]
    minX = Math.min(minX, p[0])
    maxX = Math.max(maxX, p[0])
    minY = Math.min(minY, p[1])
    maxY = Math.max(maxY, p[1])
  }
  const scale = (bufferPx - 4) / Math.max(maxX - minX, maxY - minY, 1e-9)
  const W = Math.ceil((maxX - minX) * scale) + 4
  const H = Math.ceil((maxY - minY) * scale) + 4
  const toPx = (x) => (x - minX) * scale + 2
  const toPy = (y) => (y - minY) * scale + 2
  for (let i = 0; i < count; i++) {
    sx[i] = toPx(sx[i])
    sy[i] = toPy(sy[i])
  }
  const depth = new Float32Array(W * H).fill(Infinity)
  for (let t = 0; t < triangles.length; t += 3) {
    rasterize(depth, W, H, triangles[t], triangles[t + 1], triangles[t + 2], sx, sy, sz)
  }
  const slack = DEPTH_SLACK * prepared.size
  const lines = []
  const walk = (ax, ay, az, bx, by, bz) => {
    project(ax, ay, az, p)
    const x0 = toPx(p[0])
    const y0 = toPy(p[1])
    const d0 = p[2]
    project(bx, by, bz, p)
    const x1 = toPx(p[0])
    const y1 = toPy(p[1])
    const d1 = p[2]
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)))
    let run = null
    for (let s = 0; s <= steps; s++) {
      const f = s / steps
      const x = x0 + (x1 - x0) * f
      const y = y0 + (y1 - y0) * f
      const d = d0 + (d1 - d0) * f
      if (d <= farthestAround(depth, W, H, x, y) + slack) {
        if (!run) {
          run = [{ x, y }]
          lines.push(run)
        } else if (run.length === 1) run.push({ x, y })
        else run[1] = { x, y }
      } else run = null
    }
  }
  for (const part of prepared.parts) {
    for (const edge of part.edges) {
      const q = edge.points
      for (let i = 3; i < q.length; i += 3)
        walk(q[i - 3], q[i - 2], q[i - 1], q[i], q[i + 1], q[i + 2])
    }
  }
  // Mesh silhouettes: edges shared by a triangle facing the eye and one facing away.
  const facing = new Int8Array(triangles.length / 3)
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t]
    const b = triangles[t + 1]
    const c = triangles[t + 2]
    const area = (sx[b] - sx[a]) * (sy[c] - sy[a]) - (sx[c] - sx[a]) * (sy[b] - sy[a])
    facing[t / 3] = area > 0 ? 1 : -1
  }
  const firstFace = new Map()
  for (let t = 0; t < triangles.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = triangles[t + e]
      const b = triangles[t + ((e + 1) % 3)]
      const key = a < b ? a * count + b : b * count + a
      const other = firstFace.get(key)
      if (other === undefined) firstFace.set(key, t / 3)
      else if (facing[other] !== facing[t / 3]) {
        walk(
          positions[3 * a],
          positions[3 * a + 1],
          positions[3 * a + 2],
          positions[3 * b],
          positions[3 * b + 1],
          positions[3 * b + 2],
        )
      }
    }
  }
  return { lines: lines.filter((l) => l.length === 2), width: W, height: H }
}

/** The largest depth in the 3 × 3 pixels around (x, y): a line beside an edge is not hidden. */
function farthestAround(depth, W, H, x, y) {
  const cx = Math.round(x)
  const cy = Math.round(y)
  let far = -Infinity
  for (let j = cy - 1; j <= cy + 1; j++) {
    if (j < 0 || j >= H) continue
    for (let i = cx - 1; i <= cx + 1; i++) {
      if (i < 0 || i >= W) continue
      far = Math.max(far, depth[j * W + i])
    }
  }
  return far
}

/**
 * Writes the triangle's depths (nearest wins) into the buffer: row by row over the span the
 * triangle covers, depth from its plane in screen space.
 */
function rasterize(depth, W, H, a, b, c, sx, sy, sz) {
  const x0 = sx[a]
  const y0 = sy[a]
  const z0 = sz[a]
  const x1 = sx[b]
  const y1 = sy[b]
  const z1 = sz[b]
  const x2 = sx[c]
  const y2 = sy[c]
  const z2 = sz[c]
  const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
  if (Math.abs(area) < 1e-12) return
  const dx = ((z1 - z0) * (y2 - y0) - (z2 - z0) * (y1 - y0)) / area
  const dy = ((x1 - x0) * (z2 - z0) - (x2 - x0) * (z1 - z0)) / area
  const minY = Math.max(0, Math.ceil(Math.min(y0, y1, y2)))
  const maxY = Math.min(H - 1, Math.floor(Math.max(y0, y1, y2)))
  for (let y = minY; y <= maxY; y++) {
    let lo = Infinity
    let hi = -Infinity
    for (const [px, py, qx, qy] of [
      [x0, y0, x1, y1],
      [x1, y1, x2, y2],
      [x2, y2, x0, y0],
    ]) {
      if ((y < py && y < qy) || (y > py && y > qy)) continue
      if (py === qy) {
        lo = Math.min(lo, px, qx)
        hi = Math.max(hi, px, qx)
        continue
      }
      const x = px + ((y - py) * (qx - px)) / (qy - py)
      lo = Math.min(lo, x)
      hi = Math.max(hi, x)
    }
    const from = Math.max(0, Math.ceil(lo))
    const to = Math.min(W - 1, Math.floor(hi))
    let d = z0 + dx * (from - x0) + dy * (y - y0)
    for (let x = from, i = y * W + from; x <= to; x++, i++, d += dx) {
      if (d < depth[i]) depth[i] = d
    }
  }
}
