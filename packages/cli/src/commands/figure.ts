/**
 * figapi figure: a patent figure from a prompt and/or reference image URLs, saved as figure.png
 * or figure.svg (numbered figure-2.svg, ... rather than overwriting an earlier one) or at -o.
 */

import { access } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { FigureResult } from '@figure-api/sdk'
import { type Context, client, printJson } from '../context'
import { type CreditNeed, describeError } from '../errors'
import { CliError, EXIT, type ExitCode, usage } from '../exit-codes'
import { saveFile } from '../files'
import { figureCost } from '../pricing'
import { credits, table } from '../table'
import { displayPath, ensureCredits } from './image'

export const figureOptions = {
  labeled: { type: 'boolean', short: 'l' },
  svg: { type: 'boolean' },
  ref: { type: 'string', multiple: true },
  output: { type: 'string', short: 'o' },
  'out-dir': { type: 'string' },
  'no-check': { type: 'boolean' },
} as const

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )

/** figure.svg, or figure-2.svg, figure-3.svg, ... : the first name not taken in `dir`. */
async function freeName(dir: string, extension: string): Promise<string> {
  for (let n = 1; ; n++) {
    const path = resolve(dir, `figure${n === 1 ? '' : `-${n}`}.${extension}`)
    if (!(await exists(path))) return path
  }
}

/** Reads the prompt from stdin (`figapi figure -`). */
async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Runs `figapi figure`.
 * @returns 0, or 1 when the API refused the prompt; 3/4/5 as for every command
 */
export async function runFigure(
  ctx: Context,
  values: Values,
  args: readonly string[],
): Promise<ExitCode> {
  const refs = ((values.ref as string[] | undefined) ?? []).map(String)
  let prompt = args.join(' ').trim()
  if (prompt === '-') prompt = (await readStdin(ctx.io.stdin)).trim()
  if (!prompt && refs.length === 0)
    throw usage('figure needs a prompt ("a system 100 comprising ...") or at least one --ref URL')
  if (refs.length > 4) throw usage(`Expected at most 4 --ref URLs but received ${refs.length}`)
  for (const ref of refs)
    if (!/^https?:\/\//i.test(ref))
      throw usage(`Expected an http(s) URL for --ref but received ${ref}`)
  const format = values.svg === true ? 'svg' : 'png'
  const output = typeof values.output === 'string' ? values.output : undefined
  const outDir = typeof values['out-dir'] === 'string' ? values['out-dir'] : undefined
  if (output !== undefined && outDir !== undefined) throw usage('Use -o or --out-dir, not both')

  const api = client(ctx)
  const need: CreditNeed = {
    count: 1,
    costEach: figureCost(format),
    ...(format === 'png' ? { cheaper: { advice: 'use --svg', costEach: figureCost('svg') } } : {}),
  }
  if (values['no-check'] !== true) await ensureCredits(ctx, api, need)
  let result: FigureResult
  try {
    result = await api.figures.create(
      {
        ...(prompt ? { prompt } : {}),
        ...(refs.length ? { referenceImageUrls: refs } : {}),
        output: format,
        labeled: values.labeled === true,
      },
      {
        signal: ctx.signal,
        onRetry: (info) =>
          ctx.json ||
          ctx.io.stderr.write(
            `retry   figure: ${info.reason}, in ${(info.delayMs / 1000).toFixed(1)} s\n`,
          ),
      },
    )
  } catch (error) {
    const failure = describeError(error, ctx.settings.baseUrl, need)
    throw new CliError(failure.exitCode, failure.message)
  }
  const target =
    output !== undefined
      ? resolve(ctx.io.cwd, output)
      : await freeName(resolve(ctx.io.cwd, outDir ?? '.'), format)
  try {
    await saveFile(target, result.svg ?? (await api.download(result.url, { signal: ctx.signal })))
  } catch (error) {
    const failure = describeError(error, ctx.settings.baseUrl)
    throw new CliError(
      failure.exitCode,
      `${failure.message}; the figure was made and charged, download it from ${result.url}`,
    )
  }
  if (ctx.json) {
    printJson(ctx, {
      ok: true,
      exitCode: EXIT.OK,
      output: target,
      creditsConsumed: result.creditsConsumed,
      data: result,
    })
    return EXIT.OK
  }
  for (const warning of result.warnings ?? []) ctx.io.stderr.write(`warning: ${warning}\n`)
  ctx.io.stdout.write(
    `${displayPath(ctx, target)}  (${result.method ?? 'figure'}, ${credits(result.creditsConsumed)})\n`,
  )
  if (result.references?.length)
    ctx.io.stdout.write(
      `${table(
        ['numeral', 'label'],
        result.references.map((r) => [String(r.numeral), r.label]),
      )}\n`,
    )
  return EXIT.OK
}
