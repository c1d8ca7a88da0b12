/**
 * The exit codes scripts can rely on; `figapi help` and the README print this same table.
 */

/** Process exit codes, one per kind of outcome. */
export const EXIT = {
  /** Everything asked for was done. */
  OK: 0,
  /** At least one input failed (bad image, refused by the API, processing error); others may be done. */
  SOME_FAILED: 1,
  /** The command line is wrong: unknown option, bad value, no inputs matched. Nothing was sent. */
  USAGE: 2,
  /** No API key, or the key was refused (401). */
  AUTH: 3,
  /** The balance is lower than the cost: found before the batch or answered 402 by the API. */
  CREDITS: 4,
  /** The service could not be reached, or stayed unavailable (429 or 5xx after retries). */
  UNAVAILABLE: 5,
} as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/** The table for `figapi help`, one line per code. */
export const EXIT_CODE_HELP = `Exit codes:
  0  all inputs done
  1  some inputs failed (the others are done; see the summary)
  2  usage error: unknown option, bad value, no inputs (nothing was sent)
  3  authentication: no API key, or the key was refused
  4  insufficient credits (checked before a batch, or answered 402)
  5  network error, or the service stayed unavailable (429/5xx after retries)`

/** What the API answered when it refused a request: its error code, HTTP status and request id. */
export interface ApiRefusal {
  code: string
  status: number
  requestId?: string
}

/**
 * An error that ends the command with a message and an exit code. Messages name the fix.
 * `refusal`, when the API refused the request, goes into the `--json` error beside the message.
 */
export class CliError extends Error {
  override readonly name = 'CliError'
  constructor(
    readonly exitCode: ExitCode,
    message: string,
    readonly refusal?: ApiRefusal,
  ) {
    super(message)
  }
}

/** A usage error (exit 2), e.g. `usage('Expected 300 or 600 for --dpi but received 72')`. */
export const usage = (message: string): CliError => new CliError(EXIT.USAGE, message)
