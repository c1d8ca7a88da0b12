/**
 * REST answers as MCP tool results: a 200's `data` becomes `structuredContent` (with its JSON as
 * text, output files as resource links and SVG markup as embedded resources); an error envelope
 * becomes a result with `isError: true` carrying our code and message, as MCP asks for failures
 * the model should see and can act on.
 */

import type { ErrorCode } from '../../errors'
import { readLimited } from '../../lib/read-limited'
import { err, ok, type Result } from '../../lib/result'

/**
 * Most SVG markup one result embeds, bytes (UTF-8), over all its sheets. Markup is for the
 * assistant to read or edit, so a larger drawing (a detailed trace can run to megabytes) is left
 * to its download URL rather than flooding the model's context; `structuredContent` still holds
 * what the REST answer holds (a figure's `svg` always, a vectorized file never).
 */
export const MAX_INLINE_SVG_BYTES = 256 * 1024

/** An MCP content block (the kinds these results use). */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'resource_link'; uri: string; name: string; title?: string; mimeType?: string }
  | { type: 'resource'; resource: { uri: string; mimeType: string; text: string } }

/** A tools/call result. */
export interface ToolResult {
  content: ContentBlock[]
  structuredContent?: Record<string, unknown>
  isError?: true
  _meta?: Record<string, unknown>
  [key: string]: unknown
}

/** What turning an answer into a result needs: how to download an output file. */
export interface ResultContext {
  /** GETs one of our signed output URLs (through the Worker itself). */
  download: (url: string) => Promise<Response>
}

/** A tool error the model can act on: the code and message exactly as REST would send them. */
export function errorResult(
  code: ErrorCode | string,
  message: string,
  meta: Record<string, unknown> = {},
): ToolResult {
  return {
    content: [{ type: 'text', text: `${code}: ${message}` }],
    isError: true,
    _meta: { errorCode: code, ...meta },
  }
}

/** Media types of the output files, by extension. */
const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
  dxf: 'image/vnd.dxf',
}

interface OutputFile {
  url: string
  label?: string
  /** The SVG markup, when the REST answer carries it. */
  svg?: string
}

/** How a tool's SVG markup is found: in the answer's `sheets`, or by downloading `url`. */
export type SvgSource = 'sheets' | 'file'

/**
 * The tool result for a REST response.
 * @param svg where the markup of an SVG result is (undefined: the tool makes no SVG)
 */
export async function toolResult(
  response: Response,
  svg: SvgSource | undefined,
  context: ResultContext,
): Promise<ToolResult> {
  const requestId = response.headers.get('x-request-id') ?? undefined
  const text = await response.text()
  const body = parseJson(text) as
    | {
        success?: boolean
        data?: Record<string, unknown>
        error?: { code?: string; message?: string }
      }
    | undefined
  if (response.status === 200 && body?.success === true && body.data) {
    const replayed = response.headers.get('idempotent-replayed') === 'true'
    return successResult(body.data, svg, context, { requestId, replayed })
  }
  const code = body?.error?.code ?? 'INTERNAL_ERROR'
  const message = body?.error?.message ?? `The operation failed with HTTP ${response.status}`
  const retryAfter = response.headers.get('retry-after')
  return errorResult(code, retryAfter ? `${message} (retry after ${retryAfter} s)` : message, {
    httpStatus: response.status,
    ...(requestId ? { requestId } : {}),
    ...(retryAfter ? { retryAfterSeconds: Number(retryAfter) } : {}),
  })
}

