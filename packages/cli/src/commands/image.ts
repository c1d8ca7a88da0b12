/**
 * convert, vectorize and enhance: expand the inputs, check the balance against the batch's cost,
 * send each input (a file upload or an imageUrl) with --concurrency in flight, download each
 * result next to its input, then print the summary table (or the JSON).
 */

import type { ParseArgsConfig } from 'node:util'
import type { FigureApi, RequestOptions } from '@figure-api/sdk'
import { runBatch } from '../batch'
import { type Context, client, intChoice, intRange, printJson, wordChoice } from '../context'
import {
  type Cheaper,
  type CreditNeed,
  describeError,
  type Failure,
  failureError,
  insufficientMessage,
  STOPS_BATCH,
  worstExit,
} from '../errors'
import { CliError, EXIT, type ExitCode, usage } from '../exit-codes'
import { saveFile } from '../files'
import { expandInputs, type Input, outputPathFor } from '../inputs'
import { convertCost, enhanceCost, vectorizeCost } from '../pricing'
import { barProgress, lineProgress, type Progress, silentProgress } from '../progress'
import { credits as creditsText, table } from '../table'

type Options = NonNullable<ParseArgsConfig['options']>
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>

/** The image as the SDK takes it. */
type ImageSource = { file: string; filename: string } | { imageUrl: string }

/** The fields every image result has. */
interface ImageResult {
  url: string
  creditsConsumed: number
  replayed: boolean
}

/** What one command sends, costs and names, from its validated options. */
interface Plan {
  /** The API's fields for this command (format, dpi, ...). */
  fields: Record<string, string | number>
  /** Credits per input. */
  costEach: number
  /** A cheaper way to run it and its cost per input, when there is one. */
  cheaper?: Cheaper
  /** Output name suffix and extension: drawing.png -> drawing{suffix}.{extension}. */
  suffix: string
  extension: string
}

/** One of the three image commands. */
export interface ImageCommand {
  name: 'convert' | 'vectorize' | 'enhance'
  options: Options
  /** Validates the command's own options. @throws CliError (usage) */
  plan(values: Values): Plan
  call(
    api: FigureApi,
    input: ImageSource & Plan['fields'],
    options: RequestOptions,
  ): Promise<ImageResult>
}

/** Options the three commands share. */
export const BATCH_OPTIONS = {
  output: { type: 'string', short: 'o' },
  'out-dir': { type: 'string' },
  concurrency: { type: 'string' },
  recursive: { type: 'boolean', short: 'r' },
  'no-check': { type: 'boolean' },
} as const satisfies Options

const str = (v: Values[string]): string | undefined => (typeof v === 'string' ? v : undefined)

/** File extensions of -o that imply a --format, so `-o out.tif` alone asks for TIFF. */
const FORMAT_OF_EXTENSION: Record<string, string> = {
  png: 'png',
  tif: 'tiff',
  tiff: 'tiff',
  pdf: 'pdf',
  svg: 'svg',
  dxf: 'dxf',
}

const impliedFormat = (values: Values): string | undefined => {
  const output = str(values.output)
  const extension = output?.split('.').pop()?.toLowerCase()
  return str(values.format) ?? (extension ? FORMAT_OF_EXTENSION[extension] : undefined)
}

/** `--page` (a4 or letter): a PDF's filing sheet, refused with any other format. */
function pageField(values: Values, format: string): { page?: 'a4' | 'letter' } {
  const page = str(values.page)
  if (page === undefined) return {}
  if (format !== 'pdf') throw usage('--page applies to PDF only: add --format pdf')
  return { page: wordChoice(page, ['a4', 'letter'] as const, '--page', 'a4') }
}

export const convert: ImageCommand = {
  name: 'convert',
  options: {
    format: { type: 'string', short: 'f' },
    dpi: { type: 'string' },
    mode: { type: 'string' },
    page: { type: 'string' },
  },
  plan(values) {
    const implied = impliedFormat(values)
    const format = wordChoice(
      implied && ['png', 'tiff', 'pdf'].includes(implied) ? implied : str(values.format),
      ['png', 'tiff', 'pdf'] as const,
      '--format',
      'png',
      { tif: 'tiff' },
    )
    const dpi = intChoice(str(values.dpi), [300, 600] as const, '--dpi', 300)
    const mode = wordChoice(
      str(values.mode),
      ['auto', 'bilevel', 'gray'] as const,
      '--mode',
      'auto',
    )
    const fields: Plan['fields'] = { format, dpi, mode, ...pageField(values, format) }
    return {
      fields,
      costEach: convertCost(dpi),
      ...(dpi === 600 ? { cheaper: { advice: 'use --dpi 300', costEach: convertCost(300) } } : {}),
      suffix: `.${dpi}dpi`,
      extension: format === 'tiff' ? 'tif' : format,
    }
  },
  call: (api, input, options) => api.convert(input as Parameters<FigureApi['convert']>[0], options),
}

