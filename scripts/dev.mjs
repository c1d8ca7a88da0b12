// `npm run dev [-- wrangler dev options]`: runs the service locally with local D1, R2 and Durable
// Objects. It creates .dev.vars with random secrets if missing, applies the D1 migrations, starts
// `wrangler dev` (every argument is passed through, e.g. `-- --port 8790`), makes sure a local
// account exists, and prints its API key with ready-to-run curl lines.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Transform } from 'node:stream'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const devVars = join(root, '.dev.vars')
const accountFile = join(root, '.dev-account.json')
const args = process.argv.slice(2)
const wrangler = join(root, 'node_modules/.bin/wrangler')
/** Terminal colour codes, stripped before matching wrangler's lines. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

ensureDevVars()
run(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local'])

const port = portFrom(args) ?? 8787
const child = spawn(
  wrangler,
  ['dev', ...(portFrom(args) ? [] : ['--port', String(port)]), ...args],
  {
    cwd: root,
    stdio: ['inherit', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
  },
)
child.stdout.pipe(withoutNetworkNoise()).pipe(process.stdout)
child.stderr.pipe(withoutNetworkNoise()).pipe(process.stderr)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))

const base = `http://localhost:${port}`
try {
  await waitUntilReady(base)
  const account = await ensureAccount(base)
  printBanner(base, account)
} catch (error) {
  console.error(`\n[dev] could not prepare the local account: ${error.message}\n`)
}

/**
 * workerd reports a subrequest that fails in the network (an unreachable image URL, a DNS name
 * that does not resolve) as an internal error with a native stack, although the Worker caught it
 * and logged it as one `image url unreachable` warning line: those blocks are dropped here.
 */
function withoutNetworkNoise() {
  const noise =
    /failed to lookup address information|Connection refused|Network connection lost|connect\(\) failed|No route to host/
  let skipping = false
  let pending = ''
  return new Transform({
    transform(chunk, _encoding, done) {
      const lines = (pending + chunk.toString('utf8')).split('\n')
      pending = lines.pop() ?? ''
      const kept = []
      for (const line of lines) {
        const plain = line.replace(ANSI, '')
        if (/\[ERROR\]/.test(plain) && noise.test(plain)) skipping = true
        else if (skipping && !/^\s*(stack:.*)?$/.test(plain)) skipping = false
        if (!skipping) kept.push(line)
      }
      done(null, kept.length ? `${kept.join('\n')}\n` : '')
    },
    flush(done) {
      done(null, skipping ? '' : pending)
    },
  })
}

function ensureDevVars() {
  if (existsSync(devVars)) return
  const example = readFileSync(join(root, '.dev.vars.example'), 'utf8')
  const filled = example.replace(
    /^(\w+)=change-me.*$/gm,
    (_, name) => `${name}=${randomBytes(24).toString('base64url')}`,
  )
  writeFileSync(devVars, filled, { mode: 0o600 })
  console.log('[dev] created .dev.vars with random local secrets')
}

function readDevVars() {
  const vars = {}
  for (const line of readFileSync(devVars, 'utf8').split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line)
    if (match) vars[match[1]] = match[2].replace(/^"(.*)"$/, '$1')
  }
  return vars
}

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

function portFrom(list) {
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '--port' || list[i] === '-p') return Number(list[i + 1])
    const inline = /^--port=(\d+)$/.exec(list[i])
    if (inline) return Number(inline[1])
  }
  return null
}

async function waitUntilReady(url) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/v1/openapi.json`)
      if (response.ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`wrangler dev did not answer on ${url} within 2 minutes`)
}

async function ensureAccount(url) {
  if (existsSync(accountFile)) {
    const saved = JSON.parse(readFileSync(accountFile, 'utf8'))
    const check = await fetch(`${url}/v1/credits`, {
      headers: { authorization: `Bearer ${saved.apiKey}` },
    })
    if (check.ok) return { ...saved, balance: (await check.json()).data.balance, created: false }
  }
  const { ADMIN_TOKEN } = readDevVars()
  if (!ADMIN_TOKEN) throw new Error('ADMIN_TOKEN is not set in .dev.vars')
  const response = await fetch(`${url}/v1/admin/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Local developer', credits: 1000 }),
  })
  if (response.status !== 201)
    throw new Error(`POST /v1/admin/accounts answered ${response.status}`)
  const { data } = await response.json()
  writeFileSync(
    accountFile,
    `${JSON.stringify({ accountId: data.accountId, apiKey: data.apiKey }, null, 2)}\n`,
    {
      mode: 0o600,
    },
  )
  return { ...data, created: true }
}

function printBanner(url, account) {
  const line = '─'.repeat(78)
  console.log(`
${line}
 Figure API is running at ${url}/v1   (reference: ${url}/v1/docs)
 Web console: ${url}/   (paste the API key below to sign in)
 Local account ${account.accountId} ${account.created ? '(new)' : '(from .dev-account.json)'}, balance ${account.balance}
 API key: ${account.apiKey}

 npx figapi login --key ${account.apiKey} --base-url ${url}
 npx figapi convert examples/drawing.png --format tiff --dpi 600

 curl -sS --fail-with-body ${url}/v1/credits -H "Authorization: Bearer ${account.apiKey}"

 curl -sS --fail-with-body ${url}/v1/convert -H "Authorization: Bearer ${account.apiKey}" \\
   -F file=@examples/drawing.png -F format=pdf -F dpi=600
${line}
`)
}
