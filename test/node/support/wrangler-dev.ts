/**
 * `wrangler dev` for the tests that drive the service from outside (the CLI in test/node, the
 * console in test/e2e): a free port on 127.0.0.1, fresh migrated local state in `stateDir`
 * (deleted by `stop`), test-only secrets with the operator API on, and the static assets built
 * by wrangler.toml's [build] command. After bench/support/wrangler-dev.mjs.
 */

import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

export const ROOT = new URL('../../..', import.meta.url).pathname
// Run by this Node (22 from the pinned `node` package under npm scripts): wrangler refuses Node 20.
const WRANGLER = join(ROOT, 'node_modules/wrangler/bin/wrangler.js')
/** How long wrangler dev may take to answer its first request, ms (bundling the Worker). */
const START_TIMEOUT_MS = 120_000

/** Secrets for these local runs only. */
const SECRETS = {
  ADMIN_TOKEN: 'local-test-admin-token-0123456789',
  API_KEY_PEPPER: 'local-test-pepper-0123456789abcdef0123456789',
  OUTPUT_URL_SECRET: 'local-test-url-secret-0123456789abcdef012345',
}

/** The operator token these runs use, for tests that call the operator API themselves. */
export const ADMIN_TOKEN = SECRETS.ADMIN_TOKEN

/** A running `wrangler dev`. */
export interface WranglerDev {
  url: string
  stop(): Promise<void>
  /** What wrangler printed on stderr so far (for failure messages). */
  logs(): string
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
 * Starts `wrangler dev` with fresh, migrated state in `stateDir` and waits until it answers.
 * @param vars extra [vars], e.g. higher rate limits for a test file
 */
export async function startWranglerDev(
  stateDir: string,
  vars: Record<string, string> = {},
): Promise<WranglerDev> {
  rmSync(stateDir, { recursive: true, force: true })
  mkdirSync(stateDir, { recursive: true })
  const envFile = join(stateDir, 'secrets.env')
  writeFileSync(
    envFile,
    Object.entries(SECRETS)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  )
  // wrangler prefers process.env over --env-file, and vitest.config.ts puts the workerd projects'
  // secrets there: these go in the environment too, so the operator token above is in force.
  const env = { ...process.env, ...SECRETS, CI: '1' }
  const migrated = spawnSync(
    process.execPath,
    [WRANGLER, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir],
    { cwd: ROOT, env, encoding: 'utf8' },
  )
  if (migrated.status !== 0) throw new Error(`migrations failed:\n${migrated.stderr}`)
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    [
      WRANGLER,
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      stateDir,
      '--env-file',
      envFile,
      '--log-level',
      'warn',
      '--show-interactive-dev-session=false',
      ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${stderr}`)
    try {
      const response = await fetch(`${url}/v1/openapi.json`)
      await response.arrayBuffer()
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not start:\n${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  return {
    url,
    logs: () => stderr,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(stateDir, { recursive: true, force: true })
          resolve()
        }
        if (child.exitCode !== null) return done()
        child.once('exit', done)
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 5000).unref()
      }),
  }
}

/** Creates an account with `credits` through the operator API; returns its first API key. */
export async function newAccount(
  url: string,
  credits: number,
  name = 'Test office',
): Promise<string> {
  const response = await fetch(`${url}/v1/admin/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, credits }),
  })
  if (response.status !== 201) {
    throw new Error(`account: ${response.status} ${await response.text()}`)
  }
  return ((await response.json()) as { data: { apiKey: string } }).data.apiKey
}
