// `npx node bench/profile-workerd.mjs [N]`: a CPU profile of the Worker's isolate in workerd
// under `wrangler dev` (over its DevTools inspector) while N small /v1/convert requests run one
// after another (the platform bench's: 64 × 48 PNG → 2048 px PNG; default 300). Prints the self
// time by source file of the bundle (native and wasm frames go to their nearest bundled caller),
// and writes the profile and the bundle it maps to under bench/out/profile-workerd/ (open the
// .cpuprofile in Chrome DevTools). It needs Node 22 (wrangler's), hence `npx node`.
// What it cannot see: miniflare's D1, Durable Object and R2 services run in other isolates of
// the same process; `npm run bench -- platform` reads the whole process's CPU.
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import WebSocket from 'ws'
import { bundleModules } from './support/bundle-modules.mjs'
import { loadEngine } from './support/engine.mjs'
import {
  benchAccount,
  freePort,
  multipart,
  ROOT,
  startWranglerDev,
} from './support/wrangler-dev.mjs'

const N = Number(process.argv[2] ?? 300)
const OUT = join(ROOT, 'bench/out/profile-workerd')
const WARM_UP = 30

const inspectorPort = await freePort()
const app = await startWranglerDev({
  name: 'profile-workerd/state',
  migrate: true,
  inspectorPort,
  vars: { RL_PER_MINUTE: '1000000000', RL_MAX_INFLIGHT: '100000' },
})
try {
  const key = await benchAccount(app.url)
  const engine = await loadEngine()
  const encoder = engine.createPngEncoder({ width: 64, height: 48, channels: 1 })
  for (let y = 0; y < 48; y++) await encoder.write(new Uint8Array(64).fill(y % 8 ? 255 : 0))
  const form = multipart(engine.concatBytes((await encoder.finish()).parts))
  const send = async () => {
    const response = await fetch(`${app.url}/v1/convert`, {
      method: 'POST',
      body: form.body,
      headers: { authorization: `Bearer ${key}`, 'content-type': form.contentType },
    })
    const text = await response.text()
    if (response.status !== 200) throw new Error(`${response.status} ${text}`)
  }
  for (let i = 0; i < WARM_UP; i++) await send()

  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()
  const devtools = await connect(targets[0].webSocketDebuggerUrl)
  let profile
  let wallMs
  try {
    await devtools.call('Profiler.enable')
    await devtools.call('Profiler.setSamplingInterval', { interval: 200 })
    await devtools.call('Profiler.start')
    const started = performance.now()
    for (let i = 0; i < N; i++) await send()
    wallMs = (performance.now() - started) / N
    profile = (await devtools.call('Profiler.stop')).profile
  } finally {
    devtools.close()
  }

  mkdirSync(OUT, { recursive: true })
  writeFileSync(join(OUT, 'convert.cpuprofile'), JSON.stringify(profile))
  const bundle = newestBundle()
  copyFileSync(bundle, join(OUT, 'index.js'))
  const { total, rows } = selfTimeByFile(profile, readFileSync(bundle, 'utf8'))
  console.log(
    `small /convert, ${N} requests in turn: ${wallMs.toFixed(1)} ms each (wall), ${(total / N).toFixed(1)} ms of the Worker's isolate CPU each`,
  )
  for (const [file, ms] of rows.slice(0, 30)) {
    console.log(
      `${(ms / N).toFixed(2).padStart(7)} ms  ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${file}`,
    )
  }
} finally {
  await app.stop()
}

/**
 * A DevTools protocol session: `call(method, params)` resolves with the result, or rejects with
 * the protocol's error or after a minute without an answer. (`ws`, not Node's WebSocket, which
 * wrangler's inspector proxy does not accept.)
 */
async function connect(url) {
  const socket = new WebSocket(url)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let next = 0
  const pending = new Map()
  socket.on('message', (data) => {
    const message = JSON.parse(data)
    const waiter = pending.get(message.id)
    if (!waiter) return
    pending.delete(message.id)
    clearTimeout(waiter.timer)
    if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`))
    else waiter.resolve(message.result)
  })
  return {
    call: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = ++next
        const timer = setTimeout(() => {
          pending.delete(id)
          reject(new Error(`${method}: no answer in 60 s`))
        }, 60_000)
        pending.set(id, { method, resolve, reject, timer })
        socket.send(JSON.stringify({ id, method, params }))
      }),
    close: () => socket.close(),
  }
}

/** The bundle `wrangler dev` is serving: the newest under .wrangler/tmp/dev-*. */
function newestBundle() {
  const tmp = join(ROOT, '.wrangler/tmp')
  const dirs = readdirSync(tmp)
    .filter((d) => d.startsWith('dev-'))
    .map((d) => join(tmp, d, 'index.js'))
  if (dirs.length === 0) throw new Error(`no wrangler dev bundle under ${tmp}`)
  return dirs.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
}

/** Self time (ms) by the bundle's source modules, idle left out, largest first. */
function selfTimeByFile(profile, bundle) {
  const moduleAt = bundleModules(bundle)
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id)
  const byFile = new Map()
  let total = 0
  for (let i = 0; i < profile.samples.length; i++) {
    // A sample stands for the time since the one before. Counted forward instead, the wait for
    // the next request landed on each request's last frame (the access log): idle gaps are not
    // always sampled.
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    let id = profile.samples[i]
    const leaf = nodes.get(id).callFrame
    if (leaf.functionName === '(idle)') continue
    total += ms
    let file = leaf.functionName.startsWith('(')
      ? leaf.functionName
      : `(${leaf.functionName || 'native'})`
    for (; id !== undefined; id = parent.get(id)) {
      const frame = nodes.get(id).callFrame
      if (frame.url.endsWith('index.js')) {
        file = moduleAt[frame.lineNumber]
        break
      }
    }
    byFile.set(file, (byFile.get(file) ?? 0) + ms)
  }
  return { total, rows: [...byFile].sort((a, b) => b[1] - a[1]) }
}
