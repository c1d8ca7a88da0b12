/** POST /vectorize (vectorizeImage, spec §4.3): an SVG, DXF or PDF drawn from a raster image. */

import { vectorizeCost } from '../../operations/pricing'
import { vectorizeImage, vectorizeLimits } from '../../operations/vectorize-image'
import { imageInputOf, inputParameters, loadImage } from '../input/image-input'
import { VectorizeFormSchema, VectorizeJsonSchema, VectorizeResultSchema } from '../input/schemas'
import { IMAGE_BODY } from '../openapi'
import { paidRoute } from '../paid-route'
import {
  VECTORIZE_BODY_EXAMPLES,
  VECTORIZE_ERROR_EXAMPLES,
  VECTORIZE_RESULT_EXAMPLES,
} from './vectorize.examples'

export const vectorizeRoutes = paidRoute({
  path: '/vectorize',
  operationId: 'vectorizeImage',
  tag: 'Images',
  summary: 'Vectorize a raster image to SVG, DXF or PDF',
  description:
    'Traces the image with one of two engines. `lineart` (default) redraws it as single-stroke centerlines: the paper is evened out and the ink thresholded, specks removed, strokes thinned to their centerlines, junctions placed where the lines meet, corners kept sharp, and each stroke fitted with lines, circular arcs and cubic Béziers within 1 px; the measured line weights become the pen widths. `trace` keeps fills: outlines of each colour region (bilevel images: black on white) fitted with corners and curves. SVG, DXF (R2000, LWPOLYLINE with arcs, layers per pen or colour) and PDF (vector paths) carry the same geometry. Costs 2 credits. Images up to 12 MP (`trace`: 8 MP).',
  body: {
    json: VectorizeJsonSchema,
    form: VectorizeFormSchema,
    examples: VECTORIZE_BODY_EXAMPLES,
    ...IMAGE_BODY,
  },
  result: {
    schema: VectorizeResultSchema,
    description: 'The vector file.',
    examples: VECTORIZE_RESULT_EXAMPLES,
  },
  errors: {
    statuses: [400, 401, 402, 409, 422, 429, 500],
    examples: VECTORIZE_ERROR_EXAMPLES,
    insufficient: [2, 1],
  },
  prepare: async ({ format, engine, page, ...body }) => ({
    source: await imageInputOf(body),
    format,
    engine,
    page,
  }),
  price: () => vectorizeCost(),
  parameters: ({ source, format, engine, page }) => ({
    ...inputParameters(source),
    format,
    engine,
    page,
  }),
  load: ({ source, engine }, deps) => loadImage(source, deps, vectorizeLimits(engine)),
  run: (image, { format, engine, page }, { deps, outputs }) =>
    vectorizeImage({ image, format, engine, page }, { outputs, kernels: deps.kernels }),
  logged: (out, { engine }) => ({
    engine,
    paths: out.paths,
    segments: out.segments,
    bytes: out.file.byteLength,
  }),
  present: async (out, { format, engine, page }, sign) => ({
    url: await sign(out.file.key),
    format,
    engine,
    width: out.file.width,
    height: out.file.height,
    ...(page ? { page } : {}),
    paths: out.paths,
    segments: out.segments,
    ...(out.warnings.length > 0 ? { warnings: out.warnings } : {}),
  }),
})
