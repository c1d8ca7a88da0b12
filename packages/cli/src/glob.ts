/**
 * Globs for inputs (Node 20 has no fs.glob), matched by tinyglobby (picomatch's syntax: `*`, `?`,
 * `[abc]`, `[!abc]`, `{png,jpg}`, `**`). Patterns use `/`; hidden entries are skipped.
 */

import { readdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { glob } from 'tinyglobby'

/** True when `text` contains glob syntax rather than naming one path. */
export const hasMagic = (text: string): boolean => /[*?[{]/.test(text)

/** Splits a pattern into the folder to start from (no magic) and the rest to match below it. */
export function splitPattern(pattern: string): { base: string; rest: string } {
  const normalized = pattern.replace(/\\/g, '/')
  const segments = normalized.split('/')
  const firstMagic = segments.findIndex(hasMagic)
  if (firstMagic < 0) return { base: normalized, rest: '' }
  const baseSegments = segments.slice(0, firstMagic)
  const base =
    baseSegments.length === 0 ? '.' : baseSegments.join('/') || '/' /* pattern began with '/' */
  return { base, rest: segments.slice(firstMagic).join('/') }
}

/**
 * The files that match `pattern`, as `{ path, rel }` (rel is relative to the pattern's base
 * folder, `/`-separated), sorted so a batch always runs in the same order.
 * @param cwd folder that relative patterns start from
 */
export async function expandGlob(
  pattern: string,
  cwd: string,
): Promise<{ path: string; rel: string }[]> {
  const { base, rest } = splitPattern(pattern)
  const root = resolve(cwd, base)
  // Relative to the pattern's base, so outputs under --out-dir keep the folders below it.
  const rels = await glob(rest, {
    cwd: root,
    onlyFiles: true,
    dot: false,
    expandDirectories: false,
  })
  // `dot: false` still lets a class such as `[!a]*` match a leading dot: hidden entries go here.
  return rels
    .filter((rel) => !rel.split('/').some((segment) => segment.startsWith('.')))
    .map((rel) => ({ path: join(root, rel), rel }))
    .sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))
}

/**
 * Visits the files under `dir` down to `depth` levels (1 = only `dir` itself), skipping hidden
 * entries (names starting with `.`). A missing or unreadable folder yields nothing.
 */
export async function walk(
  dir: string,
  rel: string,
  depth: number,
  visit: (rel: string, path: string) => void,
): Promise<void> {
  if (depth < 1) return
  let entries: import('node:fs').Dirent[]
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch {
    return
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    const childRel = rel ? `${rel}/${entry.name}` : entry.name
    const childPath = join(dir, entry.name)
    if (entry.isDirectory()) await walk(childPath, childRel, depth - 1, visit)
    else if (entry.isFile()) visit(childRel, childPath)
  }
}
