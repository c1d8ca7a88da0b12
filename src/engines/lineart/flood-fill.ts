/**
 * Span flood fill over a framed byte image, used by the lineart pixel stages to measure and
 * relabel connected regions without a per-pixel stack.
 */

/**
 * Relabels the region of value `from` that contains `seed` to value `to` (which must differ),
 * scanning whole horizontal spans: the stack holds one entry per span run, not per pixel.
 * Neighbours are 8-connected when `diagonal` is true, else 4-connected. The caller's buffer must
 * have a frame of some other value around the region (as {@link Mask} has), so no span reaches
 * past a row end.
 * @param stack scratch, grown as needed and returned for reuse
 * @returns the region's area in pixels and the (possibly grown) stack
 */
export function fillRegion(
  data: Uint8Array,
  stride: number,
  seed: number,
  from: number,
  to: number,
  diagonal: boolean,
  stack: Int32Array,
): { area: number; stack: Int32Array } {
  let top = 0
  let area = 0
  stack[top++] = seed
  const reach = diagonal ? 1 : 0
  while (top > 0) {
    const i = stack[--top]!
    if (data[i] !== from) continue
    let left = i
    while (data[left - 1] === from) left--
    let right = i
    while (data[right + 1] === from) right++
    data.fill(to, left, right + 1)
    area += right - left + 1
    for (const row of [-stride, stride]) {
      const start = left - reach + row
      const end = right + reach + row
      let inRun = false
      for (let j = start; j <= end; j++) {
        if (data[j] === from) {
          if (!inRun) {
            if (top + 1 >= stack.length) {
              const grown = new Int32Array(stack.length * 2)
              grown.set(stack)
              stack = grown
            }
            stack[top++] = j
            inRun = true
          }
        } else {
          inRun = false
        }
      }
    }
  }
  return { area, stack }
}
