/**
 * Growable typed arrays for the per-view lists whose length is known only at the end (splits,
 * pieces): doubling, so a view's lists cost a few bytes per entry instead of a boxed JS number.
 */

/** A growable Float64Array. */
export class F64List {
  data: Float64Array
  length = 0

  constructor(capacity = 64) {
    this.data = new Float64Array(Math.max(4, capacity))
  }

  push(x: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(2 * this.data.length)
      grown.set(this.data)
      this.data = grown
    }
    this.data[this.length++] = x
  }

  /** The entries (a view of the list's buffer, not a copy). */
  view(): Float64Array {
    return this.data.subarray(0, this.length)
  }
}

/** A growable Int32Array. */
export class I32List {
  data: Int32Array
  length = 0

  constructor(capacity = 64) {
    this.data = new Int32Array(Math.max(4, capacity))
  }

  push(x: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(2 * this.data.length)
      grown.set(this.data)
      this.data = grown
    }
    this.data[this.length++] = x
  }

  /** The entries (a view of the list's buffer, not a copy). */
  view(): Int32Array {
    return this.data.subarray(0, this.length)
  }
}
