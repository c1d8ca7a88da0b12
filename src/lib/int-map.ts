/**
 * A map from non-negative integers to non-negative integers in two typed arrays (open addressing, linear
 * probing): no per-entry objects, so tens of thousands of pixel keys cost no garbage collection.
 */

const EMPTY = -1

export class IntMap {
  #keys: Int32Array
  #values: Int32Array
  #mask: number
  #size = 0

  /** @param expected entries the map should hold without growing */
  constructor(expected = 16) {
    let capacity = 16
    while (capacity < expected * 2) capacity *= 2
    this.#keys = new Int32Array(capacity).fill(EMPTY)
    this.#values = new Int32Array(capacity)
    this.#mask = capacity - 1
  }

  get size(): number {
    return this.#size
  }

  /** @returns the value stored for `key`, or -1 when there is none */
  get(key: number): number {
    const keys = this.#keys
    for (let slot = hash(key) & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const k = keys[slot]!
      if (k === key) return this.#values[slot]!
      if (k === EMPTY) return -1
    }
  }

  /** Stores `value` (0 … 2^31 − 1; -1 is "absent") for `key` (0 … 2^31 − 1). */
  set(key: number, value: number): void {
    if ((this.#size + 1) * 2 > this.#keys.length) this.#grow()
    const keys = this.#keys
    for (let slot = hash(key) & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const k = keys[slot]!
      if (k === key || k === EMPTY) {
        if (k === EMPTY) this.#size++
        keys[slot] = key
        this.#values[slot] = value
        return
      }
    }
  }

  #grow(): void {
    const keys = this.#keys
    const values = this.#values
    this.#keys = new Int32Array(keys.length * 2).fill(EMPTY)
    this.#values = new Int32Array(keys.length * 2)
    this.#mask = keys.length * 2 - 1
    this.#size = 0
    for (let slot = 0; slot < keys.length; slot++) {
      if (keys[slot] !== EMPTY) this.set(keys[slot]!, values[slot]!)
    }
  }
}

/** Multiplicative (Fibonacci) hashing: neighbouring pixel indices land far apart. */
const hash = (key: number): number => Math.imul(key, 0x9e3779b1) >>> 7
