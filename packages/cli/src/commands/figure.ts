/**
 * figapi figure: a patent figure from a prompt, a structure file (--from), reference image URLs,
 * or a prompt with either; saved as figure.png or figure.svg (numbered figure-2.svg, ... rather
 * than overwriting an earlier one) or at -o, one file per sheet when the figure continues over
 * several (figure-A.png, figure-B.png, ...); --structure saves the structure drawn.
 */

import { access, readFile } from 'node:fs/promises'
import { extname, resolve } from 'node:path'
import type { FigureInput, FigureResult, FigureStructure } from '@figure-api/sdk'
import { type Context, client, printJson } from '../context'
import { type CreditNeed, describeError, failureError } from '../errors'
import { EXIT, type ExitCode, usage } from '../exit-codes'
import { saveFile } from '../files'
import { figureCost } from '../pricing'
import { credits, table } from '../table'
import { displayPath, ensureCredits } from './image'

export const figureOptions = {
  labeled: { type: 'boolean', short: 'l' },
  svg: { type: 'boolean' },
  ref: { type: 'string', multiple: true },
  from: { type: 'string' },
  structure: { type: 'string' },
  output: { type: 'string', short: 'o' },
  'out-dir': { type: 'string' },
  'no-check': { type: 'boolean' },
} as const

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>

/** One sheet as returned, with its bytes' source. */
type Sheet = { url: string; label: string; svg?: string }

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )

/**
 * The files for `count` sheets from one path: the path itself for one sheet, else NAME-A.EXT,
 * NAME-B.EXT, ... after each sheet's legend (FIG. 5A -> A; FIG. 5A-2 -> A-2), or its place
 * (A, B, ...) when the legend has no letter.
 */
export function sheetPaths(path: string, labels: readonly string[]): string[] {
  if (labels.length <= 1) return [path]
  const extension = extname(path)
  const stem = path.slice(0, path.length - extension.length)
  const suffixes = labels.map((label, i) => {
    const tail = /^FIG\.\s*\d+(.*)$/i.exec(label.trim())?.[1] ?? ''
    const suffix = tail.replace(/^-/, '').replace(/[^A-Za-z0-9-]/g, '')
    return suffix || letterAt(i)
  })
  const unique = new Set(suffixes).size === suffixes.length
  return labels.map((_, i) => `${stem}-${unique ? suffixes[i] : letterAt(i)}${extension}`)
}

/** A, B, ..., Z, AA, AB, ... */
function letterAt(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26))
  return index < 26 ? letter : `${letterAt(Math.floor(index / 26) - 1)}${letter}`
}

/**
 * figure.svg, or figure-2.svg, figure-3.svg, ...: the first name not taken in `dir`, for one
 * sheet or, for several, with none of its sheet files (figure-A.svg, ...) taken either.
 */
async function freeName(dir: string, extension: string, labels: readonly string[]) {
  for (let n = 1; ; n++) {
    const path = resolve(dir, `figure${n === 1 ? '' : `-${n}`}.${extension}`)
    const taken = await Promise.all([path, ...sheetPaths(path, labels)].map(exists))
    if (!taken.includes(true)) return path
  }
}

/** Reads the prompt from stdin (`figapi figure -`). */
async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Reads the structure for --from: the structure itself (as --structure writes it), or a JSON
 * object holding it as `figure` (a request body) or `data.figure` (an API answer, a --json run).
 * Its contents are checked by the API, which names the element at fault.
 * @throws CliError (usage) when the file cannot be read, is not JSON or holds no structure
 */
