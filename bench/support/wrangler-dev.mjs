// Starts `wrangler dev` for a benchmark on a free port, waits until it answers, and finds the
// workerd process behind it (for memory readings from /proc).
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

export const ROOT = new URL('../..', import.meta.url).pathname
const WRANGLER = join(ROOT, 'node_modules/.bin/wrangler')

/** Secrets for benchmark runs only. */
export const BENCH_SECRETS = {
  ADMIN_TOKEN: 'bench-admin-token-0123456789',
  API_KEY_PEPPER: 'bench-pepper-0123456789abcdef0123456789',
  OUTPUT_URL_SECRET: 'bench-url-secret-0123456789abcdef012345',
}

export async function freePort() {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Runs `wrangler dev` for `config` with fresh local state under bench/out/<name> (DevTools on
 * `inspectorPort` when given).
 * @returns {Promise<{ url: string, stop: () => Promise<void>, workerdPids: () => number[] }>}
 */
export async function startWranglerDev({
  name,
  config = 'wrangler.toml',
  vars = {},
  migrate = false,
  inspectorPort = null,
}) {
  const state = join(ROOT, 'bench/out', name)
  mkdirSync(state, { recursive: true })
  const envFile = join(state, 'bench.env')
  writeFileSync(
    envFile,
    Object.entries(BENCH_SECRETS)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  )
  if (migrate) {
    const result = spawnSync(
      WRANGLER,
      ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state, '-c', config],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    )
    if (result.status !== 0) throw new Error(`migrations failed:\n${result.stderr}`)
  }
  const port = await freePort()
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`])
  const child = spawn(
    WRANGLER,
    [
      'dev',
      '-c',
      config,
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
      ...(inspectorPort ? ['--inspector-port', String(inspectorPort)] : []),
      ...varArgs,
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], detached: false },
  )
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited: ${stderr}`)
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`wrangler dev did not start: ${stderr}`)
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
  }
  return {
    url,
    workerdPids: () => findDescendants(child.pid, 'workerd'),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 5000).unref()
      }),
  }
}

/** Every descendant process named `name` (wrangler runs a proxy workerd and the runtime one). */
function findDescendants(pid, name) {
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .filter(Boolean)
  const found = []
  for (const child of children.map(Number)) {
    if (readFileSync(`/proc/${child}/comm`, 'utf8').trim() === name) found.push(child)
    found.push(...findDescendants(child, name))
  }
  return found
}

/** Reads VmRSS and VmHWM (peak) of a process, bytes. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024
  return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}

/** Resets the kernel's peak-RSS counter of a process (Linux clear_refs "5"). */
export function resetPeak(pid) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5')
}

/** Creates an account through the operator API and returns its key. */
export async function benchAccount(url, credits = 1_000_000_000) {
  const response = await fetch(`${url}/v1/admin/accounts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${BENCH_SECRETS.ADMIN_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name: 'bench', credits }),
  })
  if (response.status !== 201)
    throw new Error(`account: ${response.status} ${await response.text()}`)
  return (await response.json()).data.apiKey
}

/** A multipart body with one file part and fields, as a Buffer plus its content type. */
export function multipart(file, fields = {}) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`
  const parts = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    )
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="in"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
  )
  parts.push(Buffer.from(file))
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The local state folder `startWranglerDev({ name })` persists D1, R2 and Durable Objects in. */
export function benchStateDir(name) {
  return join(ROOT, 'bench/out', name)
}

/**
 * Creates an account through the operator API.
 * @param {string} url the `wrangler dev` origin
 * @param {{ name?: string, credits?: number }} options opening balance in credits
 * @returns {Promise<{ accountId: string, apiKey: string, balance: number }>}
 */
export async function createBenchAccount(url, { name = 'bench', credits = 1_000_000_000 } = {}) {
  const response = await fetch(`${url}/v1/admin/accounts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${BENCH_SECRETS.ADMIN_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name, credits }),
  })
  if (response.status !== 201)
    throw new Error(`account: ${response.status} ${await response.text()}`)
  return (await response.json()).data
}

/**
 * Runs SQL on the local D1 database of a bench state folder with `wrangler d1 execute --local`
 * (Node 20 has no node:sqlite) and returns the rows of each statement, in order.
 * @param {string} state the folder passed to `--persist-to` (see {@link benchStateDir})
 * @param {string} sql one or more statements separated by `;`
 * @returns {Promise<Record<string, unknown>[][]>}
 */
export function d1Query(state, sql, config = 'wrangler.toml') {
  return new Promise((resolve, reject) => {
    const child = spawn(
      WRANGLER,
      [
        'd1',
        'execute',
        'DB',
        '--local',
        '--persist-to',
        state,
        '-c',
        config,
        '--json',
        '--command',
        sql,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    const out = []
    let stderr = ''
    child.stdout.on('data', (chunk) => out.push(chunk))
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('exit', (code) => {
      const text = Buffer.concat(out).toString('utf8')
      if (code !== 0) return reject(new Error(`wrangler d1 execute failed (${code}): ${stderr}`))
      try {
        resolve(JSON.parse(text).map((statement) => statement.results ?? []))
      } catch (error) {
        reject(new Error(`wrangler d1 execute printed no JSON: ${text.slice(0, 500)} ${error}`))
      }
    })
  })
}
