// The OpenAPI document and the interactive reference: valid OpenAPI 3.1, the spec's operationIds
// and status sets, and named request and response examples on every operation. Every example is
// checked three ways: against the route's own zod schema (and the document's schema for unknown
// keys), by sending each request example to the Worker, and by reproducing each error example, so
// an example that stops matching what the Worker answers fails here.

import { env } from 'cloudflare:workers'
import type { z } from '@hono/zod-openapi'
import { validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { adminRoutes } from '../../src/http/routes/admin'
import { convertRoutes } from '../../src/http/routes/convert'
import { creditsRoutes } from '../../src/http/routes/credits'
import { enhanceRoutes } from '../../src/http/routes/enhance'
import { figuresRoutes } from '../../src/http/routes/figures'
import { keysRoutes } from '../../src/http/routes/keys'
import { vectorizeRoutes } from '../../src/http/routes/vectorize'
import { admin, bearer, call, callWithKey, newAccount, postForm, postJson } from '../support/api'
import { GIF_BYTES, lineDrawing, toPng } from '../support/images'
import { HttpResponse, http, serveImage, server, useFakeNetwork } from '../support/network'

useFakeNetwork()

interface Example {
  summary?: string
  description?: string
  value: unknown
}
type Examples = Record<string, Example>
interface MediaType {
  schema?: JsonSchema
  examples?: Examples
  example?: unknown
}
interface Operation {
  operationId: string
  responses: Record<string, { content?: Record<string, MediaType> }>
  security?: unknown
  parameters?: { name: string; in: string; description?: string }[]
  requestBody?: { content: Record<string, MediaType> }
}
interface JsonSchema {
  $ref?: string
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}
type Doc = {
  openapi: string
  info: { version: string }
  servers: { url: string }[]
  paths: Record<string, Record<string, Operation>>
  components: {
    schemas: Record<string, JsonSchema>
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>
  }
}

async function document(): Promise<Doc> {
  const response = await call('/v1/openapi.json')
  expect(response.status).toBe(200)
  return (await response.json()) as Doc
}

/** Every operation of the document with its path and method. */
function operations(doc: Doc) {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  )
}

// ---------------------------------------------------------------------------------------------
// The routes' own zod schemas, by operationId: what the Worker validates requests with and what
// its success and error bodies are declared as.

interface RouteConfig {
  operationId: string
  request?: { body?: { content: Record<string, { schema: z.ZodType }> } }
  responses: Record<string, { content?: Record<string, { schema: z.ZodType }> }>
}

const ROUTES = new Map<string, RouteConfig>()
for (const app of [
  figuresRoutes,
  convertRoutes,
  vectorizeRoutes,
  enhanceRoutes,
  creditsRoutes,
  keysRoutes,
  adminRoutes,
]) {
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue
    const route = definition.route as unknown as RouteConfig
    ROUTES.set(route.operationId, route)
  }
}

function routeOf(operationId: string): RouteConfig {
  const route = ROUTES.get(operationId)
  if (!route) throw new Error(`no route for ${operationId}`)
  return route
}

/** Keys of `value` that the document's schema does not declare (zod objects strip them). */
function unknownKeys(value: unknown, schema: JsonSchema, doc: Doc, path = ''): string[] {
  if (schema.$ref) {
    return unknownKeys(value, doc.components.schemas[schema.$ref.split('/').pop()!]!, doc, path)
  }
  // An object's own properties declare its keys; a composition beside them (the /figures rule)
  // only constrains which of them are present.
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && schema.properties) {
    return Object.entries(value).flatMap(([key, item]) =>
      schema.properties![key]
        ? unknownKeys(item, schema.properties![key]!, doc, `${path}.${key}`)
        : [`${path}.${key}`],
    )
  }
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) {
    const results = branches.map((branch) => unknownKeys(value, branch, doc, path))
    return results.find((r) => r.length === 0) ?? results[0] ?? []
  }
  if (schema.allOf) return schema.allOf.flatMap((part) => unknownKeys(value, part, doc, path))
  if (Array.isArray(value) && schema.items) {
    return value.flatMap((item, i) => unknownKeys(item, schema.items!, doc, `${path}[${i}]`))
  }
  return []
}

