/**
 * Cleaning stage of the figure lines engine, on both paths (… → drop fragments → trace): removes
 * the small pieces of ink that stand alone (specks, texture, JPEG noise), before they become
 * strokes.
 */

import type { Mask } from '../../lineart/mask'

/*
 * Stage: drop fragments.
 * Job: erase every 8-connected ink component whose bounding box is shorter than `minExtentPx`
 * on both sides and that has no other ink within `isolationPx` of its box (Infinity: no other
 * ink matters, every small piece goes).
 * Input → output: Mask → the same Mask, edited; counts of what is left.
 * Method: one pass of pixel-stack flood fills relabels each component while measuring its box
 * and area. "Other ink near it" is a summed-area table (Crow, "Summed-area tables for texture
 * mapping", SIGGRAPH 1984) of the ink before removal: the box grown by `isolationPx` holds more
 * ink than the component's own area exactly when some other component reaches into it. Dashes
 * of a hidden line, letters, and stipple dots have neighbours and stay on the line-art path; the
 * photo path drops every small piece, since its small pieces are texture.
 *
 * Memory: the table, 4 bytes per pixel (only when `isolationPx` is finite), and the stack.
 */

const INK = 1
const SEEN = 2

/** What is left after the stage. */
export interface FragmentStats {
  /** Components removed. */
  dropped: number
  /** Components kept. */
  components: number
  /** Ink pixels kept. */
  ink: number
}

/**
 * @param minExtentPx components with both box sides shorter than this are fragments, px
 * @param isolationPx a fragment goes only when no other ink lies within this distance of its
 *   box, px (Infinity: always)
 */
export function dropFragments(mask: Mask, minExtentPx: number, isolationPx: number): FragmentStats {
  const { data, stride, width, height } = mask
  const table = Number.isFinite(isolationPx) ? inkTable(mask) : null
  const reach = Math.ceil(isolationPx)
  let stack: Int32Array = new Int32Array(4096)
  const doomed: number[] = []
  let components = 0
  let ink = 0
  for (let i = stride; i < data.length - stride; i++) {
    if (data[i] !== INK) continue
    const region = measure(data, stride, i, stack)
    stack = region.stack
    const small = region.x1 - region.x0 + 1 < minExtentPx && region.y1 - region.y0 + 1 < minExtentPx
    let alone = small
    if (small && table) {
      const x0 = Math.max(0, region.x0 - reach)
      const y0 = Math.max(0, region.y0 - reach)
      const x1 = Math.min(width, region.x1 + reach + 1)
      const y1 = Math.min(height, region.y1 + reach + 1)
      const w = width + 1
      const around =
        table[y1 * w + x1]! - table[y0 * w + x1]! - table[y1 * w + x0]! + table[y0 * w + x0]!
      alone = around === region.area
    }
    if (alone) doomed.push(i)
    else {
      components++
      ink += region.area
    }
  }
  for (const seed of doomed) stack = relabel(data, stride, seed, SEEN, 0, stack)
  for (let i = 0; i < data.length; i++) if (data[i] === SEEN) data[i] = INK
  return { dropped: doomed.length, components, ink }
}

/** Summed-area table of the ink, (width + 1) × (height + 1), unframed coordinates. */
function inkTable(mask: Mask): Uint32Array {
  const { data, stride, width, height } = mask
  const w = width + 1
  const table = new Uint32Array(w * (height + 1))
  for (let y = 0; y < height; y++) {
    let row = 0
    const src = (y + 1) * stride + 1
    for (let x = 0; x < width; x++) {
      row += data[src + x]! === INK ? 1 : 0
      table[(y + 1) * w + x + 1] = table[y * w + x + 1]! + row
    }
  }
  return table
}

/** Relabels the INK component at `seed` to SEEN and measures its box (unframed) and area. */
function measure(
  data: Uint8Array,
  stride: number,
  seed: number,
  stack: Int32Array,
): { x0: number; y0: number; x1: number; y1: number; area: number; stack: Int32Array } {
  let x0 = Number.POSITIVE_INFINITY
  let y0 = Number.POSITIVE_INFINITY
  let x1 = -1
  let y1 = -1
  let area = 0
  let top = 0
  data[seed] = SEEN
  stack[top++] = seed
  while (top > 0) {
    const i = stack[--top]!
    const y = ((i / stride) | 0) - 1
    const x = (i % stride) - 1
    if (x < x0) x0 = x
    if (x > x1) x1 = x
    if (y < y0) y0 = y
    if (y > y1) y1 = y
    area++
    for (let dy = -stride; dy <= stride; dy += stride) {
      for (let dx = -1; dx <= 1; dx++) {
        const j = i + dy + dx
        if (data[j] !== INK) continue
        data[j] = SEEN
        if (top === stack.length) stack = grow(stack)
        stack[top++] = j
      }
    }
  }
  return { x0, y0, x1, y1, area, stack }
}

/** Relabels the 8-connected region of value `from` at `seed` to `to`. */
function relabel(
  data: Uint8Array,
  stride: number,
  seed: number,
  from: number,
  to: number,
  stack: Int32Array,
): Int32Array {
  let top = 0
  data[seed] = to
  stack[top++] = seed
  while (top > 0) {
    const i = stack[--top]!
    for (let dy = -stride; dy <= stride; dy += stride) {
      for (let dx = -1; dx <= 1; dx++) {
        const j = i + dy + dx
        if (data[j] !== from) continue
        data[j] = to
        if (top === stack.length) stack = grow(stack)
        stack[top++] = j
      }
    }
  }
  return stack
}

function grow(stack: Int32Array): Int32Array {
  const grown = new Int32Array(stack.length * 2)
  grown.set(stack)
  return grown
}
