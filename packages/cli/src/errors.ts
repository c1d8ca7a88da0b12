/**
 * Turns what the API or the network answered into a message that names the fix and an exit code
 * (exit-codes.ts). The API's own message is kept; the CLI adds which option or command helps.
 */

import { FigureApiConnectionError, FigureApiError } from '@figure-api/sdk'
import { CliError, EXIT, type ExitCode } from './exit-codes'

/** A failure as the CLI reports it: a sentence, an exit code, and the API's code and status when there was an answer. */
export interface Failure {
  exitCode: ExitCode
  message: string
  code?: string
  status?: number
  requestId?: string
}

/** A cheaper way to run the same command, e.g. `{ advice: 'use --dpi 300', costEach: 1 }`. */
export interface Cheaper {
  advice: string
  /** Credits per input with that change. */
  costEach: number
}

/** What a short balance is measured against, so the message can suggest what fits. */
export interface CreditNeed {
  /** Inputs in the batch (1 for a single request). */
  count: number
  /** Credits per input as asked. */
  costEach: number
  cheaper?: Cheaper
}

/** API field names (as the API's 400 messages name them) → the option that sets them. */
const FIELD_OPTIONS: Record<string, string> = {
  dpi: '--dpi',
  format: '--format',
  engine: '--engine',
  scale: '--scale',
  prompt: 'the prompt argument',
  figure: 'the --from file',
  output: '--svg',
  labeled: '--labeled',
  referenceImageUrls: '--ref',
  imageUrl: 'the input URL',
  file: 'the input file',
  name: '--name',
}

/**
 * The sentence for a short balance: "balance 3, this needs 4 credits: top up or use --dpi 300".
 * The cheaper option is suggested when it fits the balance; otherwise, in a batch, how many
 * inputs fit.
 */
export function insufficientMessage(
  balance: number | null,
  needed: number | null,
  need?: CreditNeed,
): string {
  const fixes = ['top up']
  if (need?.cheaper && (balance === null || need.cheaper.costEach * need.count <= balance))
    fixes.push(need.cheaper.advice)
  else if (need && balance !== null && need.count > 1 && balance >= need.costEach)
    fixes.push(`process at most ${Math.floor(balance / need.costEach)} inputs`)
  if (balance === null || needed === null)
    return `Not enough credits for this request: ${fixes.join(' or ')}`
  return `balance ${balance}, this needs ${needed} credits: ${fixes.join(' or ')}`
}

/** The option a 400 message is about, from the field it names ("... for dpi but received 72"). */
function optionHint(message: string): string {
  for (const [field, option] of Object.entries(FIELD_OPTIONS)) {
    if (new RegExp(`\\b(?:for|field|fields)\\s+${field}\\b|^${field}\\b`).test(message))
      return ` (check ${option})`
  }
  return ''
}

/**
 * Describes any error thrown while calling the API.
 * @param baseUrl shown when the service cannot be reached
 * @param need what one request costs and its cheaper form, for the 402 message
 */
export function describeError(error: unknown, baseUrl: string, need?: CreditNeed): Failure {
  if (error instanceof CliError)
    return { ...error.refusal, exitCode: error.exitCode, message: error.message }
  if (error instanceof FigureApiError) {
    const base = {
      code: error.code,
      status: error.status,
      ...(error.requestId ? { requestId: error.requestId } : {}),
    }
    if (error.status === 401)
      return {
        ...base,
        exitCode: EXIT.AUTH,
        message: `The API key was refused (${error.code}): set FIGAPI_KEY or run figapi login`,
      }
    if (error.status === 402) {
      const match = /needs (\d+) credits; the balance is (\d+)/.exec(error.message)
      return {
        ...base,
        exitCode: EXIT.CREDITS,
        message: insufficientMessage(
          match ? Number(match[2]) : null,
          match ? Number(match[1]) : null,
          need && { ...need, count: 1 },
        ),
      }
    }
    if (
      error.status === 429 ||
      error.status === 502 ||
      error.status === 503 ||
      error.status === 504
    )
      return {
        ...base,
        exitCode: EXIT.UNAVAILABLE,
        message: `The service is busy or unavailable (${error.status} ${error.code}) after retries: try again later or lower --concurrency`,
      }
    if (error.status === 422)
      return {
        ...base,
        exitCode: EXIT.SOME_FAILED,
        message: `${error.message}: the URL must be a public http(s) image (or download it and pass the file)`,
      }
    if (error.code === 'PROMPT_NOT_UNDERSTOOD')
      return {
        ...base,
        exitCode: EXIT.SOME_FAILED,
        message: `${error.message} (rewrite the prompt, or send the structure itself with --from FILE)`,
      }
    if (error.status === 400)
      return {
        ...base,
        exitCode: EXIT.SOME_FAILED,
        message: `${error.message}${optionHint(error.message)}`,
      }
    return {
      ...base,
      exitCode: EXIT.SOME_FAILED,
      message: `${error.message} (${error.status} ${error.code})`,
    }
  }
  if (error instanceof FigureApiConnectionError)
    return {
      exitCode: EXIT.UNAVAILABLE,
      message: `Could not reach ${baseUrl} (${error.message}): check --base-url or FIGAPI_BASE_URL, or start the service (npm run dev)`,
    }
  if (error instanceof Error && error.name === 'AbortError')
    return { exitCode: EXIT.SOME_FAILED, message: 'Interrupted' }
  return {
    exitCode: EXIT.SOME_FAILED,
    message: error instanceof Error ? error.message : String(error),
  }
}

/**
 * The error that ends a single-request command with `failure` (its message, or `message`), the
 * API's code, status and request id kept for `--json`.
 */
export function failureError(failure: Failure, message = failure.message): CliError {
  const { code, status, requestId } = failure
  return new CliError(
    failure.exitCode,
    message,
    code !== undefined && status !== undefined
      ? { code, status, ...(requestId ? { requestId } : {}) }
      : undefined,
  )
}

/** Exit codes that stop a batch: the remaining inputs would fail the same way. */
export const STOPS_BATCH: ReadonlySet<ExitCode> = new Set([
  EXIT.AUTH,
  EXIT.CREDITS,
  EXIT.UNAVAILABLE,
])

/** The exit code for several outcomes: the most pressing one wins (auth, credits, network, failed). */
export function worstExit(codes: Iterable<ExitCode>): ExitCode {
  const order: ExitCode[] = [
    EXIT.AUTH,
    EXIT.CREDITS,
    EXIT.UNAVAILABLE,
    EXIT.SOME_FAILED,
    EXIT.USAGE,
  ]
  const all = new Set(codes)
  return order.find((c) => all.has(c)) ?? EXIT.OK
}