// ---------------------------------------------------------------------------------------------
// Sending examples to the Worker.

const DRAWING = await toPng(lineDrawing(600, 800))
/** /enhance gets a small image so the upscaler stays quick. */
const SMALL_DRAWING = await toPng(lineDrawing(64, 48))
const imageFor = (path: string) => (path === '/enhance' ? SMALL_DRAWING : DRAWING)

const adminPost = (path: string, body: unknown) => admin(`/v1${path}`, body)

/** Serves the image every URL in a JSON request example points at. */
function serveExampleImages(path: string, value: Record<string, unknown>) {
  const urls = [value.imageUrl, ...((value.referenceImageUrls as unknown[]) ?? [])]
  for (const url of urls) if (typeof url === 'string') serveImage(url, imageFor(path))
}

/** The multipart fields that carry images. */
const FILE_PARTS = new Set(['file', 'referenceImages'])

/** The multipart fields of a form example, the file part replaced by a real image. */
function formFields(path: string, value: Record<string, unknown>): Record<string, string | Blob> {
  const fields: Record<string, string | Blob> = {}
  for (const [name, field] of Object.entries(value)) {
    // `file` and one `referenceImages` part: the file names of the example become real images.
    fields[name] = FILE_PARTS.has(name) ? new Blob([imageFor(path)]) : String(field)
  }
  return fields
}

/** A form example as the validator receives it: file names become files, a list stays a list. */
function withFiles(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value }
  if ('file' in value || !('referenceImages' in value)) out.file = new File([DRAWING], 'fig1.png')
  if (Array.isArray(value.referenceImages)) {
    out.referenceImages = value.referenceImages.map((name) => new File([DRAWING], String(name)))
  }
  return out
}

/** Sends a request example as the documented operation, with a fresh account where needed. */
async function sendRequestExample(
  path: string,
  mediaType: string,
  value: Record<string, unknown>,
): Promise<Response> {
  if (path.startsWith('/admin/accounts/{id}')) {
    const { accountId } = await newAccount(100, 'Acme Patent Drafting')
    return adminPost(path.replace('{id}', accountId), value)
  }
  if (path.startsWith('/admin')) return adminPost(path, value)
  const { apiKey } = await newAccount(1000)
  if (mediaType === 'multipart/form-data') {
    return postForm(`/v1${path}`, apiKey, formFields(path, value))
  }
  serveExampleImages(path, value)
  return postJson(`/v1${path}`, apiKey, value)
}

/** Success examples of operations without a request body, each with the request it shows. */
const SUCCESS_SCENARIOS: Record<string, Record<string, () => Promise<Response>>> = {
  getCredits: {
    balance: async () => callWithKey('/v1/credits', (await newAccount(120)).apiKey),
  },
  listApiKeys: {
    keys: async () => {
      const { apiKey } = await newAccount(10)
      await postJson('/v1/keys', apiKey, { name: 'CI' })
      return callWithKey('/v1/keys', apiKey)
    },
  },
  revokeApiKey: {
    revoked: async () => {
      const { apiKey } = await newAccount(10)
      const created = (await (await postJson('/v1/keys', apiKey, { name: 'CI' })).json()) as {
        data: { id: string }
      }
      return callWithKey(`/v1/keys/${created.data.id}`, apiKey, { method: 'DELETE' })
    },
  },
  adminGetAccount: {
    account: async () => {
      const { accountId } = await newAccount(100, 'Acme Patent Drafting')
      return admin(`/v1/admin/accounts/${accountId}`)
    },
  },
}

const ULID = '[0-9A-HJKMNP-TV-Z]{26}'
const SVG_FILE =
  /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg [^>]*viewBox="[^"]+"[^>]*>[\s\S]*<\/svg>\n?$/
/** Numbers that depend on the input image rather than on the request. */
const IMAGE_DEPENDENT = new Set(['width', 'height', 'paths', 'segments'])

/**
 * A body with what legitimately differs between two runs replaced by placeholders: ids, signed
 * URLs' origin, expiry and signature, timestamps, secrets, the SVG text, and numbers that depend
 * on the input image. Everything else must be equal.
 */
