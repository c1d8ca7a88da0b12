/**
 * A small glob matcher for inputs (Node 20 has no fs.glob): `*`, `?`, `[abc]`, `[!abc]`,
 * `{png,jpg}` and `**` (any number of folders). Patterns use `/`; hidden entries are skipped.
 */

import { readdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'

/** True when `text` contains glob syntax rather than naming one path. */
export const hasMagic = (text: string): boolean => /[*?[{]/.test(text)

const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')

/** One path segment (no `/`) as a regular expression source. */
function segmentSource(segment: string): string {
  let source = ''
  for (let i = 0; i < segment.length; i++) {
    const ch = segment[i]!
    if (ch === '*') source += '[^/]*'
    else if (ch === '?') source += '[^/]'
    else if (ch === '[') {
      const close = segment.indexOf(']', i + 2)
      if (close < 0) {
        source += '\\['
        continue
      }
      let body = segment.slice(i + 1, close)
      const negate = body.startsWith('!') || body.startsWith('^')
      if (negate) body = body.slice(1)
      source += `[${negate ? '^' : ''}${body.replace(/[\\\]]/g, '\\$&')}]`
      i = close
    } else if (ch === '{') {
      const close = segment.indexOf('}', i + 1)
      if (close < 0) {
        source += '\\{'
        continue
      }
      const options = segment.slice(i + 1, close).split(',')
      source += `(?:${options.map(segmentSource).join('|')})`
      i = close
    } else source += escapeRegExp(ch)
  }
  return source
}

/**
 * Compiles a glob (relative, `/`-separated) into a RegExp that matches whole relative paths.
 * @example globToRegExp('**\/*.png').test('a/b/c.png') // true
 */
export function globToRegExp(pattern: string): RegExp {
  const segments = pattern.split('/').filter((s) => s !== '')
  let source = ''
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1
    if (segment === '**') source += last ? '.*' : '(?:[^/]+/)*'
    else source += segmentSource(segment) + (last ? '' : '/')
  })
  return new RegExp(`^${source}$`)
}

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
  const matcher = globToRegExp(rest)
  const deep = rest.split('/').includes('**')
  const depth = deep ? Number.POSITIVE_INFINITY : rest.split('/').filter(Boolean).length
  const root = resolve(cwd, base)
  const found: { path: string; rel: string }[] = []
  await walk(root, '', depth, (rel, path) => {
    if (matcher.test(rel)) found.push({ path, rel })
  })
  return found.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))
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