async function successResult(
  data: Record<string, unknown>,
  svg: SvgSource | undefined,
  context: ResultContext,
  meta: { requestId?: string; replayed: boolean },
): Promise<ToolResult> {
  const files = outputFiles(data)
  const embedded: ContentBlock[] = []
  const notes: string[] = []
  let budget = MAX_INLINE_SVG_BYTES
  for (const file of svgFiles(data, files, svg)) {
    const markup = file.svg !== undefined ? ok(file.svg) : await downloadText(context, file.url)
    const bytes = markup.ok ? new TextEncoder().encode(markup.value).byteLength : 0
    if (!markup.ok || bytes > budget) {
      const what = file.label ?? 'the file'
      notes.push(
        !markup.ok && markup.error === 'unavailable'
          ? `The SVG markup of ${what} could not be read back; download it from ${file.url}`
          : `The SVG markup of ${what} is not embedded (it would pass ${MAX_INLINE_SVG_BYTES} bytes); download it from ${file.url}`,
      )
      continue
    }
    budget -= bytes
    embedded.push({
      type: 'resource',
      resource: { uri: file.url, mimeType: 'image/svg+xml', text: markup.value },
    })
  }
  const inlined = new Set(
    embedded.map((block) => (block.type === 'resource' ? block.resource.text : '')),
  )
  const content: ContentBlock[] = [
    { type: 'text', text: JSON.stringify(withoutMarkup(data, inlined)) },
  ]
  if (meta.replayed) {
    content.push({
      type: 'text',
      text: 'Replayed: this is the stored result of an earlier call with the same idempotencyKey; nothing was charged this time.',
    })
  }
  for (const note of notes) content.push({ type: 'text', text: note })
  for (const file of files) content.push(resourceLink(file))
  content.push(...embedded)
  return {
    content,
    structuredContent: data,
    _meta: {
      ...(meta.requestId ? { requestId: meta.requestId } : {}),
      ...(meta.replayed ? { idempotentReplayed: true } : {}),
    },
  }
}

/** Every output file the answer links to (the first sheet is also `url`, listed once). */
function outputFiles(data: Record<string, unknown>): OutputFile[] {
  const files: OutputFile[] = []
  const add = (file: OutputFile) => {
    if (!files.some((known) => known.url === file.url)) files.push(file)
  }
  if (Array.isArray(data.sheets)) {
    for (const sheet of data.sheets as { url?: unknown; label?: unknown; svg?: unknown }[]) {
      if (typeof sheet.url !== 'string') continue
      add({
        url: sheet.url,
        ...(typeof sheet.label === 'string' ? { label: sheet.label } : {}),
        ...(typeof sheet.svg === 'string' ? { svg: sheet.svg } : {}),
      })
    }
  }
  if (typeof data.url === 'string') add({ url: data.url })
  if (typeof data.previewUrl === 'string') add({ url: data.previewUrl, label: 'preview' })
  return files
}

/** The files whose markup to embed. */
function svgFiles(
  data: Record<string, unknown>,
  files: OutputFile[],
  svg: SvgSource | undefined,
): OutputFile[] {
  if (svg === 'sheets') return files.filter((file) => file.svg !== undefined)
  if (svg === 'file' && data.format === 'svg') return files.filter((file) => file.url === data.url)
  return []
}

function resourceLink(file: OutputFile): ContentBlock {
  const name = decodeURIComponent(new URL(file.url).pathname.split('/').pop() ?? 'file')
  const mimeType = MIME_BY_EXTENSION[name.split('.').pop()?.toLowerCase() ?? '']
  return {
    type: 'resource_link',
    uri: file.url,
    name,
    ...(file.label ? { title: file.label } : {}),
    ...(mimeType ? { mimeType } : {}),
  }
}

/** Downloads an output as text, stopping once it passes the embedding limit. */
async function downloadText(
  context: ResultContext,
  url: string,
): Promise<Result<string, 'too_large' | 'unavailable'>> {
  const response = await context.download(url)
  if (response.status !== 200) {
    await response.body?.cancel()
    return err('unavailable')
  }
  const read = await readLimited(response.body, MAX_INLINE_SVG_BYTES)
  return read.ok ? ok(new TextDecoder().decode(read.bytes)) : err('too_large')
}

/**
 * The data as text for the model: each `svg` field replaced by a note saying where the markup is
 * (the embedded resource, or only `structuredContent` when it was over the embedding budget).
 */
function withoutMarkup(value: unknown, inlined: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutMarkup(item, inlined))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === 'svg' && typeof inner === 'string'
        ? `(${inner.length} characters of SVG markup, ${inlined.has(inner) ? 'in the image/svg+xml resource of this result' : 'in structuredContent'})`
        : withoutMarkup(inner, inlined),
    ]),
  )
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
