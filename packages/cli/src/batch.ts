/**
 * Runs a batch with a fixed number of requests in flight. Items start in input order; once
 * `stop()` returns true no new item starts (those left are reported as skipped).
 */

/**
 * Processes `items` with at most `concurrency` workers at a time.
 * @param concurrency requests in flight, at least 1
 * @returns one entry per item, in input order; `undefined` for items never started
 */
export async function runBatch<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
  stop: () => boolean = () => false,
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array(items.length).fill(undefined)
  let next = 0
  const worker = async () => {
    while (next < items.length && !stop()) {
      const index = next++
      results[index] = await work(items[index]!, index)
    }
  }
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker),
  )
  return results
}
