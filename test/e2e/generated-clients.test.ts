// Clients generated from the served OpenAPI document need no hand fixes (issue 24). Against
// `wrangler dev` with fresh state: GET /v1/openapi.json, generate a client from it with
// openapi-typescript 7 (the SDK's generator, default settings; sent with openapi-fetch) and with
// @hey-api/openapi-ts (default plugins and client), compile both with tsc (strict, the
// repository's flags) together with the callers in test/e2e/clients/, then let the callers call
// every operation of the document: the operator API, credits, keys, /convert, /vectorize and
// /enhance by upload and by `imageUrl`, /figures by prompt. The Worker cannot fetch an image
// here (no network, and its guard refuses local hosts), so `imageUrl` calls use a URL the guard
// refuses before fetching: their typed 422 shows the JSON body was sent and accepted as valid.
// hey-api sends JSON only where an operation takes JSON and multipart (hey-api/hey-api#2311), so
// uploads go through openapi-typescript. Output: test/e2e/out/clients/. About 20 s on 2 cores.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_TOKEN, ROOT, startWranglerDev, type WranglerDev } from '../node/support/wrangler-dev'
import type { CallContext, CallEveryOperation, Outcomes } from './clients/outcome'
import { lineDrawingPng } from './support/png'

const OUT = join(ROOT, 'test/e2e/out/clients')
const CLIENTS = join(ROOT, 'test/e2e/clients')
/** The SDK workspace pins openapi-typescript (and the TypeScript 5 it and hey-api need). */
const fromSdk = createRequire(join(ROOT, 'packages/sdk/package.json'))
const OPENAPI_TYPESCRIPT = join(
  dirname(fromSdk.resolve('openapi-typescript/package.json')),
  'bin/cli.js',
)
const HEY_API = join(
  dirname(createRequire(join(ROOT, 'package.json')).resolve('@hey-api/openapi-ts/package.json')),
  'bin/run.js',
)
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')

/** Runs a Node script with this Node; resolves with its exit status and output. */
function node(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ status: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: OUT,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('error', reject)
    child.on('close', (status) => resolve({ status, output }))
  })
}

/** Loads a caller (it imports the generated code, so it is loaded only once that exists). */
async function caller(name: string): Promise<CallEveryOperation> {
  const module = (await import(join(CLIENTS, `${name}.ts`))) as {
    callEveryOperation: CallEveryOperation
  }
  return module.callEveryOperation
}

/** Every operationId of the document. */
const operationIds = (doc: { paths: Record<string, Record<string, { operationId: string }>> }) =>
  Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId))

/** The operations the outcomes name (`convertImage upload` → convertImage). */
const called = (outcomes: Outcomes) => new Set(Object.keys(outcomes).map((k) => k.split(' ')[0]))

const blob = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)], { type: 'image/png' })

/** What both callers' operator and account calls answer (each on its own new account). */
const ACCOUNT_CALLS = {
  adminCreateAccount: { status: 201, data: { accountId: expect.stringMatching(/^acct_/) } },
  adminAdjustCredits: { status: 200, data: { balance: 150 } },
  adminGetAccount: { status: 200, data: { balance: 150 } },
  adminCreateApiKey: { status: 201, data: { key: expect.stringMatching(/^pfg_live_/) } },
  getCredits: { status: 200, data: { balance: 150 } },
  createApiKey: { status: 201, data: { name: 'CI', key: expect.stringMatching(/^pfg_live_/) } },
  listApiKeys: { status: 200, data: { keys: expect.any(Array) } },
  revokeApiKey: { status: 200 },
  generateFigure: { status: 200, data: { format: 'svg', method: 'drafter', creditsConsumed: 8 } },
}
const REFUSED_URL = { status: 422, code: 'IMAGE_URL_NOT_ALLOWED' }

describe('clients generated from /v1/openapi.json', () => {
  let dev: WranglerDev
  let doc: { paths: Record<string, Record<string, { operationId: string }>> }
  let context: CallContext

  beforeAll(async () => {
    rmSync(OUT, { recursive: true, force: true })
    mkdirSync(join(OUT, 'openapi-typescript'), { recursive: true })
    dev = await startWranglerDev(join(ROOT, 'test/e2e/out', `state-clients-${process.pid}`))
    const served = await fetch(`${dev.url}/v1/openapi.json`)
    expect(served.status).toBe(200)
    const text = await served.text()
    doc = JSON.parse(text)
    writeFileSync(join(OUT, 'openapi.json'), text)
    const generated = await Promise.all([
      node([OPENAPI_TYPESCRIPT, 'openapi.json', '--output', 'openapi-typescript/schema.d.ts']),
      node([HEY_API, '--input', 'openapi.json', '--output', 'hey-api', '--no-log-file'], {
        NODE_OPTIONS: `--import=${pathToFileURL(join(ROOT, 'test/e2e/support/hey-api-typescript.mjs')).href}`,
      }),
    ])
    for (const { status, output } of generated) expect(status, output).toBe(0)
    context = {
      baseUrl: `${dev.url}/v1`,
      adminToken: ADMIN_TOKEN,
      drawing: blob(lineDrawingPng(480, 320)),
      smallDrawing: blob(lineDrawingPng(96, 64)),
      unfetchableUrl: 'https://localhost/drawings/fig1.png',
    }
  }, 240_000)

  afterAll(async () => {
    await dev?.stop()
  })

  it('compiles with tsc (strict) when both are generated with default settings', async () => {
    const compiled = await node([TSC, '-p', join(CLIENTS, 'tsconfig.json')])
    expect(compiled.output).toBe('')
    expect(compiled.status).toBe(0)
  })

  it('calls every operation, uploads included, with openapi-typescript types and openapi-fetch', async () => {
    const out = await (await caller('openapi-typescript'))(context)
    expect([...called(out)].sort()).toEqual([...new Set(operationIds(doc))].sort())
    expect(out).toMatchObject({
      ...ACCOUNT_CALLS,
      'convertImage upload': {
        status: 200,
        data: { format: 'pdf', dpi: 300, page: 'a4', creditsConsumed: 1 },
      },
      'convertImage imageUrl': REFUSED_URL,
      'vectorizeImage upload': {
        status: 200,
        data: { format: 'svg', engine: 'lineart', creditsConsumed: 2 },
      },
      'vectorizeImage imageUrl': REFUSED_URL,
      'enhanceImage upload': {
        status: 200,
        data: { scale: 2, dpi: 600, width: 192, height: 128, creditsConsumed: 2 },
      },
      'enhanceImage imageUrl': REFUSED_URL,
      // 150 less 1 + 2 + 2 + 8; the refused calls cost nothing.
      'getCredits after': { status: 200, data: { balance: 137 } },
    })
  })

  it('calls every operation with the @hey-api/openapi-ts SDK at the server the document names', async () => {
    const out = await (await caller('hey-api'))(context)
    expect(out.baseUrl?.data).toBe(`${dev.url}/v1`)
    expect([...called(out)].filter((name) => name !== 'baseUrl').sort()).toEqual(
      [...new Set(operationIds(doc))].sort(),
    )
    expect(out).toMatchObject({
      ...ACCOUNT_CALLS,
      'convertImage imageUrl': REFUSED_URL,
      'vectorizeImage imageUrl': REFUSED_URL,
      'enhanceImage imageUrl': REFUSED_URL,
      'getCredits after': { status: 200, data: { balance: 142 } },
    })
  })
})
