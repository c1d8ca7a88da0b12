/**
 * The CLI tests' service: `wrangler dev` on a free port with fresh local state under
 * bench/out/<name> (migrations applied, the bench secrets, the operator API on), after
 * bench/support/wrangler-dev.mjs, plus accounts made through the operator API.
 */

import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

export const ROOT = new URL('../../..', import.meta.url).pathname
// Run by this Node (22, from the pinned `node` package): wrangler refuses the machine's Node 20.
const WRANGLER = [process.execPath, join(ROOT, 'node_modules/wrangler/bin/wrangler.js')] as const

/** Secrets for local test runs only (the same as bench/support/wrangler-dev.mjs). */
const SECRETS = {
  ADMIN_TOKEN: 'bench-admin-token-0123456789',
  API_KEY_PEPPER: 'bench-pepper-0123456789abcdef0123456789',
  OUTPUT_URL_SECRET: 'bench-url-secret-0123456789abcdef012345',
}

/** A running `wrangler dev`. */
export interface Service {
  url: string
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts `wrangler dev` with fresh state (bench/out/<name> is emptied first) and waits until it
 * answers (at most 90 s).
 * @param vars extra [vars], e.g. higher rate limits for a test file
 */
export async function startService(
  name: string,
  vars: Record<string, string> = {},
): Promise<Service> {
  const state = join(ROOT, 'bench/out', name)
  rmSync(state, { recursive: true, force: true })
  mkdirSync(state, { recursive: true })
  const envFile = join(state, 'secrets.env')
  writeFileSync(
    envFile,
    Object.entries(SECRETS)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  )
  // vitest.config.ts puts its own test secrets into process.env, and wrangler would prefer them
  // over the env file: leave them out so that the operator token above is the one in force.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !(name in SECRETS)))
  const migrated = spawnSync(
    WRANGLER[0],
    [WRANGLER[1], 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state],
    { cwd: ROOT, env, encoding: 'utf8' },
  )
  if (migrated.status !== 0) throw new Error(`migrations failed:\n${migrated.stderr}`)
  const port = await freePort()
  const child: ChildProcess = spawn(
    WRANGLER[0],
    [
      WRANGLER[1],
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      state,
      '--env-file',
      envFile,
      '--log-level',
      'error',
      ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited: ${stderr}`)
    try {
      await (await fetch(url)).arrayBuffer()
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`wrangler dev did not start: ${stderr}`)
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 5000).unref()
      }),
  }
}

/** Creates an account with `credits` through the operator API and returns its first API key. */
export async function createAccount(url: string, credits: number): Promise<string> {
  const response = await fetch(`${url}/v1/admin/accounts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SECRETS.ADMIN_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name: 'cli test', credits }),
  })
  if (response.status !== 201)
    throw new Error(`account: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { data: { apiKey: string } }).data.apiKey
}
