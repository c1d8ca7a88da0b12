// The browser tests' upload: a drawing they make themselves, encoded by the Node tests' PNG writer.
import { grayPng } from '../../node/support/tiny-images'

/**
 * A patent-style line drawing: two boxes joined by a line, black strokes on white, laid out for
 * 480 × 320 and scaled to `width` × `height`.
 */
export function lineDrawingPng(width = 480, height = 320): Buffer {
  const pixels = new Uint8Array(width * height).fill(255)
  const sx = width / 480
  const sy = height / 320
  const stroke = Math.max(1, Math.round(4 * Math.min(sx, sy)))
  const ink = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++) pixels.fill(0, y * width + x0, y * width + x1)
  }
  const box = (x: number, y: number, w: number, h: number) => {
    ink(x, y, x + w, y + stroke)
    ink(x, y + h - stroke, x + w, y + h)
    ink(x, y, x + stroke, y + h)
    ink(x + w - stroke, y, x + w, y + h)
  }
  const X = (v: number) => Math.round(v * sx)
  const Y = (v: number) => Math.round(v * sy)
  box(X(40), Y(80), X(140), Y(120))
  box(X(300), Y(80), X(140), Y(120))
  ink(X(180), Y(140) - (stroke >> 1), X(300), Y(140) - (stroke >> 1) + stroke)
  return grayPng(width, height, (x, y) => pixels[y * width + x]!)
}
