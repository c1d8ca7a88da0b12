// Every writer's parts (what /vectorize stores, chunk by chunk) are the file `write` returns,
// byte for byte, and a large drawing stays in several chunks instead of one whole copy.
import { describe, expect, it } from 'vitest'
import type { VectorDrawing } from '../../src/engines/vector'
import { concatBytes } from '../../src/lib/bytes'
import { type VectorFormat, WRITERS } from '../../src/writers'
import { arc, BLACK, BLUE, cubic, HEIGHT, line, path, WIDTH } from './writers.case'

/** `n` small open paths of a line, an arc and a cubic each, and a filled square. */
function drawing(n: number, density?: VectorDrawing['density']): VectorDrawing {
  const paths = []
  for (let k = 0; k < n; k++) {
    const x = 5 + (k % 100)
    const y = 5 + ((k / 100) % 80)
    paths.push(
      path(x, y, [
        line(x + 3, y + 1),
        arc(x + 5, y + 4, 0.4),
        cubic(x + 6, y + 2, x + 7, y + 6, x + 9, y + 5),
      ]),
    )
  }
  return {
    width: WIDTH,
    height: HEIGHT,
    ...(density ? { density } : {}),
    layers: [
      {
        kind: 'fill',
        color: BLUE,
        paths: [path(20, 15, [line(70, 15), line(70, 65), line(20, 65)], true)],
      },
      { kind: 'stroke', color: BLACK, width: 2, paths },
    ],
  }
}

describe('vector writers in parts', () => {
  for (const format of Object.keys(WRITERS) as VectorFormat[]) {
    it(`give the same ${format} bytes in parts as whole, in several parts when large`, async () => {
      const writer = WRITERS[format]
      for (const d of [drawing(3), drawing(3, { x: 600, y: 200 }), drawing(20_000)]) {
        const parts = await writer.parts(d)
        expect(concatBytes(parts)).toEqual(await writer.write(d))
      }
      expect((await writer.parts(drawing(20_000))).length).toBeGreaterThan(1)
    })
  }
})
