// A stand-in for the Workers AI binding (env.AI) that checks each FLUX.2 request the way the
// docs describe it and answers with a real image drawn in code, plus the way to hand it to the
// Worker: the binding is not configured for tests (it would need a Cloudflare login), so
// callWithAi() runs the Worker's own fetch handler with `{ ...env, AI: fake }`.
//
// Request shape checked (https://developers.cloudflare.com/workers-ai/models/flux-2-dev/ and
// https://developers.cloudflare.com/changelog/2025-11-25-flux-2-dev-workers-ai/):
// run('@cf/black-forest-labs/flux-2-dev', { multipart: { body: ReadableStream, contentType:
// 'multipart/form-data; boundary=…' } }), form fields prompt (required), width/height (integers
// 256-1920, default 1024 × 768), steps, guidance, seed, and input_image_0 … input_image_3. Our
// contract is stricter than the service: every input image must be a PNG of at most 512 × 512.
// Answer: { image: <base64 of the file> }.
//
// It also stands in for the text model /figures may ask to read a prompt (Workers AI JSON mode,
// https://developers.cloudflare.com/workers-ai/features/json-mode/): run(model, { messages:
// [{ role, content }], response_format: { type: 'json_schema', json_schema } }) answers
// { response: <object> }; the object is whatever the test set as `figureAnswer` (the real model
// may not follow the schema either, so tests hand it wrong answers too).

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { FLUX_MODEL } from '../../src/adapters/ai/flux-figure-model'
import { FIGURE_READER_MODEL } from '../../src/adapters/ai/text-figure-reader'
import worker from '../../src/index'
import { BASE, bearer } from './api'
import { pngHeader, toPng } from './images'
import { mechanicalPart } from './mechanical-part'

/** What the fake answers: a drawing, an outage, or a broken answer. */
export type FakeAiMode =
  /** `{ image }`: a gray PNG of a mechanical part at the requested size */
  | 'draw'
  /** throws an InferenceUpstreamError, as the binding does when the service fails */
  | 'fail'
  /** `{ image }` whose bytes are HTML, not an image */
  | 'not-an-image'
  /** `{}`: an answer without an image */
  | 'no-image'

/** One accepted request, parsed. */
export interface FakeAiCall {
  model: string
  prompt: string
  width: number
  height: number
  /** The input_image_N parts in N order, with their IHDR sizes. */
  references: { bytes: Uint8Array; width: number; height: number }[]
  /** Every form field name, in the order sent. */
  fields: string[]
}

/**
 * The error the binding throws: its message is `<internal code>: <description>` and its name
 * comes from the service (workerd src/cloudflare/internal/ai-api.ts). The codes used here are
 * illustrative (5006 for a refused input, 3040 for no capacity).
 */
export class FakeAiError extends Error {
  constructor(message: string, name = 'InferenceUpstreamError') {
    super(message)
    this.name = name
  }
}

const DOCUMENTED_FIELDS = new Set(['prompt', 'width', 'height', 'steps', 'guidance', 'seed'])
const INPUT_IMAGE = /^input_image_([0-3])$/
const BOUNDARY = /^multipart\/form-data;\s*boundary=("?)[^";]+\1$/i
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** One text-model request, parsed. */
export interface FakeTextCall {
  prompt: string
  system: string
  schema: Record<string, unknown>
}

/** A fake `env.AI` for FLUX.2 and the figure reader's text model. */
export class FakeAi {
  /** The requests that passed the checks, in order. */
  readonly calls: FakeAiCall[] = []
  /** The text-model requests, in order. */
  readonly textCalls: FakeTextCall[] = []
  /** Why each refused request was refused, in order. */
  readonly refusals: string[] = []
  /** What the text model answers as `response` (undefined: it throws, as an outage does). */
  figureAnswer: unknown = undefined

  constructor(public mode: FakeAiMode = 'draw') {}

  async run(model: string, inputs: unknown): Promise<{ image?: string; response?: unknown }> {
    if (model === FIGURE_READER_MODEL) return this.read(inputs)
    let call: FakeAiCall
    try {
      call = await parseRequest(model, inputs)
    } catch (error) {
      if (error instanceof FakeAiError) this.refusals.push(error.message)
      throw error
    }
    this.calls.push(call)
    switch (this.mode) {
      case 'draw':
        return { image: toBase64(await drawingPng(call.width, call.height)) }
      case 'fail':
        throw new FakeAiError('3040: Capacity temporarily exceeded, please try again.')
      case 'not-an-image':
        return { image: btoa('<!doctype html><title>502 Bad Gateway</title>') }
      case 'no-image':
        return {}
    }
  }

  /** The text model: checks the JSON-mode request, answers `figureAnswer`. */
  private read(inputs: unknown): { response: unknown } {
    const request = inputs as {
      messages?: { role?: string; content?: unknown }[]
      response_format?: { type?: string; json_schema?: unknown }
    }
    const messages = request?.messages
    if (!Array.isArray(messages) || messages.length === 0) {
      throw refuse("required properties at '/' are 'messages' (a non-empty list)")
    }
    for (const m of messages) {
      if (
        !['system', 'user', 'assistant'].includes(m?.role ?? '') ||
        typeof m?.content !== 'string'
      ) {
        throw refuse(
          "each message needs a 'role' (system, user or assistant) and a string 'content'",
        )
      }
    }
    const format = request.response_format
    if (
      format?.type !== 'json_schema' ||
      typeof format.json_schema !== 'object' ||
      !format.json_schema
    ) {
      throw refuse("'/response_format' must be { type: 'json_schema', json_schema: { ... } }")
    }
    this.textCalls.push({
      prompt: String([...messages].reverse().find((m) => m.role === 'user')?.content ?? ''),
      system: String(messages.find((m) => m.role === 'system')?.content ?? ''),
      schema: format.json_schema as Record<string, unknown>,
    })
    if (this.figureAnswer === undefined) {
      throw new FakeAiError('3040: Capacity temporarily exceeded, please try again.')
    }
    return { response: this.figureAnswer }
  }

