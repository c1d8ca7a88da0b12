import { describe, expect, it } from 'vitest'
import { releaseBuffer } from '../../src/lib/release'

describe('releaseBuffer', () => {
  it('frees an owned buffer at once: it and every view on it are empty afterwards', () => {
    const image = new Uint8Array(1 << 20).fill(7)
    const view = image.subarray(100, 200)
    expect(releaseBuffer(image)).toBe(true)
    expect(image.buffer.byteLength).toBe(0)
    expect(image.length).toBe(0)
    expect(view.length).toBe(0)
    // A second release, or one of a view on the same (detached) buffer, is a no-op.
    expect(releaseBuffer(image)).toBe(false)
    expect(releaseBuffer(view)).toBe(false)
  })

  it('takes an ArrayBuffer as well as a view', () => {
    const buffer = new ArrayBuffer(4096)
    expect(releaseBuffer(buffer)).toBe(true)
    expect(buffer.byteLength).toBe(0)
  })

  it('leaves small typed arrays (kept inside the JS heap) and nothing at all alone', () => {
    const small = new Float32Array(16)
    small[3] = 1.5
    expect(releaseBuffer(small)).toBe(false)
    expect(small[3]).toBe(1.5)
    expect(releaseBuffer(null)).toBe(false)
    expect(releaseBuffer(undefined)).toBe(false)
  })

  it('never detaches a wasm memory, which the GC alone may free', () => {
    const memory = new WebAssembly.Memory({ initial: 2 })
    const view = new Uint8Array(memory.buffer)
    view[10] = 3
    expect(releaseBuffer(view)).toBe(false)
    expect(memory.buffer.byteLength).toBe(2 * 65536)
    expect(new Uint8Array(memory.buffer)[10]).toBe(3)
  })
})
