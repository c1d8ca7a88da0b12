// Starts `wrangler dev` for the browser tests: a free port, fresh local state (migrated), test
// secrets, and the static assets built by wrangler.toml's [build] command. After
// bench/support/wrangler-dev.mjs, with the state kept under test/e2e/out/ and removed after.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

export const ROOT = new URL('../../..', import.meta.url).pathname
const WRANGLER = join(ROOT, 'node_modules/.bin/wrangler')
/** How long wrangler dev may take to answer its first request, ms (bundling the Worker). */
const START_TIMEOUT_MS = 120_000

/** Secrets for the browser tests only. */
export const E2E_SECRETS = {
  ADMIN_TOKEN: 'e2e-admin-token-0123456789abcdef',
  API_KEY_PEPPER: 'e2e-pepper-0123456789abcdef0123456789',
  OUTPUT_URL_SECRET: 'e2e-url-secret-0123456789abcdef012345',
}

export interface WranglerDev {
  url: string
  stop: () => Promise<void>
  /** What wrangler printed on stderr so far (for failure messages). */
  logs: () => string
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

/** Runs `wrangler dev` with fresh, migrated state in `stateDir` (deleted by `stop`). */
export async function startWranglerDev(stateDir: string): Promise<WranglerDev> {
  rmSync(stateDir, { recursive: true, force: true })
  mkdirSync(stateDir, { recursive: true })
  const envFile = join(stateDir, 'e2e.env')
  writeFileSync(
    envFile,
    Object.entries(E2E_SECRETS)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  )
  const migrate = spawnSync(
    WRANGLER,
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: '1' } },
  )
  if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stderr}`)

  const port = await freePort()
  const child: ChildProcess = spawn(
    WRANGLER,
    [
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
    ],
    // The secrets also go in the environment: wrangler prefers process.env over --env-file, and
    // vitest.config.ts puts the workerd projects' test secrets there.
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...E2E_SECRETS } },
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
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`wrangler dev did not start in ${START_TIMEOUT_MS} ms:\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  return {
    url,
    logs: () => stderr,
    stop: () =>
      new Promise((resolve) => {
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

/** Creates an account through the operator API; returns its first key. */
export async function newAccount(url: string, credits: number): Promise<string> {
  const response = await fetch(`${url}/v1/admin/accounts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${E2E_SECRETS.ADMIN_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name: 'E2E drafting office', credits }),
  })
  if (response.status !== 201) {
    throw new Error(`account: ${response.status} ${await response.text()}`)
  }
  return ((await response.json()) as { data: { apiKey: string } }).data.apiKey
}