  /** This fake as the binding's type, for `{ ...env, AI: fake.binding }`. */
  get binding(): Ai {
    return this as unknown as Ai
  }
}

const refuse = (description: string) => new FakeAiError(`5006: ${description}`, 'AiError')

async function parseRequest(model: string, inputs: unknown): Promise<FakeAiCall> {
  if (model !== FLUX_MODEL) throw new FakeAiError(`5007: No such model ${model} or task`, 'AiError')
  if (!inputs || typeof inputs !== 'object' || Object.keys(inputs).join() !== 'multipart') {
    throw refuse("required properties at '/' are 'multipart' (and nothing else)")
  }
  const { body, contentType } = (inputs as { multipart: Record<string, unknown> }).multipart
  if (!(body instanceof ReadableStream)) {
    throw refuse("'/multipart/body' must be the stream of a serialized form")
  }
  if (typeof contentType !== 'string' || !BOUNDARY.test(contentType)) {
    throw refuse(
      `'/multipart/contentType' must be multipart/form-data with a boundary, not ${contentType}`,
    )
  }
  let form: FormData
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData()
  } catch (error) {
    throw refuse(`the multipart body could not be parsed (${(error as Error).message})`)
  }
  const fields = [...form.keys()]
  const prompt = form.get('prompt')
  if (typeof prompt !== 'string' || prompt.trim() === '') {
    throw refuse("required properties at '/' are 'prompt' (a non-empty string)")
  }
  const width = side(form, 'width', 1024)
  const height = side(form, 'height', 768)
  const indices: number[] = []
  for (const name of fields) {
    const index = INPUT_IMAGE.exec(name)?.[1]
    if (index !== undefined) indices.push(Number(index))
    else if (!DOCUMENTED_FIELDS.has(name)) throw refuse(`unknown field '${name}'`)
    if (form.getAll(name).length > 1) throw refuse(`field '${name}' is sent more than once`)
  }
  indices.sort()
  if (indices.some((n, i) => n !== i)) {
    throw refuse(`input images must be numbered from input_image_0 on, got ${indices.join(', ')}`)
  }
  const references = []
  for (const n of indices) {
    const part = form.get(`input_image_${n}`)
    if (typeof part === 'string') throw refuse(`input_image_${n} must be a binary image file`)
    const bytes = new Uint8Array(await part!.arrayBuffer())
    if (bytes.length < 24 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) {
      throw refuse(`input_image_${n} is not a PNG`)
    }
    const { width: w, height: h } = pngHeader(bytes)
    if (w > 512 || h > 512) throw refuse(`input_image_${n} is ${w}x${h}; at most 512x512`)
    references.push({ bytes, width: w, height: h })
  }
  return { model, prompt, width, height, references, fields }
}

function side(form: FormData, name: 'width' | 'height', fallback: number): number {
  const value = form.get(name)
  if (value === null) return fallback
  if (typeof value !== 'string' || !/^\d+$/.test(value)) {
    throw refuse(`'/${name}' must be an integer, not ${String(value)}`)
  }
  const n = Number(value)
  if (n < 256 || n > 1920) throw refuse(`'/${name}' must be from 256 to 1920, not ${n}`)
  return n
}

const drawings = new Map<string, Promise<Uint8Array>>()

/** The fake's answer at `width × height`, drawn once per size. */
function drawingPng(width: number, height: number): Promise<Uint8Array> {
  const key = `${width}x${height}`
  let png = drawings.get(key)
  if (!png) {
    png = toPng(mechanicalPart(width, height))
    drawings.set(key, png)
  }
  return png
}

/** Standard base64 of `bytes`, in slices (a String.fromCharCode spread has an argument limit). */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

/**
 * Sends a request to the Worker with `ai` as its AI binding (or without one, for `null`): the
 * Worker's default export runs with `{ ...env, AI }`, on the real local D1, R2 and Durable
 * Objects, exactly as `call()` in ./api.ts does through `exports.default`.
 * @example
 * const ai = new FakeAi()
 * const response = await callWithAi(ai, '/v1/figures', {
 *   method: 'POST',
 *   headers: { ...bearer(apiKey), 'content-type': 'application/json' },
 *   body: JSON.stringify({ prompt: 'a pulley on a bracket' }),
 * })
 * expect(ai.calls).toHaveLength(1)
 */
export async function callWithAi(
  ai: FakeAi | null,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const ctx = createExecutionContext()
  const bindings = ai ? { ...env, AI: ai.binding } : env
  const response = await worker.fetch(new Request(`${BASE}${path}`, init), bindings, ctx)
  await waitOnExecutionContext(ctx)
  return response
}

/** POSTs JSON with a key through {@link callWithAi}. */
export function postJsonWithAi(
  ai: FakeAi | null,
  path: string,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return callWithAi(ai, path, {
    method: 'POST',
    headers: { ...bearer(key), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}