export async function readStructure(cwd: string, file: string): Promise<FigureStructure> {
  let text: string
  try {
    text = await readFile(resolve(cwd, file), 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw usage(
      `Could not read --from ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message}`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw usage(`--from ${file} is not valid JSON: ${jsonProblem(text, error as Error)}`)
  }
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
  const candidates = isObject(json)
    ? [json, json.figure, isObject(json.data) ? json.data.figure : undefined]
    : []
  const found = candidates.find((c) => isObject(c) && Array.isArray(c.elements))
  if (!found)
    throw usage(
      `Expected a figure structure in --from ${file} (an object with kind, elements and connections, as --structure writes it) but received ${Array.isArray(json) ? 'a list' : isObject(json) ? 'an object without elements' : typeof json}`,
    )
  return found as unknown as FigureStructure
}

/** JSON.parse's complaint with the line and column of its position (Node 20 gives only the offset). */
function jsonProblem(text: string, error: Error): string {
  const message = error.message.replace(/\.$/, '')
  const at = /at position (\d+)/.exec(message)
  if (!at || /line \d+/.test(message)) return message
  const before = text.slice(0, Number(at[1]))
  const line = before.split('\n').length
  const column = before.length - before.lastIndexOf('\n')
  return `${message} (line ${line}, column ${column})`
}

/**
 * Runs `figapi figure`.
 * @returns 0, or 1 when the API refused the prompt or the structure; 2 for a bad --from file;
 * 3/4/5 as for every command
 */
export async function runFigure(
  ctx: Context,
  values: Values,
  args: readonly string[],
): Promise<ExitCode> {
  const refs = ((values.ref as string[] | undefined) ?? []).map(String)
  let prompt = args.join(' ').trim()
  if (prompt === '-') prompt = (await readStdin(ctx.io.stdin)).trim()
  const from = typeof values.from === 'string' ? values.from : undefined
  if (!prompt && refs.length === 0 && from === undefined)
    throw usage(
      'figure needs a prompt ("a system 100 comprising ..."), a structure (--from figure.json) or at least one --ref image',
    )
  if (refs.length > 4) throw usage(`Expected at most 4 --ref images but received ${refs.length}`)
  // A --ref is a public URL the API fetches, or a file here that is uploaded; one kind per call.
  const urls = refs.filter((ref) => /^https?:\/\//i.test(ref))
  const files = refs
    .filter((ref) => !/^https?:\/\//i.test(ref))
    .map((ref) => resolve(ctx.io.cwd, ref))
  if (urls.length > 0 && files.length > 0)
    throw usage('Give --ref as URLs or as files, not both in one figure')
  if (files.length > 0 && from !== undefined)
    throw usage('--from cannot be combined with --ref files: send the structure alone, or URLs')
  for (const file of files)
    await access(file).catch(() => {
      throw usage(`Expected a readable image file or an http(s) URL for --ref but received ${file}`)
    })
  const format = values.svg === true ? 'svg' : 'png'
  const output = typeof values.output === 'string' ? values.output : undefined
  const outDir = typeof values['out-dir'] === 'string' ? values['out-dir'] : undefined
  if (output !== undefined && outDir !== undefined) throw usage('Use -o or --out-dir, not both')
  const structurePath =
    typeof values.structure === 'string' ? resolve(ctx.io.cwd, values.structure) : undefined
  const figure = from === undefined ? undefined : await readStructure(ctx.io.cwd, from)

  const api = client(ctx)
  const need: CreditNeed = {
    count: 1,
    costEach: figureCost(format),
    ...(format === 'png' ? { cheaper: { advice: 'use --svg', costEach: figureCost('svg') } } : {}),
  }
  if (values['no-check'] !== true) await ensureCredits(ctx, api, need)
  const input: FigureInput =
    files.length > 0
      ? {
          ...(prompt ? { prompt } : {}),
          referenceImages: files,
          output: format,
          labeled: values.labeled === true,
        }
      : {
          ...(prompt ? { prompt } : {}),
          ...(figure ? { figure } : {}),
          ...(urls.length ? { referenceImageUrls: urls } : {}),
          output: format,
          labeled: values.labeled === true,
        }
  let result: FigureResult
  try {
    result = await api.figures.create(input, {
      signal: ctx.signal,
      onRetry: (info) =>
        ctx.json ||
        ctx.io.stderr.write(
          `retry   figure: ${info.reason}, in ${(info.delayMs / 1000).toFixed(1)} s\n`,
        ),
    })
  } catch (error) {
    throw failureError(describeError(error, ctx.settings.baseUrl, need))
  }

  const sheets: Sheet[] = result.sheets?.length
    ? result.sheets
    : [{ url: result.url, label: '', ...(result.svg === undefined ? {} : { svg: result.svg }) }]
  const labels = sheets.map((s) => s.label)
  const target =
    output !== undefined
      ? resolve(ctx.io.cwd, output)
      : await freeName(resolve(ctx.io.cwd, outDir ?? '.'), format, labels)
  const paths = sheetPaths(target, labels)
  try {
    for (const [i, sheet] of sheets.entries()) {
      const bytes = sheet.svg ?? (await api.download(sheet.url, { signal: ctx.signal }))
      await saveFile(paths[i]!, bytes)
    }
    if (structurePath !== undefined && result.figure)
      await saveFile(structurePath, `${JSON.stringify(result.figure, null, 2)}\n`)
  } catch (error) {
    const failure = describeError(error, ctx.settings.baseUrl)
    throw failureError(
      failure,
      `${failure.message}; the figure was made and charged, download it from ${sheets.map((s) => s.url).join(' ')}`,
    )
  }
  const structureSaved = structurePath !== undefined && result.figure !== undefined
  if (structurePath !== undefined && !structureSaved)
    ctx.io.stderr.write(
      `note: ${displayPath(ctx, structurePath)} not written: a ${result.method} figure has no structure (drafted block diagrams and flowcharts have one)\n`,
    )
  if (ctx.json) {
    printJson(ctx, {
      ok: true,
      exitCode: EXIT.OK,
      output: paths[0],
      sheets: sheets.map((s, i) => ({ label: s.label, output: paths[i] })),
      ...(structureSaved ? { structure: structurePath } : {}),
      creditsConsumed: result.creditsConsumed,
      data: result,
    })
    return EXIT.OK
  }
  for (const warning of result.warnings ?? []) ctx.io.stderr.write(`warning: ${warning}\n`)
  // A replay is the stored answer of this call's own earlier attempt (charged once, then).
  const made = `(${result.method ?? 'figure'}, ${credits(result.creditsConsumed)}${result.replayed ? ', replayed' : ''})`
  if (sheets.length === 1) ctx.io.stdout.write(`${displayPath(ctx, paths[0]!)}  ${made}\n`)
  else
    ctx.io.stdout.write(
      `${sheets.length} sheets  ${made}\n${table(
        ['sheet', 'file'],
        sheets.map((s, i) => [s.label, displayPath(ctx, paths[i]!)]),
      )}\n`,
    )
  if (structureSaved)
    ctx.io.stdout.write(
      `${displayPath(ctx, structurePath)}  (the structure drawn: edit it, then figapi figure --from ${displayPath(ctx, structurePath)})\n`,
    )
  if (result.references?.length)
    ctx.io.stdout.write(
      `${table(
        ['numeral', 'label'],
        result.references.map((r) => [r.numeral, r.label]),
      )}\n`,
    )
  return EXIT.OK
}
