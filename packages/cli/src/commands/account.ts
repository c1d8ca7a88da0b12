/**
 * The account commands: credits, keys create|list|revoke, login and logout. Each prints a short
 * human answer on stdout (or JSON with --json); secrets go to stdout only when asked for.
 */

import { createInterface } from 'node:readline'
import { FigureApi } from '@figure-api/sdk'
import { readConfig, removeConfig, writeConfig } from '../config'
import { type Context, client, printJson } from '../context'
import { describeError, failureError } from '../errors'
import { CliError, EXIT, type ExitCode, usage } from '../exit-codes'
import { credits, table } from '../table'

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>

/** Runs an API call, turning its failure into the CLI's message and exit code. */
async function call<T>(ctx: Context, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const failure = describeError(error, ctx.settings.baseUrl)
    if (failure.status === 404)
      throw failureError(
        { ...failure, exitCode: EXIT.SOME_FAILED },
        `${failure.message}: see figapi keys list`,
      )
    throw failureError(failure)
  }
}

/** `figapi credits`: the balance. */
export async function runCredits(ctx: Context, args: readonly string[]): Promise<ExitCode> {
  if (args.length) throw usage(`credits takes no arguments but received ${args.join(' ')}`)
  const api = client(ctx)
  const { balance } = await call(ctx, () => api.credits.get({ signal: ctx.signal }))
  if (ctx.json) printJson(ctx, { balance })
  else ctx.io.stdout.write(`${credits(balance)}\n`)
  return EXIT.OK
}

export const keysOptions = { name: { type: 'string', short: 'n' } } as const

const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : 'never')

/** `figapi keys create [--name n] | list | revoke <id>`. */
export async function runKeys(
  ctx: Context,
  values: Values,
  args: readonly string[],
): Promise<ExitCode> {
  const [action, ...rest] = args
  if (action === 'create') {
    if (rest.length) throw usage(`keys create takes --name, not ${rest.join(' ')}`)
    const api = client(ctx)
    const name = typeof values.name === 'string' ? values.name : undefined
    const created = await call(ctx, () =>
      api.keys.create(name ? { name } : {}, { signal: ctx.signal }),
    )
    if (ctx.json) printJson(ctx, created)
    else {
      ctx.io.stderr.write(
        `Created ${created.id} (${created.name}). The key is shown only now: store it.\n`,
      )
      ctx.io.stdout.write(`${created.key}\n`)
    }
    return EXIT.OK
  }
  if (action === 'list') {
    if (rest.length) throw usage(`keys list takes no arguments but received ${rest.join(' ')}`)
    const api = client(ctx)
    const { keys } = await call(ctx, () => api.keys.list({ signal: ctx.signal }))
    if (ctx.json) printJson(ctx, { keys })
    else
      ctx.io.stdout.write(
        `${table(
          ['id', 'name', 'key', 'created', 'last used'],
          keys.map((k) => [
            k.id,
            k.name,
            `${k.prefix}…${k.last4}`,
            day(k.createdAt),
            day(k.lastUsedAt),
          ]),
        )}\n`,
      )
    return EXIT.OK
  }
  if (action === 'revoke') {
    if (rest.length !== 1) throw usage('keys revoke takes one key id (see figapi keys list)')
    const api = client(ctx)
    const revoked = await call(ctx, () => api.keys.revoke(rest[0]!, { signal: ctx.signal }))
    if (ctx.json) printJson(ctx, revoked)
    else ctx.io.stdout.write(`Revoked ${revoked.id} at ${revoked.revokedAt}\n`)
    return EXIT.OK
  }
  throw usage(
    action === undefined
      ? 'keys needs an action: create, list or revoke <id>'
      : `Expected create, list or revoke after keys but received ${action}`,
  )
}

/** Reads a key typed at a terminal without echoing it, or the first line piped in. */
async function readKey(ctx: Context): Promise<string> {
  const { stdin, stderr } = ctx.io
  if (!stdin.isTTY) {
    let text = ''
    for await (const chunk of stdin) text += String(chunk)
    return text.split('\n')[0]!.trim()
  }
  stderr.write('API key: ')
  const rl = createInterface({ input: stdin, terminal: true })
  // Hide what is typed: readline echoes through _writeToOutput, which we silence.
  ;(rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {}
  const key = await new Promise<string>((resolve) => rl.once('line', resolve))
  rl.close()
  stderr.write('\n')
  return key.trim()
}

/**
 * `figapi login [--key k] [--base-url u]`: checks the key against GET /credits, then stores key
 * and base URL in the config file (mode 0600). Nothing is stored when the key is refused.
 */
export async function runLogin(
  ctx: Context,
  values: Values,
  args: readonly string[],
): Promise<ExitCode> {
  if (args.length) throw usage(`login takes --key and --base-url, not ${args.join(' ')}`)
  const key = typeof values.key === 'string' ? values.key : await readKey(ctx)
  if (!key) throw new CliError(EXIT.AUTH, 'No API key given: pass --key, or type or pipe it in')
  const { baseUrl, configPath } = ctx.settings
  const api = new FigureApi({ apiKey: key, baseUrl })
  const { balance } = await call(ctx, () => api.credits.get({ signal: ctx.signal }))
  const stored = await readConfig(configPath)
  await writeConfig(configPath, { ...stored, apiKey: key, baseUrl })
  if (ctx.json) printJson(ctx, { configPath, baseUrl, balance })
  else
    ctx.io.stdout.write(
      `Saved the key for ${baseUrl} to ${configPath} (balance ${credits(balance)})\n`,
    )
  return EXIT.OK
}

/** `figapi logout`: deletes the config file. */
export async function runLogout(ctx: Context, args: readonly string[]): Promise<ExitCode> {
  if (args.length) throw usage(`logout takes no arguments but received ${args.join(' ')}`)
  const removed = await removeConfig(ctx.settings.configPath)
  if (ctx.json) printJson(ctx, { removed, configPath: ctx.settings.configPath })
  else
    ctx.io.stdout.write(
      removed
        ? `Removed ${ctx.settings.configPath}\n`
        : `No config file at ${ctx.settings.configPath}\n`,
    )
  return EXIT.OK
}
