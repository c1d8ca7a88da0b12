// Peak memory of the endpoints bench/memory.mjs does not cover, at their worst admitted input,
// through `wrangler dev`: POST /v1/figures (a 40-part labeled block diagram with 75 links, PNG and
// SVG; a labeled method flowchart at the 40-part cap, PNG and SVG), GET /v1/credits and the keys
// routes (create, list 100 keys, revoke). Each case: a fresh `wrangler dev`, a small warm-up
// request on the same route, then the kernel's peak RSS (VmHWM) of the workerd processes above
// their idle RSS, sampled around the one measured request.
//
// /v1/figures at the 40-part cap is measured in an isolate that has already drafted a 40-part
// figure of the other kind (the flowchart before the block diagram and the other way round), and
// also, reported but not held to the bound, as the first cap-size figure of a fresh isolate. The
// first one drives hundreds of functions (mostly ELK's) to V8's optimising tiers at once, and the
// concurrent Maglev compiler's scratch memory, which workerd's allocator keeps, is what makes that
// reading swing from 20 to 150 MB: under `perf record -e page-faults` 77 % of the request's new
// pages were touched by MaglevGraphBuilder on V8's compile thread, and with compilation on the
// main thread (MINIFLARE_WORKERD_V8_FLAGS=--no-concurrent-recompilation, diagnosis only) the same
// request reads 17-26 MB (PNG) and 29-30 MB (SVG) every time. That memory is V8's, paid once per
// isolate (the third cap-size figure in a row grows RSS by about 5 MB), not the request's.
//
// Object figures (the object drafter: a prompt read into a 3D scene, hidden lines removed per view,
// numerals placed on the visible surfaces) are measured on the storage cabinet of
// bench/support/object-prompts.mjs, 20 scene parts, labeled PNG: in one perspective view and as a
// seven-view design set. Their warm-ups are objects too (the gallery's nightstand, 8 parts, in the
// other output during setup and in the same output right before the baseline), so the object
// engine's code is compiled before the measured request; the first object figure of an isolate
// (after diagrams only) is reported too, not bound, as for diagrams at the cap.
//
// Reference images (/figures `referenceImageUrls`) are not measured: the SSRF guard refuses IP
// literals, single-label and *.localhost names and every loopback or private DNS answer, and takes
// ports 80/443 only, while the only names resolving to 127.0.0.1 here are `localhost` and
// single-label host names. A loopback image server cannot get past it without editing /etc/hosts
// or weakening the guard, so that case is skipped and says so.

import { BENCH_PROMPTS } from './support/figure-prompts.mjs'
import { OBJECT_BENCH_PROMPTS, OBJECT_PROMPTS } from './support/object-prompts.mjs'
import {
  createBenchAccount,
  memoryOf,
  resetPeak,
  startWranglerDev,
} from './support/wrangler-dev.mjs'

const MB = 1024 * 1024

/** Noun phrases for the block diagram: 39 parts plus the system itself make the 40-part cap. */
const HEADS = [
  'processor',
  'memory',
  'storage device',
  'display',
  'network interface',
  'sensor',
  'controller',
  'actuator',
  'battery',
  'power circuit',
  'radio transceiver',
  'antenna',
  'flash memory',
  'camera',
  'encoder',
  'decoder',
  'scheduler',
  'cache',
  'bus',
  'timer',
  'keyboard',
  'speaker',
  'microphone',
  'modem',
  'router',
  'switch',
  'firewall',
  'gateway',
  'database',
  'server',
  'client',
  'logger',
  'monitor',
  'clock',
  'fan',
  'heater',
  'valve',
  'pump',
  'motor',
]
const ADJECTIVES = [
  'primary',
  'secondary',
  'redundant',
  'low power',
  'high speed',
  'external',
  'internal',
  'auxiliary',
]

