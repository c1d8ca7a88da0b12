/**
 * What every command receives: the streams, the environment, the resolved key and base URL, and
 * the client. Commands write results to stdout and everything else (progress, hints) to stderr.
 */

import { FigureApi } from '@figure-api/sdk'
import type { Settings } from './config'
import { CliError, EXIT, usage } from './exit-codes'
import type { ProgressStream } from './progress'

/** The process's streams and environment, passed in so that `run()` is callable from tests. */
export interface Io {
  stdout: { write(text: string): unknown }
  stderr: ProgressStream
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  env: NodeJS.ProcessEnv
  cwd: string
}

/** A command's context. */
export interface Context {
  io: Io
  /** --json: machine-readable results on stdout, no progress. */
  json: boolean
  settings: Settings
  /** Aborted on Ctrl-C: requests in flight are cancelled and no new input starts. */
  signal: AbortSignal
}

/**
 * The API client for this command.
 * @throws CliError (exit 3) when no key is configured, naming the three ways to set one
 */
export function client(ctx: Context): FigureApi {
  const { apiKey, baseUrl } = ctx.settings
  if (!apiKey)
    throw new CliError(
      EXIT.AUTH,
      'No API key: set FIGAPI_KEY, pass --key, or run figapi login (keys: figapi keys create, or the web console)',
    )
  return new FigureApi({ apiKey, baseUrl })
}

/** Prints a JSON value on stdout (--json). */
export function printJson(ctx: Context, value: unknown): void {
  ctx.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
}

/**
 * Parses an option that takes one of a few integers.
 * @throws CliError (usage) "Expected 300 or 600 for --dpi but received 72"
 */
export function intChoice<T extends number>(
  value: string | undefined,
  allowed: readonly T[],
  option: string,
  fallback: T,
): T {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!allowed.includes(n as T))
    throw usage(`Expected ${allowed.join(' or ')} for ${option} but received ${value}`)
  return n as T
}

/**
 * Parses an option that takes one of a few words (case-insensitive; aliases map to a word).
 * @throws CliError (usage) "Expected svg or dxf or pdf for --format but received png"
 */
export function wordChoice<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  option: string,
  fallback: T,
  aliases: Record<string, T> = {},
): T {
  if (value === undefined) return fallback
  const word = value.toLowerCase()
  const found = aliases[word] ?? allowed.find((a) => a === word)
  if (!found) throw usage(`Expected ${allowed.join(' or ')} for ${option} but received ${value}`)
  return found
}

/**
 * Parses a whole number within bounds.
 * @throws CliError (usage) "Expected a whole number from 1 to 16 for --concurrency but received 0"
 */
export function intRange(
  value: string | undefined,
  min: number,
  max: number,
  option: string,
  fallback: number,
): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < min || n > max)
    throw usage(`Expected a whole number from ${min} to ${max} for ${option} but received ${value}`)
  return n
}