function normalize(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => normalize(item))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, k)]))
  }
  if (typeof value === 'number' && IMAGE_DEPENDENT.has(key) && Number.isInteger(value)) {
    return '<int>'
  }
  if (typeof value !== 'string') return value
  if (key === 'svg') return SVG_FILE.test(value) ? '<svg file>' : value
  if (key === 'last4') return /^[0-9A-Za-z]{4}$/.test(value) ? '<last4>' : value
  if (key === 'prefix') return /^pfg_live_[0-9A-Za-z]{3}$/.test(value) ? '<prefix>' : value
  return value
    .replace(/^https?:\/\/[^/]+\/v1\/files\//, '<origin>/v1/files/')
    .replace(new RegExp(`acct_${ULID}`, 'g'), 'acct_<ulid>')
    .replace(new RegExp(`key_${ULID}`, 'g'), 'key_<ulid>')
    .replace(new RegExp(`/${ULID}/`, 'g'), '/<ulid>/')
    .replace(/\?exp=\d{10}&kid=1&sig=[A-Za-z0-9_-]{43}$/, '?exp=<s>&kid=1&sig=<sig>')
    .replace(/^pfg_live_[0-9A-Za-z]{38}$/, '<api key>')
    .replace(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, '<time>')
}

// ---------------------------------------------------------------------------------------------
// Reproducing error examples.

interface ErrorContext {
  path: string
  method: string
  operationId: string
  /** The operation's first request example (JSON when it has one). */
  body?: Record<string, unknown>
  /** The operation's second request example, for a conflicting reuse of a key. */
  otherBody?: Record<string, unknown>
}

const UNKNOWN_KEY = `pfg_live_${'a'.repeat(38)}`

/** The request's URL for an API-key route (a path parameter gets a key id that does not exist). */
const urlOf = (ctx: ErrorContext) =>
  `/v1${ctx.path.replace('{id}', 'key_01JF9A6D2M4P6R8T0V2X4Z6B8D')}`

