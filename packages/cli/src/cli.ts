/**
 * The command line: finds the command, parses its options strictly (node:util parseArgs),
 * resolves the key and base URL, runs the command and returns its exit code.
 */

import { type ParseArgsConfig, parseArgs } from 'node:util'
import { keysOptions, runCredits, runKeys, runLogin, runLogout } from './commands/account'
import { figureOptions, runFigure } from './commands/figure'
import {
  BATCH_OPTIONS,
  convert,
  enhance,
  type ImageCommand,
  runImageCommand,
  vectorize,
} from './commands/image'
import { resolveSettings } from './config'
import type { Context, Io } from './context'
import { CliError, EXIT, type ExitCode, usage } from './exit-codes'
import { helpText } from './help'

type Options = NonNullable<ParseArgsConfig['options']>

/** The CLI's version, set by build.mjs from packages/cli/package.json. */
declare const __FIGAPI_VERSION__: string
export const VERSION = typeof __FIGAPI_VERSION__ === 'string' ? __FIGAPI_VERSION__ : '0.0.0-dev'

const GLOBAL_OPTIONS = {
  key: { type: 'string' },
  'base-url': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies Options

const IMAGE_COMMANDS: Record<string, ImageCommand> = { convert, vectorize, enhance }

/** Each command's own options (the global ones are added to all). */
const COMMAND_OPTIONS: Record<string, Options> = {
  convert: { ...convert.options, ...BATCH_OPTIONS },
  vectorize: { ...vectorize.options, ...BATCH_OPTIONS },
  enhance: { ...enhance.options, ...BATCH_OPTIONS },
  figure: figureOptions,
  credits: {},
  keys: keysOptions,
  login: {},
  logout: {},
  help: {},
}

const ALL_OPTIONS: Options = Object.assign({}, GLOBAL_OPTIONS, ...Object.values(COMMAND_OPTIONS))

/** The first positional argument, found with every option known so that option values are skipped. */
function findCommand(argv: readonly string[]): string | undefined {
  const { tokens } = parseArgs({
    args: [...argv],
    options: ALL_OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  })
  return tokens.find((t) => t.kind === 'positional')?.value
}

/** parseArgs's complaint in one short sentence ("Unknown option --bogus"). */
function parseProblem(error: Error): string {
  const option = /'(-[^' ]*)/.exec(error.message)?.[1]
  const code = (error as { code?: string }).code
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `Unknown option ${option}`
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option)
    return `Option ${option} ${/argument missing/.test(error.message) ? 'needs a value' : 'takes no value'}`
  return error.message.split('\n')[0]!.replace(/\.$/, '')
}

/**
 * Runs the CLI.
 * @param argv the arguments after `figapi`
 * @returns the exit code (exit-codes.ts)
 */
export async function run(argv: readonly string[], io: Io, signal: AbortSignal): Promise<ExitCode> {
  let json = argv.includes('--json')
  try {
    const command = findCommand(argv)
    if (command !== undefined && !(command in COMMAND_OPTIONS))
      throw usage(`Unknown command ${command}: see figapi help`)
    let parsed: ReturnType<typeof parseArgs>
    try {
      parsed = parseArgs({
        args: [...argv],
        options: { ...GLOBAL_OPTIONS, ...(command ? COMMAND_OPTIONS[command] : {}) },
        strict: true,
        allowPositionals: true,
      })
    } catch (error) {
      throw usage(`${parseProblem(error as Error)}: see figapi help${command ? ` ${command}` : ''}`)
    }
    const values = parsed.values as Record<
      string,
      string | boolean | (string | boolean)[] | undefined
    >
    json = values.json === true
    const args = parsed.positionals.slice(1)

    if (values.version) {
      io.stdout.write(`${VERSION}\n`)
      return EXIT.OK
    }
    if (command === undefined || command === 'help' || values.help) {
      const topic = command === 'help' ? args[0] : command
      const text = helpText(topic)
      if (text === undefined) throw usage(`No help for ${topic}: see figapi help`)
      ;(command === undefined && !values.help ? io.stderr : io.stdout).write(`${text}\n`)
      return command === undefined && !values.help ? EXIT.USAGE : EXIT.OK
    }

    const settings = await resolveSettings(
      {
        ...(typeof values.key === 'string' ? { key: values.key } : {}),
        ...(typeof values['base-url'] === 'string' ? { baseUrl: values['base-url'] } : {}),
      },
      io.env,
    )
    const ctx: Context = { io, json, settings, signal }
    const image = IMAGE_COMMANDS[command]
    if (image) return await runImageCommand(ctx, image, values, args)
    switch (command) {
      case 'figure':
        return await runFigure(ctx, values, args)
      case 'credits':
        return await runCredits(ctx, args)
      case 'keys':
        return await runKeys(ctx, values, args)
      case 'login':
        return await runLogin(ctx, values, args)
      case 'logout':
        return await runLogout(ctx, args)
    }
    throw usage(`Unknown command ${command}: see figapi help`)
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    io.stderr.write(`figapi: ${error.message}\n`)
    if (json)
      io.stdout.write(
        `${JSON.stringify({ ok: false, exitCode: error.exitCode, error: { ...error.refusal, message: error.message } }, null, 2)}\n`,
      )
    return error.exitCode
  }
}
