/**
 * The SDK's public request and result types, all derived from the generated OpenAPI types
 * (schema.d.ts), so they follow the API as it changes: no second copy of the schemas.
 */

import type { components, operations } from './schema.js'

/** The four paid POST operations (the spec's operationIds). */
type PaidOperation = 'generateFigure' | 'vectorizeImage' | 'enhanceImage' | 'convertImage'
/** The operations that take an image (spec §4.7): JSON with imageUrl, or multipart with file. */
type ImageOperation = 'vectorizeImage' | 'enhanceImage' | 'convertImage'

type JsonBody<Op extends keyof operations> =
  NonNullable<operations[Op]['requestBody']> extends { content: { 'application/json': infer B } }
    ? B
    : never

type SuccessData<Op extends keyof operations, Status extends number> = operations[Op] extends {
  responses: { [S in Status]: { content: { 'application/json': { data: infer D } } } }
}
  ? D
  : never

/** Every error code the API can return (the ErrorEnvelope's `code` enum). */
export type ApiErrorCode = components['schemas']['ErrorEnvelope']['error']['code']

/**
 * An image to send as a multipart `file` part:
 * - `Blob` (or `File`), `Uint8Array`, `ArrayBuffer`: sent as is;
 * - `ReadableStream<Uint8Array>`: read once into memory, so a retry can send it again;
 * - `string`: a filesystem path, read with `node:fs/promises` (Node only; not in browsers).
 */
export type FileInput = Blob | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array> | string

/** An image given by URL, which the API fetches itself (sent as JSON). */
export interface UrlImage {
  /** A publicly reachable http(s) URL of a PNG, JPEG, WebP or TIFF image. */
  imageUrl: string
  file?: never
  filename?: never
}

/** An image uploaded from memory, a stream or a file (sent as multipart/form-data). */
export interface UploadedImage {
  file: FileInput
  /** The part's file name; defaults to the path's base name, or `image`. The API reads the type from the bytes. */
  filename?: string
  imageUrl?: never
}

/** The input of an image operation: the API's own fields for it, plus `imageUrl` or `file`. */
export type ImageInput<Op extends ImageOperation> = Omit<JsonBody<Op>, 'imageUrl'> &
  (UrlImage | UploadedImage)

/**
 * A figure's structure as a drafted figure returns it (`figure`): its elements and connections,
 * numerals as strings ("102", "102a", "S1302"), every field filled. Edit it and send it back.
 */
export type FigureStructure = components['schemas']['FigureResultStructure']
/**
 * A figure's structure as `figures.create({ figure })` takes it: a returned FigureStructure, or
 * one written by hand (label and connections optional, `arrow` forward by default, numerals as
 * strings or integers).
 */
export type FigureStructureInput = components['schemas']['Figure']
/** One element of a figure: a block, container, step, decision or terminal. */
export type FigureElement = FigureStructure['elements'][number]
/** One connection of a figure, `from` → `to` by element id. */
export type FigureConnection = FigureStructure['connections'][number]
/** One sheet of a figure (FIG. 5, or FIG. 5A, 5B, ... for a figure continued over sheets). */
export type FigureSheet = components['schemas']['FigureSheet']
/** A numeral drawn and what it names, for the specification text. */
export type FigureReference = components['schemas']['FigureReference']

/**
 * `figures.create()`: the POST /figures JSON body: a `prompt`, a `figure` structure,
 * `referenceImageUrls`, or a prompt with either; `output` and `labeled`. Or reference images
 * from disk or memory as `referenceImages` (1-4 files, sent as multipart/form-data), with an
 * optional `prompt`, `output` and `labeled`.
 */
export type FigureInput =
  | (JsonBody<'generateFigure'> & { referenceImages?: never })
  | {
      referenceImages: FileInput[]
      prompt?: string
      output?: 'png' | 'svg'
      labeled?: boolean
      figure?: never
      referenceImageUrls?: never
    }
/** `vectorize()`: format (svg, dxf, pdf) and engine (lineart, trace) plus the image. */
export type VectorizeInput = ImageInput<'vectorizeImage'>
/** `enhance()`: scale (2, 4), dpi and mode (auto, bilevel, gray) plus the image. */
export type EnhanceInput = ImageInput<'enhanceImage'>
/** `convert()`: format (png, tiff, pdf), dpi, mode and page plus the image. */
export type ConvertInput = ImageInput<'convertImage'>
/** `keys.create()`: the POST /keys JSON body. */
export type CreateKeyInput = JsonBody<'createApiKey'>

/**
 * The `data` of a paid operation's 200 response, and `replayed`: true when the API answered with
 * the stored response of an earlier request under the same Idempotency-Key
 * (`Idempotent-Replayed: true`). That request paid `creditsConsumed`; this answer charged nothing.
 */
export type PaidResult<Op extends PaidOperation> = SuccessData<Op, 200> & { replayed: boolean }
export type FigureResult = PaidResult<'generateFigure'>
export type VectorizeResult = PaidResult<'vectorizeImage'>
export type EnhanceResult = PaidResult<'enhanceImage'>
export type ConvertResult = PaidResult<'convertImage'>
export type CreditsResult = SuccessData<'getCredits', 200>
export type CreatedKey = SuccessData<'createApiKey', 201>
export type KeyList = SuccessData<'listApiKeys', 200>
export type RevokedKey = SuccessData<'revokeApiKey', 200>

/** What `onRetry` is told before the SDK waits and sends a request again. */
export interface RetryInfo {
  /** The attempt about to be made: 2 for the first retry. */
  attempt: number
  /** How long the SDK waits first, milliseconds (Retry-After when the API sent it). */
  delayMs: number
  /** Why: the error code (`REQUEST_IN_PROGRESS`, `RATE_LIMITED`, `INTERNAL_ERROR`, ...), `HTTP_<status>` for a non-JSON 5xx, or `NETWORK_ERROR`. */
  reason: string
  /** The error that caused the retry. */
  error: Error
}

/** Options of one call (the second argument of every method). */
export interface RequestOptions {
  /** The Idempotency-Key of a paid POST; by default a fresh UUID per call, reused by its retries. */
  idempotencyKey?: string
  /** Cancels the call, including any wait between retries. */
  signal?: AbortSignal
  /** Called before each retry (for progress output or logs). */
  onRetry?: (info: RetryInfo) => void
}
