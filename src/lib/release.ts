/**
 * Gives a large buffer's memory back now instead of at the next garbage collection.
 *
 * V8 frees an ArrayBuffer's backing store only when a GC finds it unreachable, and it starts one
 * for external memory only after about 64 MB more of it than at the last: a dead 12 MB image
 * can stay resident for the rest of a request, on top of the next stage's working set. Detaching
 * the buffer (`transfer(0)`, ES2024) frees its store at once. Every view on it becomes empty, so
 * call this only on a buffer the caller owns and no one reads again.
 *
 * Runtimes without `ArrayBuffer.prototype.transfer` (Node 20) leave the buffer to the GC; wasm
 * memories, and any buffer that cannot be detached, are left alone too.
 */

type Transferable = ArrayBuffer & {
  transfer?: (length?: number) => ArrayBuffer
  detached?: boolean
}

/**
 * V8 keeps a typed array of up to 64 bytes inside the JS heap, with no buffer of its own until
 * someone asks for `.buffer` (which moves it out): such small views are left to the GC.
 */
const IN_HEAP_BYTES = 64

/** Frees the memory under `view` (all of its buffer). @returns whether it was freed now */
export function releaseBuffer(view: ArrayBufferView | ArrayBuffer | null | undefined): boolean {
  if (!view) return false
  if (!(view instanceof ArrayBuffer) && view.byteLength <= IN_HEAP_BYTES) return false
  const buffer = (view instanceof ArrayBuffer ? view : view.buffer) as Transferable
  if (!(buffer instanceof ArrayBuffer) || typeof buffer.transfer !== 'function') return false
  if (buffer.detached || buffer.byteLength === 0) return false
  try {
    buffer.transfer(0)
    return true
  } catch {
    // A wasm memory's buffer (or one a runtime pinned) cannot be detached: the GC frees it.
    return false
  }
}

/**
 * `array` copied into a new one of `length` elements (the same type), the old one freed at once:
 * a growing typed array leaves no dead copies behind for the GC.
 */
export function grownArray<T extends Float64Array | Float32Array | Int32Array | Uint8Array>(
  array: T,
  length: number,
): T {
  const next = new (array.constructor as new (n: number) => T)(length)
  next.set(array)
  releaseBuffer(array)
  return next
}