/**
 * A 40-part block diagram (MAX_FIGURE_PARTS): 39 numbered two-word parts in a system, each
 * coupled to the first and communicating with its neighbour (75 links, under the 80-link cap).
 */
export function blockDiagramPrompt() {
  const nouns = HEADS.map((h, i) => `${ADJECTIVES[i % ADJECTIVES.length]} ${h}`)
  const parts = nouns.map((w, i) => `a ${w} ${100 + 2 * i}`)
  const coupled = nouns.slice(1).map((w) => `The ${w} is coupled to the ${nouns[0]}.`)
  const talks = nouns.slice(2).map((w, i) => `The ${w} communicates with the ${nouns[i + 1]}.`)
  return `A system comprising ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}. ${coupled.join(' ')} ${talks.join(' ')}`
}

const VERBS = [
  'receiving',
  'parsing',
  'validating',
  'storing',
  'encoding',
  'sending',
  'logging',
  'computing',
  'filtering',
  'sorting',
  'merging',
  'compressing',
  'signing',
  'hashing',
  'indexing',
  'caching',
  'scheduling',
  'rendering',
  'exporting',
  'archiving',
  'notifying',
  'measuring',
  'calibrating',
  'authenticating',
  'encrypting',
  'decrypting',
  'uploading',
  'downloading',
  'tagging',
  'scoring',
  'ranking',
  'reporting',
  'monitoring',
  'updating',
]

/**
 * A method flowchart at the 40-part cap: START, 34 numbered steps, two decisions (one with a
 * loop back), an error step, a final step and END.
 */
export function flowchartPrompt() {
  const steps = VERBS.map((v, i) => `${v} a record ${402 + 2 * i}`)
  return `A method 400 comprising: ${steps.join('; ')}; determining whether the record is valid 470; if not, logging an error 472; determining whether more records remain 474; if so, returning to the parsing step; and generating a summary 476.`
}

/** A route request as fetch arguments; `key` is filled in with the account's API key. */
const json = (method, path, body) => ({ method, path, body })

/** Marks the figure cases measured as the first cap-size figure of an isolate. */
const FIRST_IN_ISOLATE = 'first cap-size figure of the isolate (V8 JIT; reported, not bound)'