export const vectorize: ImageCommand = {
  name: 'vectorize',
  options: {
    format: { type: 'string', short: 'f' },
    engine: { type: 'string', short: 'e' },
    page: { type: 'string' },
  },
  plan(values) {
    const implied = impliedFormat(values)
    const format = wordChoice(
      implied && ['svg', 'dxf', 'pdf'].includes(implied) ? implied : str(values.format),
      ['svg', 'dxf', 'pdf'] as const,
      '--format',
      'svg',
    )
    const engine = wordChoice(
      str(values.engine),
      ['lineart', 'trace'] as const,
      '--engine',
      'lineart',
    )
    return {
      fields: { format, engine, ...pageField(values, format) },
      costEach: vectorizeCost(),
      suffix: `.${engine}`,
      extension: format,
    }
  },
  call: (api, input, options) =>
    api.vectorize(input as Parameters<FigureApi['vectorize']>[0], options),
}

export const enhance: ImageCommand = {
  name: 'enhance',
  options: {
    scale: { type: 'string', short: 's' },
    dpi: { type: 'string' },
    mode: { type: 'string' },
  },
  plan(values) {
    const scale = intChoice(str(values.scale), [2, 4] as const, '--scale', 2)
    const dpi = intChoice(str(values.dpi), [300, 600] as const, '--dpi', 300)
    const mode = wordChoice(
      str(values.mode),
      ['auto', 'bilevel', 'gray'] as const,
      '--mode',
      'auto',
    )
    return {
      fields: { scale, dpi, mode },
      costEach: enhanceCost(scale),
      ...(scale === 4 ? { cheaper: { advice: 'use --scale 2', costEach: enhanceCost(2) } } : {}),
      suffix: `.x${scale}`,
      extension: 'png',
    }
  },
  call: (api, input, options) => api.enhance(input as Parameters<FigureApi['enhance']>[0], options),
}

/** One row of the summary (and of the JSON `results`). */
interface Row {
  input: string
  status: 'ok' | 'failed' | 'skipped'
  output?: string
  creditsConsumed?: number
  data?: ImageResult
  error?: { code?: string; status?: number; message: string; requestId?: string }
  exitCode?: ExitCode
}

/**
 * Checks the balance against the cost of `need.count` requests before anything is charged.
 * @throws CliError (exit 4) "balance 3, this needs 4 credits: top up or use --dpi 300"; exit 3 or
 * 5 when the balance cannot be read
 */
export async function ensureCredits(ctx: Context, api: FigureApi, need: CreditNeed): Promise<void> {
  let balance: number
  try {
    balance = (await api.credits.get({ signal: ctx.signal })).balance
  } catch (error) {
    throw failureError(describeError(error, ctx.settings.baseUrl))
  }
  const needed = need.count * need.costEach
  if (balance < needed) throw new CliError(EXIT.CREDITS, insufficientMessage(balance, needed, need))
}

/** Chooses the progress display: none with --json, a bar on a terminal, lines otherwise. */
export function progressFor(ctx: Context, total: number): Progress {
  if (ctx.json) return silentProgress
  return ctx.io.stderr.isTTY ? barProgress(ctx.io.stderr, total) : lineProgress(ctx.io.stderr)
}

/**
 * Runs one image command over its inputs.
 * @returns the exit code: 0 all done, 1 some failed, 3/4/5 when the batch stopped on auth,
 * credits or the network
 */
