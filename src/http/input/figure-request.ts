/**
 * Steps 5 and 8 of POST /figures: the validated body as the steps share it (uploads read and
 * hashed before anything is charged), the parameters its fingerprint covers, and its input: the
 * references fetched and the figure planned, so a prompt we cannot draw costs nothing.
 */

import type { z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { planFigure } from '../../operations/plan-figure'
import type { ImageInput } from './image-input'
import {
  admitUploadedReferences,
  loadReferenceImages,
  readUploadedReferences,
} from './reference-images'
import type { FiguresFormSchema, FiguresJsonSchema } from './schemas'

type FiguresBody = z.infer<typeof FiguresJsonSchema> | z.infer<typeof FiguresFormSchema>

/** A /figures request: the body's fields, with its uploads read. */
export interface FigureRequest {
  prompt: string | undefined
  figure: Extract<FiguresBody, { figure?: unknown }>['figure'] | undefined
  output: FiguresBody['output']
  labeled: boolean
  urls: string[]
  uploads: ImageInput[]
}

/** Reads the body; uploads are read (and hashed for the fingerprint) here, before any charge. */
export async function readFigureRequest(body: FiguresBody): Promise<FigureRequest> {
  return {
    prompt: body.prompt,
    figure: 'figure' in body ? body.figure : undefined,
    output: body.output,
    labeled: body.labeled,
    urls: ('referenceImageUrls' in body ? body.referenceImageUrls : undefined) ?? [],
    uploads: await readUploadedReferences(
      ('referenceImages' in body ? body.referenceImages : undefined) ?? [],
    ),
  }
}

/** The normalised parameters: an upload as its SHA-256. */
export const figureParameters = (request: FigureRequest): Record<string, unknown> => ({
  prompt: request.prompt ?? null,
  figure: request.figure ?? null,
  output: request.output,
  labeled: request.labeled,
  referenceImageUrls: request.urls,
  ...(request.uploads.length > 0
    ? { referenceImages: request.uploads.map((u) => (u.kind === 'upload' ? u.sha256 : u.url)) }
    : {}),
})

/** Step 8: the references fetched and admitted, and the figure planned. */
export async function loadFigureInput(request: FigureRequest, deps: Deps) {
  const references = [
    ...(await loadReferenceImages(request.urls, deps)),
    ...(await admitUploadedReferences(request.uploads, deps)),
  ]
  const plan = await planFigure({
    prompt: request.prompt,
    figure: request.figure,
    references: references.length,
    hasModel: deps.figureModel !== null,
    reader: deps.figureReader,
  })
  return { references, plan }
}