/** The cases: a warm-up request and the measured one, on one fresh `wrangler dev`. */
function cases() {
  const block = blockDiagramPrompt()
  const flow = flowchartPrompt()
  /**
   * A figure case. `capWarmUp`: a 40-part figure of the other kind is drafted first (see the
   * header); null measures the first cap-size figure of the isolate, reported only.
   */
  const figure = (name, prompt, output, capWarmUp) => ({
    name,
    route: 'POST /v1/figures',
    reportOnly: capWarmUp === null,
    // The warm-up is a gallery-sized figure in both outputs, so the isolate's one-time costs
    // (ELK's code compiled for a real graph, resvg's first render and first outlining) are paid
    // before the baseline, as in a Worker that has served figures before; what remains is the
    // request's own memory. A 3-part warm-up left them to the measured request, whose reading
    // then swung from 34 to 133 MB with the order of the two.
    setup: async (send) => {
      await send(
        json('POST', '/v1/figures', {
          prompt: BENCH_PROMPTS.diagram12,
          output: output === 'png' ? 'svg' : 'png',
          labeled: true,
        }),
      )
      if (capWarmUp) {
        await send(json('POST', '/v1/figures', { prompt: capWarmUp, output, labeled: true }))
      }
    },
    warmUp: json('POST', '/v1/figures', { prompt: BENCH_PROMPTS.flow10, output, labeled: true }),
    measured: json('POST', '/v1/figures', { prompt, output, labeled: true }),
    describe: (data) =>
      `${data.width}x${data.height} ${data.format}, ${data.references?.length ?? 0} numerals, ${data.warnings?.length ?? 0} warnings`,
  })
  const nightstand = OBJECT_PROMPTS.find((o) => o.name === 'nightstand').prompt
  /**
   * An object case (see the header): `warmObject` false measures the first object figure of the
   * isolate, reported only.
   */
  const object = (name, prompt, output, warmObject) => ({
    name,
    route: 'POST /v1/figures',
    reportOnly: !warmObject,
    setup: async (send) => {
      await send(
        json('POST', '/v1/figures', {
          prompt: BENCH_PROMPTS.diagram12,
          output: output === 'png' ? 'svg' : 'png',
          labeled: true,
        }),
      )
      if (warmObject) {
        await send(
          json('POST', '/v1/figures', {
            prompt: nightstand,
            output: output === 'png' ? 'svg' : 'png',
            labeled: true,
          }),
        )
      }
    },
    warmUp: json('POST', '/v1/figures', {
      prompt: warmObject ? nightstand : BENCH_PROMPTS.flow10,
      output,
      labeled: true,
    }),
    measured: json('POST', '/v1/figures', { prompt, output, labeled: true }),
    describe: (data) =>
      `${data.figure?.scene?.parts?.length ?? '?'} parts, ${data.figure?.scene?.views?.length ?? '?'} views, ${data.width}x${data.height} ${data.format}, ${data.references?.length ?? 0} numerals, ${data.warnings?.length ?? 0} warnings`,
  })
  return [
    object('object, 20 parts, one view, labeled, PNG', OBJECT_BENCH_PROMPTS.object20, 'png', true),
    object(
      'object, 20 parts, 7-view design set, labeled, PNG',
      OBJECT_BENCH_PROMPTS.designSet7,
      'png',
      true,
    ),
    object(
      'object, 20 parts, one view, labeled, PNG, first object figure of the isolate (V8 JIT; reported, not bound)',
      OBJECT_BENCH_PROMPTS.object20,
      'png',
      false,
    ),
    figure('40-part block diagram, 75 links, labeled, PNG', block, 'png', flow),
    figure('40-part block diagram, 75 links, labeled, SVG', block, 'svg', flow),
    figure('method flowchart at the 40-part cap, labeled, PNG', flow, 'png', block),
    figure('method flowchart at the 40-part cap, labeled, SVG', flow, 'svg', block),
    figure(`40-part block diagram, PNG, ${FIRST_IN_ISOLATE}`, block, 'png', null),
    figure(`40-part block diagram, SVG, ${FIRST_IN_ISOLATE}`, block, 'svg', null),
    {
      name: 'balance',
      route: 'GET /v1/credits',
      warmUp: json('GET', '/v1/credits'),
      measured: json('GET', '/v1/credits'),
      describe: (data) => `balance ${data.balance}`,
    },
    {
      name: 'create a key (longest name, 100 chars)',
      route: 'POST /v1/keys',
      warmUp: json('POST', '/v1/keys', { name: 'warm-up' }),
      measured: json('POST', '/v1/keys', { name: 'k'.repeat(100) }),
      describe: () => 'created',
    },
    {
      name: 'list 100 keys of one account',
      route: 'GET /v1/keys',
      setup: async (send) => {
        for (let i = 0; i < 99; i++) await send(json('POST', '/v1/keys', { name: `key ${i}` }))
      },
      warmUp: json('GET', '/v1/keys'),
      measured: json('GET', '/v1/keys'),
      describe: (data) => `${data.keys.length} keys`,
    },
    {
      name: 'revoke a key',
      route: 'DELETE /v1/keys/{id}',
      setup: async (send, context) => {
        context.id = (await send(json('POST', '/v1/keys', { name: 'to revoke' }))).id
        context.warmId = (await send(json('POST', '/v1/keys', { name: 'warm-up' }))).id
      },
      warmUp: (context) => json('DELETE', `/v1/keys/${context.warmId}`),
      measured: (context) => json('DELETE', `/v1/keys/${context.id}`),
      describe: (data) => `revoked ${data.id}`,
    },
  ]
}

