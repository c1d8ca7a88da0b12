// Plain-text tables for the benchmarks' reports (console.table quotes strings and numbers the rows).

/** Prints rows of equal keys as an aligned text table. */
export function printTable(rows) {
  const keys = Object.keys(rows[0])
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)))
  const line = (cells) => cells.map((c, i) => String(c).padEnd(width[i])).join(' | ')
  console.log(line(keys))
  console.log(width.map((w) => '-'.repeat(w)).join('-|-'))
  for (const row of rows) console.log(line(keys.map((k) => row[k])))
}