async function sendJson(ctx: ErrorContext, headers: Record<string, string>, body = ctx.body) {
  // The operation's own examples get their images; a body made to fail keeps its failing host.
  if (body && (body === ctx.body || body === ctx.otherBody)) serveExampleImages(ctx.path, body)
  return call(urlOf(ctx), {
    method: ctx.method.toUpperCase(),
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
}

async function withKey(credits = 1000) {
  return bearer((await newAccount(credits)).apiKey)
}

/** Error examples shared by several operations, reproduced per operation. */
const SHARED_ERRORS: Record<string, (ctx: ErrorContext) => Promise<Response>> = {
  unauthorized: (ctx) => sendJson(ctx, {}),
  invalidApiKey: (ctx) => sendJson(ctx, bearer(UNKNOWN_KEY)),
  invalidIdempotencyKey: async (ctx) =>
    sendJson(ctx, { ...(await withKey()), 'idempotency-key': 'has space' }),
  unsupportedContentType: async (ctx) =>
    call(urlOf(ctx), {
      method: 'POST',
      headers: { ...(await withKey()), 'content-type': 'text/plain' },
      body: 'fig1.png',
    }),
  idempotencyConflict: async (ctx) => {
    const headers = { ...(await withKey()), 'idempotency-key': `conflict-${ctx.operationId}` }
    expect((await sendJson(ctx, headers)).status).toBe(200)
    return sendJson(ctx, headers, ctx.otherBody)
  },
  imageFetchFailed: async (ctx) => {
    server.use(
      http.get('https://example.com/missing.png', () => new HttpResponse('no', { status: 404 })),
    )
    return sendJson(ctx, await withKey(), { imageUrl: 'https://example.com/missing.png' })
  },
  imageUrlNotAllowed: async (ctx) =>
    sendJson(ctx, await withKey(), { imageUrl: 'http://localhost/fig1.png' }),
  imageTooLarge: async (ctx) => {
    const size = 10 * 1024 * 1024 + 1
    server.use(
      http.get(
        'https://example.com/huge.png',
        () => new HttpResponse(new Uint8Array(16), { headers: { 'content-length': String(size) } }),
      ),
    )
    return sendJson(ctx, await withKey(), { imageUrl: 'https://example.com/huge.png' })
  },
  adminTokenMissing: (ctx) =>
    call(`/v1${ctx.path.replace('{id}', 'acct_01JF8Z3K7QW2N5R8T1V4X6Y9BC')}`, {
      method: ctx.method.toUpperCase(),
    }),
  adminTokenInvalid: (ctx) =>
    call(`/v1${ctx.path.replace('{id}', 'acct_01JF8Z3K7QW2N5R8T1V4X6Y9BC')}`, {
      method: ctx.method.toUpperCase(),
      headers: { authorization: 'Bearer not-the-operator-token' },
    }),
  noAccount: (ctx) =>
    call(`/v1${ctx.path.replace('{id}', 'acct_01JF8Z3K7QW2N5R8T1V4X6Y9BC')}`, {
      method: ctx.method.toUpperCase(),
      headers: { ...bearer(env.ADMIN_TOKEN), 'content-type': 'application/json' },
      ...(ctx.body ? { body: JSON.stringify(ctx.body) } : {}),
    }),
}

/** 402: an account holding the balance the example names, sending a request of that price. */
async function insufficient(path: string, body: Record<string, unknown>, balance: number) {
  serveExampleImages(path, body)
  return postJson(`/v1${path}`, (await newAccount(balance)).apiKey, body)
}

const upload = async (path: string, fields: Record<string, string | Blob>) =>
  postForm(`/v1${path}`, (await newAccount(100)).apiKey, fields)

/** Error examples of one operation, by `operationId:exampleName`. */
const OPERATION_ERRORS: Record<string, () => Promise<Response>> = {
  'convertImage:invalidDpi': async () =>
    postJson('/v1/convert', (await newAccount(10)).apiKey, {
      imageUrl: 'https://example.com/drawings/fig1.png',
      dpi: 72,
    }),
  'convertImage:pageWithoutPdf': async () =>
    postJson('/v1/convert', (await newAccount(10)).apiKey, {
      imageUrl: 'https://example.com/drawings/fig1.png',
      page: 'letter',
    }),
  'convertImage:missingFile': () => upload('/convert', { format: 'png' }),
  'convertImage:unsupportedImageType': () => upload('/convert', { file: new Blob([GIF_BYTES]) }),
  'convertImage:insufficientCredits': () =>
    insufficient('/convert', { imageUrl: 'https://example.com/drawings/fig1.png', dpi: 600 }, 1),
  'vectorizeImage:invalidEngine': async () =>
    postJson('/v1/vectorize', (await newAccount(10)).apiKey, {
      imageUrl: 'https://example.com/drawings/sketch.png',
      engine: 'potrace',
    }),
  'vectorizeImage:unknownField': async () =>
    postJson('/v1/vectorize', (await newAccount(10)).apiKey, {
      imageUrl: 'https://example.com/drawings/sketch.png',
      dpi: 300,
    }),
  'vectorizeImage:unsupportedImageType': () =>
    upload('/vectorize', { file: new Blob([GIF_BYTES]) }),
  'vectorizeImage:insufficientCredits': () =>
    insufficient('/vectorize', { imageUrl: 'https://example.com/drawings/sketch.png' }, 1),
  'enhanceImage:invalidScale': async () =>
    postJson('/v1/enhance', (await newAccount(10)).apiKey, {
      imageUrl: 'https://example.com/scans/fig2-scan.png',
      scale: 3,
    }),
  'enhanceImage:missingFile': () => upload('/enhance', { scale: '2' }),
  'enhanceImage:insufficientCredits': () =>
    insufficient('/enhance', { imageUrl: 'https://example.com/scans/fig2-scan.png', scale: 4 }, 3),
  'generateFigure:missingInput': async () =>
    postJson('/v1/figures', (await newAccount(10)).apiKey, { output: 'svg' }),
  'generateFigure:promptNotDrawable': async () =>
    postJson('/v1/figures', (await newAccount(10)).apiKey, {
      prompt: 'A sunset over snowy mountains with pine trees.',
    }),
  'generateFigure:referenceImageUnavailable': async () => {
    server.use(
      http.get('https://example.com/missing.png', () => new HttpResponse('no', { status: 404 })),
    )
    return postJson('/v1/figures', (await newAccount(10)).apiKey, {
      referenceImageUrls: ['https://example.com/missing.png'],
    })
  },
  'generateFigure:promptNotUnderstood': async () =>
    postJson('/v1/figures', (await newAccount(10)).apiKey, {
      prompt: 'Draw a block diagram of my invention, the usual parts.',
    }),
  'generateFigure:insufficientCredits': () =>
    insufficient(
      '/figures',
      { prompt: 'A system 100 comprising a processor 102 coupled to a memory 104.', output: 'svg' },
      3,
    ),
  'createApiKey:emptyName': async () =>
    postJson('/v1/keys', (await newAccount(1)).apiKey, { name: '' }),
  'revokeApiKey:notFound': async () =>
    call('/v1/keys/key_01JF9A6D2M4P6R8T0V2X4Z6B8D', {
      method: 'DELETE',
      headers: await withKey(1),
    }),
  'adminCreateAccount:missingName': () => adminPost('/admin/accounts', { credits: 5 }),
  'adminAdjustCredits:zeroAmount': async () =>
    adminPost(`/admin/accounts/${(await newAccount(100)).accountId}/credits`, { amount: 0 }),
  'adminAdjustCredits:belowZero': async () =>
    adminPost(`/admin/accounts/${(await newAccount(100)).accountId}/credits`, { amount: -500 }),
  'adminCreateApiKey:emptyName': async () =>
    adminPost(`/admin/accounts/${(await newAccount(100)).accountId}/keys`, { name: '' }),
}

/**
 * Error examples this project cannot produce on demand, with the test that covers the behaviour.
 * They are still validated against the schema; their messages are copied from the code.
 */
const NOT_REPRODUCED: Record<string, string> = {
  requestInProgress: 'needs two requests racing on one key: test/api/idempotency.test.ts',
  rateLimited: 'the api project runs with limits raised for the charge race: test/limits/',
  processingFailed: 'needs an engine failure injected: test/api/processing-failure.test.ts',
  operatorApiOff: 'needs a Worker without ADMIN_TOKEN: test/api/admin.test.ts',
}

// ---------------------------------------------------------------------------------------------

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, version 1.0.0, served without a key', async () => {
    const doc = await document()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('1.0.0')
    expect(doc.servers[0]!.url).toBe('https://api.test/v1')
    const result = await validate(structuredClone(doc) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
  })

  it("keeps the spec's operationIds and exact status sets", async () => {
    const doc = await document()
    for (const [path, operationId] of [
      ['/convert', 'convertImage'],
      ['/vectorize', 'vectorizeImage'],
      ['/enhance', 'enhanceImage'],
    ] as const) {
      const operation = doc.paths[path]!.post!
      expect(operation.operationId).toBe(operationId)
      expect(Object.keys(operation.responses).sort()).toEqual([
        '200',
        '400',
        '401',
        '402',
        '409',
        '422',
        '429',
        '500',
      ])
    }
    const figures = doc.paths['/figures']!.post!
    expect(figures.operationId).toBe('generateFigure')
    // The spec lists no 422 for /figures: reference-image failures are 400s.
    expect(Object.keys(figures.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '402',
      '409',
      '429',
      '500',
    ])
    const credits = doc.paths['/credits']!.get!
    expect(credits.operationId).toBe('getCredits')
    expect(Object.keys(credits.responses).sort()).toEqual(['200', '401'])
  })

  it('documents both security schemes on every API-key operation', async () => {
    const doc = await document()
    expect(doc.components.securitySchemes.Bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.components.securitySchemes.ApiKeyHeader).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    })
    for (const path of ['/figures', '/convert', '/vectorize', '/enhance', '/credits', '/keys']) {
      for (const operation of Object.values(doc.paths[path]!)) {
        expect(operation.security).toEqual([{ Bearer: [] }, { ApiKeyHeader: [] }])
      }
    }
  })

  it('documents both body types and the Idempotency-Key with its 24 h retention', async () => {
    const doc = await document()
    for (const path of ['/convert', '/vectorize', '/enhance']) {
      expect(Object.keys(doc.paths[path]!.post!.requestBody!.content).sort()).toEqual([
        'application/json',
        'multipart/form-data',
      ])
    }
    const convert = doc.paths['/convert']!.post!
    const header = convert.parameters!.find((p) => p.name === 'idempotency-key')!
    expect(header.in).toBe('header')
    expect(header.description).toContain('24 hours')
  })

  it('leaves the file download route out', async () => {
    const doc = await document()
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/files'))).toBe(false)
  })

  it("states the spec's defaults on optional request fields, files as binary, and the /figures rule", async () => {
    const doc = await document()
    interface Body {
      properties: Record<string, { type?: string; default?: unknown; format?: string }>
      required?: string[]
      allOf?: { anyOf: { required: string[] }[] }[]
    }
    const body = (path: string, type: string) =>
      doc.paths[path]!.post!.requestBody!.content[type]!.schema as Body
    const defaults = (schema: Body) =>
      Object.fromEntries(
        Object.entries(schema.properties)
          .filter(([, field]) => field.default !== undefined)
          .map(([name, field]) => [name, field.default]),
      )
    const SPEC_DEFAULTS: Record<string, Record<string, unknown>> = {
      '/convert': { format: 'png', dpi: 300, mode: 'auto', page: 'a4' },
      '/vectorize': { format: 'svg', engine: 'lineart' },
      '/enhance': { scale: 2, dpi: 300, mode: 'auto' },
    }
    for (const [path, expected] of Object.entries(SPEC_DEFAULTS)) {
      const json = body(path, 'application/json')
      const form = body(path, 'multipart/form-data')
      expect(defaults(json), path).toEqual(expected)
      // Form fields are strings on the wire, their defaults too.
      const asText = Object.entries(expected).map(([name, value]) => [name, String(value)])
      expect(defaults(form), path).toEqual(Object.fromEntries(asText))
      expect(json.required, path).toEqual(['imageUrl'])
      expect(form.required, path).toEqual(['file'])
      expect(form.properties.file).toMatchObject({ format: 'binary' })
      expect(form.properties.file!.type).toBeUndefined()
    }
    const figures = body('/figures', 'application/json')
    expect(defaults(figures)).toEqual({ output: 'png', labeled: false })
    expect(figures.required).toBeUndefined()
    // `{}` is invalid: a prompt, a figure or referenceImageUrls must be there.
    expect(figures.allOf![0]!.anyOf.map((branch) => branch.required)).toEqual([
      ['prompt'],
      ['figure'],
      ['referenceImageUrls'],
    ])
  })

  it('serves an interactive reference that loads its script from our own origin', async () => {
    const response = await call('/v1/docs')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('/v1/openapi.json')
    expect(html).toContain('/v1/docs/scalar/standalone.js')
    expect(html).not.toMatch(/https:\/\/cdn\./)
  })
})

