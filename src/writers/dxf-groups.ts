/**
 * DXF group output for the DXF writer (vectorize path, write step): code/value lines written
 * straight into bytes, and the handle counter.
 */

import { AsciiWriter } from './ascii-writer'

/** Group code lines ("  0\n", " 10\n", "370\n"), made once per code. */
const CODE_LINES: string[] = []

/** Group codes and values, written as DXF lines (code right-aligned in 3 columns). */
export class Groups {
  readonly out = new AsciiWriter()

  #code(code: number): void {
    let line = CODE_LINES[code]
    if (line === undefined) {
      line = `${String(code).padStart(3, ' ')}\n`
      CODE_LINES[code] = line
    }
    this.out.text(line)
  }

  /** A group with a text value, or a number written with up to 6 decimals. */
  add(code: number, value: string | number): void {
    this.#code(code)
    if (typeof value === 'string') this.out.text(value)
    else this.out.decimal(value, 6)
    this.out.byte(NEWLINE)
  }

  /** A group with a number rounded to `decimals` places. */
  real(code: number, value: number, decimals: number): void {
    this.#code(code)
    this.out.decimal(value, decimals)
    this.out.byte(NEWLINE)
  }

  section(name: string): void {
    this.add(0, 'SECTION')
    this.add(2, name)
  }

  end(marker: 'ENDSEC' | 'ENDTAB' | 'EOF'): void {
    this.add(0, marker)
  }

  /** A 2D or 3D point: groups code, code + 10 (and code + 20). */
  point(code: number, x: string | number, y: string | number, z?: string | number): void {
    this.add(code, x)
    this.add(code + 10, y)
    if (z !== undefined) this.add(code + 20, z)
  }
}

const NEWLINE = 10

/** Hands out handles (hex, from 1); `seed()` is the next free one, for $HANDSEED. */
export class Handles {
  #next = 1

  next(): string {
    return (this.#next++).toString(16).toUpperCase()
  }

  seed(): string {
    return this.#next.toString(16).toUpperCase()
  }
}