export async function runImageCommand(
  ctx: Context,
  command: ImageCommand,
  values: Values,
  args: readonly string[],
): Promise<ExitCode> {
  const plan = command.plan(values)
  if (args.length === 0)
    throw usage(
      `${command.name} needs at least one input: a file, folder, glob or URL (see figapi help ${command.name})`,
    )
  const output = str(values.output)
  const outDir = str(values['out-dir'])
  if (output !== undefined && outDir !== undefined) throw usage('Use -o or --out-dir, not both')
  const concurrency = intRange(str(values.concurrency), 1, 16, '--concurrency', 2)
  const inputs = await expandInputs(args, { cwd: ctx.io.cwd, recursive: values.recursive === true })
  if (output !== undefined && inputs.length > 1)
    throw usage(
      `-o names one output file but there are ${inputs.length} inputs: use --out-dir instead`,
    )
  const naming = {
    suffix: plan.suffix,
    extension: plan.extension,
    cwd: ctx.io.cwd,
    ...(output === undefined ? {} : { output }),
    ...(outDir === undefined ? {} : { outDir }),
  }
  const outputs = inputs.map((input) => outputPathFor(input, naming))

  const api = client(ctx)
  const need: CreditNeed = {
    count: inputs.length,
    costEach: plan.costEach,
    ...(plan.cheaper ? { cheaper: plan.cheaper } : {}),
  }
  if (values['no-check'] !== true) await ensureCredits(ctx, api, need)

  const progress = progressFor(ctx, inputs.length)
  let stopped: Failure | undefined
  const results = await runBatch(
    inputs,
    concurrency,
    async (input, index): Promise<Row> => {
      const target = outputs[index]!
      progress.start(input.label)
      let result: ImageResult | undefined
      try {
        result = await command.call(
          api,
          { ...sourceOf(input), ...plan.fields },
          { signal: ctx.signal, onRetry: (info) => progress.retry(input.label, info) },
        )
        await saveFile(target, await api.download(result.url, { signal: ctx.signal }))
      } catch (error) {
        const failure = describeError(error, ctx.settings.baseUrl, need)
        // Charged but not saved (the download or the disk failed): say where the result still is.
        const message = result
          ? `${failure.message}; the result was made and charged, download it from ${result.url}`
          : failure.message
        if (STOPS_BATCH.has(failure.exitCode) && !stopped) stopped = { ...failure, message }
        progress.done({ label: input.label, ok: false, detail: message })
        return {
          input: input.label,
          status: 'failed',
          exitCode: failure.exitCode,
          ...(result ? { creditsConsumed: result.creditsConsumed, data: result } : {}),
          error: {
            message,
            ...(failure.code ? { code: failure.code } : {}),
            ...(failure.status ? { status: failure.status } : {}),
            ...(failure.requestId ? { requestId: failure.requestId } : {}),
          },
        }
      }
      progress.done({
        label: input.label,
        ok: true,
        detail: displayPath(ctx, target),
        credits: result.creditsConsumed,
        replayed: result.replayed,
      })
      return {
        input: input.label,
        status: 'ok',
        output: target,
        creditsConsumed: result.creditsConsumed,
        data: result,
      }
    },
    () => stopped !== undefined || ctx.signal.aborted,
  )
  progress.finish()

  const rows: Row[] = results.map((row, i) => row ?? { input: inputs[i]!.label, status: 'skipped' })
  const exitCode = worstExit(rows.flatMap((r) => (r.exitCode === undefined ? [] : [r.exitCode])))
  const spent = rows.reduce((sum, r) => sum + (r.creditsConsumed ?? 0), 0)
  const skipped = rows.filter((r) => r.status === 'skipped').length
  if (ctx.json) {
    printJson(ctx, {
      ok: exitCode === EXIT.OK,
      exitCode,
      creditsConsumed: spent,
      results: rows.map(({ exitCode: _, ...row }) => row),
    })
  } else {
    ctx.io.stdout.write(
      `${table(
        ['file', 'status', 'credits', 'output'],
        rows.map((r) => [
          r.input,
          r.status,
          r.creditsConsumed === undefined ? '-' : String(r.creditsConsumed),
          r.output ? displayPath(ctx, r.output) : (r.error?.message ?? ''),
        ]),
      )}\n`,
    )
    const done = rows.filter((r) => r.status === 'ok').length
    const failed = rows.filter((r) => r.status === 'failed').length
    ctx.io.stdout.write(
      `${done} done, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}; ${creditsText(spent)} used\n`,
    )
  }
  if (stopped)
    ctx.io.stderr.write(
      `figapi: ${stopped.message}${skipped ? ` (${skipped} inputs not started)` : ''}\n`,
    )
  return exitCode
}

const sourceOf = (input: Input): ImageSource =>
  input.kind === 'url'
    ? { imageUrl: input.url }
    : { file: input.path, filename: input.rel.split('/').pop() ?? input.rel }

/** A path as the user would type it: relative to the working folder when it is inside it. */
export function displayPath(ctx: Context, path: string): string {
  const prefix = ctx.io.cwd.endsWith('/') ? ctx.io.cwd : `${ctx.io.cwd}/`
  return path.startsWith(prefix) ? path.slice(prefix.length) : path
}