describe('OpenAPI examples', () => {
  it('has named examples with summaries: every body type, a 2xx, and every error status', async () => {
    const doc = await document()
    const missing: string[] = []
    const ops = operations(doc)
    expect(ops.length).toBe(12)
    for (const { path, method, operation } of ops) {
      const where = `${method.toUpperCase()} ${path}`
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        if (Object.keys(media.examples ?? {}).length === 0) missing.push(`${where} ${type} request`)
      }
      const statuses = Object.keys(operation.responses)
      expect(statuses.some((s) => s.startsWith('2'))).toBe(true)
      expect(statuses.some((s) => Number(s) >= 400)).toBe(true)
      for (const status of statuses) {
        const media = operation.responses[status]!.content?.['application/json']
        if (Object.keys(media?.examples ?? {}).length === 0) missing.push(`${where} ${status}`)
      }
      const all = [
        ...Object.values(operation.requestBody?.content ?? {}),
        ...Object.values(operation.responses).flatMap((r) => Object.values(r.content ?? {})),
      ]
      for (const media of all) {
        expect(media.example, `${where}: a lone example next to named ones`).toBeUndefined()
        for (const [name, example] of Object.entries(media.examples ?? {})) {
          if (!example.summary) missing.push(`${where} ${name}: summary`)
        }
      }
    }
    expect(missing).toEqual([])
  })

  it("validates every example against its route's zod schema, with no undeclared keys", async () => {
    const doc = await document()
    const problems: string[] = []
    let checked = 0
    for (const { path, method, operation } of operations(doc)) {
      const route = routeOf(operation.operationId)
      const where = `${method.toUpperCase()} ${path}`
      const check = (
        label: string,
        schema: z.ZodType,
        media: MediaType,
        toInput: (v: unknown) => unknown,
      ) => {
        for (const [name, example] of Object.entries(media.examples ?? {})) {
          checked++
          const parsed = schema.safeParse(toInput(example.value))
          if (!parsed.success) problems.push(`${where} ${label} ${name}: ${parsed.error.message}`)
          const extra = unknownKeys(example.value, media.schema!, doc)
          if (extra.length) problems.push(`${where} ${label} ${name}: undeclared ${extra}`)
        }
      }
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        const schema = route.request!.body!.content[type]!.schema
        const toInput = (value: unknown) =>
          type === 'multipart/form-data' ? withFiles(value as Record<string, unknown>) : value
        check(type, schema, media, toInput)
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json']
        if (!media) continue
        check(
          status,
          route.responses[status]!.content!['application/json']!.schema,
          media,
          (v) => v,
        )
      }
    }
    expect(problems).toEqual([])
    expect(checked).toBeGreaterThan(80)
  })

  it('answers every request example with its same-named response example', async () => {
    const doc = await document()
    const compared: string[] = []
    for (const { path, method, operation } of operations(doc)) {
      const success = Object.entries(operation.responses).find(([s]) => s.startsWith('2'))!
      const responses = success[1].content!['application/json']!.examples!
      const scenarios: [string, () => Promise<Response>][] = Object.entries(
        operation.requestBody?.content ?? {},
      ).flatMap(([type, media]) =>
        Object.entries(media.examples!).map(([name, example]) => [
          name,
          () => sendRequestExample(path, type, example.value as Record<string, unknown>),
        ]),
      )
      scenarios.push(...Object.entries(SUCCESS_SCENARIOS[operation.operationId] ?? {}))
      expect(scenarios.length, `${operation.operationId} has no success scenario`).toBeGreaterThan(
        0,
      )
      for (const [name, send] of scenarios) {
        const label = `${method.toUpperCase()} ${path} ${name}`
        const example = responses[name]
        expect(example, `${label}: no response example named ${name}`).toBeDefined()
        const response = await send()
        const text = await response.text()
        expect(`${label} ${response.status}`, text).toBe(`${label} ${success[0]}`)
        expect(normalize(JSON.parse(text)), label).toEqual(normalize(example!.value))
        compared.push(label)
      }
      // Every success example is shown by some request.
      for (const name of Object.keys(responses)) {
        expect(
          scenarios.map(([n]) => n),
          `${path}: ${name} is never produced`,
        ).toContain(name)
      }
    }
    expect(compared.length).toBeGreaterThanOrEqual(20)
  })

  it('answers every error example exactly as documented, status and body', async () => {
    const doc = await document()
    const unmatched: string[] = []
    let reproduced = 0
    for (const { path, method, operation } of operations(doc)) {
      const bodies = Object.values(
        operation.requestBody?.content?.['application/json']?.examples ?? {},
      )
      const ctx: ErrorContext = {
        path,
        method,
        operationId: operation.operationId,
        body: bodies[0]?.value as Record<string, unknown> | undefined,
        otherBody: bodies[1]?.value as Record<string, unknown> | undefined,
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue
        const examples = response.content!['application/json']!.examples!
        for (const [name, example] of Object.entries(examples)) {
          const label = `${operation.operationId}:${name}`
          if (NOT_REPRODUCED[name]) continue
          const reproduce =
            OPERATION_ERRORS[label] ??
            (SHARED_ERRORS[name] ? () => SHARED_ERRORS[name]!(ctx) : undefined)
          if (!reproduce) {
            unmatched.push(label)
            continue
          }
          const real = await reproduce()
          const text = await real.text()
          expect(`${label} ${real.status} ${text}`).toBe(
            `${label} ${status} ${JSON.stringify(example.value)}`,
          )
          reproduced++
        }
      }
    }
    expect(unmatched).toEqual([])
    expect(reproduced).toBeGreaterThan(50)
  })

  it('lists only not-reproduced examples that the document still has', async () => {
    const doc = await document()
    const names = new Set(
      operations(doc).flatMap(({ operation }) =>
        Object.values(operation.responses).flatMap((r) =>
          Object.keys(r.content?.['application/json']?.examples ?? {}),
        ),
      ),
    )
    for (const name of Object.keys(NOT_REPRODUCED)) expect(names).toContain(name)
  })
})
