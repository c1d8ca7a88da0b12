/**
 * The {@link FigureModel} on Workers AI: FLUX.2 [dev] through the AI binding (the processing step
 * of POST /figures). One call draws one image from a prompt and up to 4 reference images.
 *
 * Request and answer as Cloudflare documents them for the binding
 * (https://developers.cloudflare.com/workers-ai/models/flux-2-dev/ and the launch note
 * https://developers.cloudflare.com/changelog/2025-11-25-flux-2-dev-workers-ai/):
 * - `env.AI.run('@cf/black-forest-labs/flux-2-dev', { multipart: { body, contentType } })`, where
 *   `body` is the stream of a serialized FormData and `contentType` its
 *   `multipart/form-data; boundary=…` header (`new Response(form)` makes both);
 * - form fields: `prompt` (required), `width` and `height` (256-1920, default 1024 × 768), and
 *   `input_image_0` … `input_image_3`, binary images of at most 512 × 512 each (also documented:
 *   `steps`, `guidance`, `seed`, left at their defaults here);
 * - answer: `{ image: <base64 of the image file> }`. On failure the binding throws (an
 *   `InferenceUpstreamError`, message `<internal code>: <description>`).
 */

import { fromBase64 } from '../../lib/base64'
import type { FigureModel } from '../ports'

/**
 * The model. FLUX.2 [dev] rather than [klein] 4B/9B: its page and launch note are the ones that
 * document the reference-image contract we build on (4 inputs of 512 × 512), and it is the full
 * model with an adjustable sampler (the docs' example runs 25 steps), where klein is distilled to
 * a fixed 4 steps for speed. For patent figures we put fidelity first; the two have not been
 * compared on our prompts (no Workers AI account here). The cost, from the model pages: [dev]
 * $0.00041 per output 512 × 512 tile per step and $0.00021 per input tile per step, so a
 * 1024 × 768 drawing (4 tiles) with four references at 25 steps is about $0.06; klein 4B would
 * be about $0.0014, and is faster. Switching is this one constant: klein takes the same form.
 */
export const FLUX_MODEL = '@cf/black-forest-labs/flux-2-dev'

/** Reference images one call may carry (`input_image_0` … `input_image_3`). */
export const FLUX_MAX_REFERENCES = 4
/** Longest side of a reference image, pixels. */
export const FLUX_MAX_REFERENCE_SIDE_PX = 512
/** Output sides the model accepts, pixels. */
export const FLUX_MIN_SIDE_PX = 256
export const FLUX_MAX_SIDE_PX = 1920

/** The part of the AI binding this adapter uses; `Ai` satisfies it, and so does the test fake. */
export interface FluxRunner {
  run(
    model: typeof FLUX_MODEL,
    inputs: { multipart: { body: ReadableStream<Uint8Array>; contentType: string } },
  ): Promise<{ image?: string }>
}

/** The model answered, but not with an image: an upstream fault (a 500 for the request). */
export class FluxAnswerError extends Error {
  override readonly name = 'FluxAnswerError'
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** Draws figures with FLUX.2 [dev] through the Workers AI binding. */
export class FluxFigureModel implements FigureModel {
  constructor(private readonly ai: FluxRunner) {}

  /**
   * Sends one multipart request and returns the decoded image file.
   * @throws RangeError for input the model would refuse (a caller bug: empty prompt, more than 4
   *   references, a reference that is not a PNG of at most 512 × 512, a side outside 256-1920)
   * @throws FluxAnswerError when the answer has no image, is not base64, or is not a PNG, JPEG
   *   or WebP file
   * @throws whatever the binding throws (InferenceUpstreamError and the like), unchanged
   */
  async draw(input: {
    prompt: string
    references: Uint8Array[]
    width: number
    height: number
  }): Promise<Uint8Array> {
    checkInput(input)
    const form = new FormData()
    form.append('prompt', input.prompt)
    form.append('width', String(input.width))
    form.append('height', String(input.height))
    input.references.forEach((png, i) => {
      form.append(
        `input_image_${i}`,
        new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }),
        `reference-${i}.png`,
      )
    })
    // FormData has no public serializer: a Response makes the body and its boundary (as the docs do).
    const serialized = new Response(form)
    const contentType = serialized.headers.get('content-type')
    if (!serialized.body || !contentType) throw new Error('FormData did not serialize')
    const answer = await this.ai.run(FLUX_MODEL, {
      multipart: { body: serialized.body, contentType },
    })
    return imageOf(answer)
  }
}

function checkInput(input: {
  prompt: string
  references: Uint8Array[]
  width: number
  height: number
}): void {
  if (input.prompt.trim() === '') {
    throw new RangeError('Expected a non-empty prompt for FLUX.2 but received an empty one')
  }
  if (input.references.length > FLUX_MAX_REFERENCES) {
    throw new RangeError(
      `Expected at most ${FLUX_MAX_REFERENCES} references for FLUX.2 but received ${input.references.length}`,
    )
  }
  for (const [name, side] of [
    ['width', input.width],
    ['height', input.height],
  ] as const) {
    if (!Number.isInteger(side) || side < FLUX_MIN_SIDE_PX || side > FLUX_MAX_SIDE_PX) {
      throw new RangeError(
        `Expected an integer from ${FLUX_MIN_SIDE_PX} to ${FLUX_MAX_SIDE_PX} for ${name} but received ${side}`,
      )
    }
  }
  input.references.forEach((png, i) => {
    const size = pngSize(png)
    if (!size) {
      throw new RangeError(`Expected a PNG for reference ${i} but received other bytes`)
    }
    if (size.width > FLUX_MAX_REFERENCE_SIDE_PX || size.height > FLUX_MAX_REFERENCE_SIDE_PX) {
      throw new RangeError(
        `Expected at most ${FLUX_MAX_REFERENCE_SIDE_PX} × ${FLUX_MAX_REFERENCE_SIDE_PX} px for reference ${i} but received ${size.width} × ${size.height}`,
      )
    }
  })
}

/** Width and height from a PNG's IHDR (it must come first), or null when `bytes` is no PNG. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint32(12) !== 0x49484452) return null
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

/** The image file in the answer, checked by its magic bytes. */
function imageOf(answer: unknown): Uint8Array {
  const image = (answer as { image?: unknown } | null)?.image
  if (typeof image !== 'string' || image.length === 0) {
    throw new FluxAnswerError(`${FLUX_MODEL} answered without an image (${shapeOf(answer)})`)
  }
  // Not documented, but cheap to allow: a data URL around the base64.
  const bytes = fromBase64(image.startsWith('data:') ? image.slice(image.indexOf(',') + 1) : image)
  if (!bytes) throw new FluxAnswerError(`${FLUX_MODEL} answered with an image that is not base64`)
  if (!isImageFile(bytes)) {
    const head = Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, '0'))
    throw new FluxAnswerError(
      `${FLUX_MODEL} answered with ${bytes.length} bytes that are not a PNG, JPEG or WebP file (first bytes ${head.join(' ')})`,
    )
  }
  return bytes
}

function isImageFile(bytes: Uint8Array): boolean {
  const png = bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)
  const jpeg = bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  const webp = bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP'
  return png || jpeg || webp
}

/** What an answer without an image looked like, for the log: its type and keys, no values. */
function shapeOf(answer: unknown): string {
  if (answer === null || typeof answer !== 'object') return `a ${typeof answer}`
  return `an object with keys ${Object.keys(answer).join(', ') || '(none)'}`
}