/** Runs one case on a fresh `wrangler dev` and returns its peak RSS growth. */
async function measure(testCase) {
  const app = await startWranglerDev({
    name: 'memory-endpoints',
    // In a working tree others are editing, `wrangler dev` reloads the Worker on every saved
    // file and long requests never finish: point this at a copy of the tree's config instead.
    config: process.env.BENCH_WRANGLER_CONFIG ?? 'wrangler.toml',
    migrate: true,
    vars: { RL_PER_MINUTE: '100000', RL_MAX_INFLIGHT: '1000' },
  })
  try {
    const { apiKey } = await createBenchAccount(app.url)
    const send = async ({ method, path, body }) => {
      const response = await fetch(`${app.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      })
      const text = await response.text()
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`)
      return JSON.parse(text).data
    }
    const context = {}
    const resolve = (request) => (typeof request === 'function' ? request(context) : request)
    if (testCase.setup) await testCase.setup(send, context)
    for (let attempt = 1; ; attempt++) {
      try {
        await send(resolve(testCase.warmUp))
        const pids = app.workerdPids()
        const before = pids.map((pid) => memoryOf(pid).rss)
        for (const pid of pids) resetPeak(pid)
        const started = performance.now()
        const data = await send(resolve(testCase.measured))
        const ms = performance.now() - started
        const growth = Math.max(...pids.map((pid, i) => memoryOf(pid).peak - before[i]))
        return { growth, ms, result: testCase.describe(data), attempts: attempt }
      } catch (error) {
        // `wrangler dev` reloads the Worker when a source file changes, answering the request
        // in flight with its own 503; measure again on the reloaded Worker.
        if (attempt >= 5 || !String(error.message).includes('restarted mid-request')) throw error
        console.log(`${testCase.name}: the Worker was reloaded mid-request; measuring again`)
      }
    }
  } finally {
    await app.stop()
  }
}

/**
 * Rows for the memory table, one per case (filtered by BENCH_CASES like bench/memory.mjs), plus a
 * row that states the skipped reference-image case.
 */
export async function endpointRows(only) {
  const rows = []
  for (const testCase of cases()) {
    const label = `${testCase.route} ${testCase.name}`
    if (only && !label.toLowerCase().includes(only)) continue
    let row
    try {
      const { growth, ms, result } = await measure(testCase)
      row = {
        input: testCase.name,
        'in MB': '-',
        output: `${testCase.route}: ${result}`,
        'live peak MB (Node)': '-',
        'workerd RSS peak MB': (growth / MB).toFixed(1),
        'request ms (workerd)': ms.toFixed(0),
      }
    } catch (error) {
      // A case that cannot finish (e.g. reloaded five times by edits to src/) is reported as
      // not measured rather than dropping the rows already measured.
      row = {
        input: testCase.name,
        'in MB': '-',
        output: `${testCase.route}: not measured (${String(error.message).slice(0, 120)})`,
        'live peak MB (Node)': '-',
        'workerd RSS peak MB': '-',
        'request ms (workerd)': '-',
      }
    }
    console.log(JSON.stringify(row))
    // Not a column: bench/memory.mjs reads it to leave the row out of the 100 MB bound.
    if (testCase.reportOnly) Object.defineProperty(row, 'reportOnly', { value: true })
    rows.push(row)
  }
  if (!only || 'figures reference'.includes(only)) {
    rows.push({
      input: '4 reference images at the pixel cap, no AI binding',
      'in MB': '-',
      output:
        'POST /v1/figures: skipped (the SSRF guard refuses every loopback image server: IP hosts, single-label names, loopback DNS answers, ports other than 80/443)',
      'live peak MB (Node)': '-',
      'workerd RSS peak MB': '-',
      'request ms (workerd)': '-',
    })
  }
  return rows
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await endpointRows(process.env.BENCH_CASES?.toLowerCase()))
}
