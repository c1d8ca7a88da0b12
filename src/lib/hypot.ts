/**
 * √(x² + y²) for the hot loops of the tracers. `Math.hypot` is a builtin call that returns a
 * boxed double: on a 6 MP shaded sheet the lineart engine's calls alone allocated 24 MB of
 * garbage (Node 22 sampling profile). `Math.sqrt` compiles inline. The values differ from
 * `Math.hypot` by at most an ulp, and pixel coordinates are nowhere near overflow.
 */
export function hypot2(x: number, y: number): number {
  return Math.sqrt(x * x + y * y)
}
