// A stand-in for a fresh clone after `npm ci`, made in seconds: this checkout's files copied to a
// temp folder, and node_modules linked to this repository's (test/e2e/quick-start.test.ts).
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  statSync,
  symlinkSync,
} from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * Copies every file a clone would hold into `dest`: the files git tracks plus new ones it does not
 * ignore, as they are in the working tree (so a change is tested before it is committed), without
 * ignored ones (.dev.vars, .dev-account.json, node_modules, packs/).
 * @returns how many files were copied
 */
export function copyCheckout(root: string, dest: string): number {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  let copied = 0
  for (const path of new Set(listed.split('\0').filter(Boolean))) {
    const from = join(root, path)
    // Tracked but deleted in the working tree: a clone made after the commit will not have it.
    if (!existsSync(from) || !statSync(from).isFile()) continue
    mkdirSync(dirname(join(dest, path)), { recursive: true })
    copyFileSync(from, join(dest, path))
    copied++
  }
  return copied
}

/**
 * Gives the copy in `dest` the node_modules `npm ci` would make, by links into `root`'s: each
 * package links to `root`'s copy, while npm's own links (the workspace packages `figapi` →
 * ../packages/cli and `@figure-api/sdk` → ../../packages/sdk, and node_modules/.bin) are
 * recreated with the same relative targets, so they resolve inside `dest` and run its files.
 * Workspace packages' own node_modules (the SDK's TypeScript 5.9) link to `root`'s.
 */
export function linkNodeModules(root: string, dest: string): void {
  const mirror = (from: string, to: string, depth: number) => {
    mkdirSync(to, { recursive: true })
    for (const name of readdirSync(from)) {
      const source = join(from, name)
      const stat = lstatSync(source)
      if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), join(to, name))
      else if (depth === 0 && stat.isDirectory() && (name === '.bin' || name.startsWith('@')))
        mirror(source, join(to, name), 1)
      else symlinkSync(source, join(to, name))
    }
  }
  mirror(join(root, 'node_modules'), join(dest, 'node_modules'), 0)
  const packages = join(root, 'packages')
  for (const name of readdirSync(packages)) {
    const nested = join(packages, name, 'node_modules')
    if (existsSync(nested) && existsSync(join(dest, 'packages', name))) {
      symlinkSync(nested, join(dest, 'packages', name, 'node_modules'))
    }
  }
}
