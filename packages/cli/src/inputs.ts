/**
 * Turns the command line's inputs (files, folders, globs, http(s) URLs) into the list a batch
 * processes, and names each input's output so that it never overwrites the input.
 */

import { stat } from 'node:fs/promises'
import { basename, extname, join, relative, resolve } from 'node:path'
import { usage } from './exit-codes'
import { expandGlob, hasMagic, walk } from './glob'

/** Image files a folder or glob contributes, by extension (the API sniffs the bytes anyway). */
const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.webp', '.tif', '.tiff'])

/**
 * Names figapi gives its outputs (drawing.600dpi.tif, sketch.lineart.dxf, scan.x4.png). Folders
 * and globs skip them, so running a command twice over a folder does not process its own results.
 */
const OUTPUT_NAME = /\.(?:300dpi|600dpi|lineart|trace|x2|x4)\.[a-z]+$/i

/** One thing to process: a local file or a URL the API fetches itself. */
export type Input =
  | {
      kind: 'file'
      /** Absolute path. */
      path: string
      /** Path relative to the folder or glob base it was found under (its basename when named). */
      rel: string
      /** What the summary shows: the path as typed, or under the folder typed. */
      label: string
    }
  | { kind: 'url'; url: string; rel: string; label: string }

/** Options for {@link expandInputs}. */
export interface ExpandOptions {
  /** Folder that relative inputs start from. */
  cwd: string
  /** Descend into sub-folders of a folder input (globs say so themselves with `**`). */
  recursive: boolean
}

const isUrl = (text: string): boolean => /^https?:\/\//i.test(text)

const isImageName = (name: string): boolean =>
  IMAGE_EXTENSIONS.has(extname(name).toLowerCase()) && !OUTPUT_NAME.test(name)

/** A file name for what a URL points at: its last path segment, or "image". */
function urlName(url: string): string {
  let name = ''
  try {
    const segment = new URL(url).pathname.split('/').filter(Boolean).pop() ?? ''
    name = decodeURIComponent(segment)
  } catch {
    name = ''
  }
  name = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '')
  return name || 'image'
}

/**
 * Expands the arguments in order, without duplicates. A file named directly is always taken; a
 * folder gives its image files (top level, or all levels with `recursive`); a glob gives the
 * image files it matches. Hidden files and figapi's own outputs are skipped in folders and globs.
 * @throws CliError (usage, exit 2) when an argument matches nothing
 */
export async function expandInputs(
  args: readonly string[],
  options: ExpandOptions,
): Promise<Input[]> {
  const inputs: Input[] = []
  const seen = new Set<string>()
  const add = (input: Input) => {
    const id = input.kind === 'file' ? input.path : input.url
    if (seen.has(id)) return
    seen.add(id)
    inputs.push(input)
  }
  for (const arg of args) {
    if (isUrl(arg)) {
      add({ kind: 'url', url: arg, rel: urlName(arg), label: arg })
      continue
    }
    const path = resolve(options.cwd, arg)
    const info = await stat(path).catch(() => null)
    if (info?.isFile()) {
      add({ kind: 'file', path, rel: basename(path), label: arg })
      continue
    }
    if (info?.isDirectory()) {
      const found: Input[] = []
      await walk(path, '', options.recursive ? Number.POSITIVE_INFINITY : 1, (rel, file) => {
        if (isImageName(basename(rel)))
          found.push({ kind: 'file', path: file, rel, label: join(arg, rel) })
      })
      if (found.length === 0)
        throw usage(
          `No PNG, JPEG, WebP or TIFF files in the folder ${arg}${options.recursive ? '' : ' (add --recursive to look in its sub-folders)'}`,
        )
      found.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0)).forEach(add)
      continue
    }
    if (hasMagic(arg)) {
      const matches = (await expandGlob(arg, options.cwd)).filter((m) =>
        isImageName(basename(m.rel)),
      )
      if (matches.length === 0) throw usage(`No image files match ${arg}`)
      for (const m of matches)
        add({ kind: 'file', path: m.path, rel: m.rel, label: relative(options.cwd, m.path) })
      continue
    }
    throw usage(`No such file or folder: ${arg}`)
  }
  return inputs
}

/** How an output is named and where it goes. */
export interface OutputNaming {
  /** Inserted before the extension, e.g. ".600dpi". */
  suffix: string
  /** Extension of the output, without the dot, e.g. "tif". */
  extension: string
  /** Put outputs here (keeping the input's path under its folder or glob base). */
  outDir?: string
  /** The exact output file (one input only). */
  output?: string
  /** Folder that relative paths start from (URL inputs land here without outDir). */
  cwd: string
}

/**
 * The output path of one input: `-o` when given; otherwise the input's name with the suffix and
 * the new extension (drawing.png -> drawing.600dpi.tif), next to the input or under outDir.
 * @throws CliError (usage) when `-o` names the input itself
 */
export function outputPathFor(input: Input, naming: OutputNaming): string {
  if (naming.output !== undefined) {
    const output = resolve(naming.cwd, naming.output)
    if (input.kind === 'file' && output === input.path)
      throw usage(`-o ${naming.output} would overwrite the input: choose another name`)
    return output
  }
  const rel = input.rel
  const stem = rel.slice(0, rel.length - extname(rel).length) || rel
  const name = `${stem}${naming.suffix}.${naming.extension}`
  if (naming.outDir !== undefined) return resolve(naming.cwd, naming.outDir, name)
  if (input.kind === 'url') return resolve(naming.cwd, name)
  return join(input.path.slice(0, input.path.length - rel.length), name)
}
