/** Plain-text tables for the summary and `keys list`: columns padded to their widest cell. */

/**
 * Renders rows under a header, two spaces between columns, no trailing spaces.
 * @example table(['file', 'status'], [['a.png', 'ok']])
 */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(header), ...rows.map(line)].join('\n')
}

/** "1 credit", "2 credits". */
export const credits = (n: number): string => `${n} credit${n === 1 ? '' : 's'}`
