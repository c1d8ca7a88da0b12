/** POST /enhance (enhanceImage, spec §4.4): an image upscaled x2 or x4, its DPI stamped. */

import { ENHANCE_LIMITS, enhanceImage } from '../../operations/enhance-image'
import { enhanceCost } from '../../operations/pricing'
import { imageInputOf, inputParameters, loadImage } from '../input/image-input'
import { EnhanceFormSchema, EnhanceJsonSchema, EnhanceResultSchema } from '../input/schemas'
import { IMAGE_BODY } from '../openapi'
import { paidRoute } from '../paid-route'
import {
  ENHANCE_BODY_EXAMPLES,
  ENHANCE_ERROR_EXAMPLES,
  ENHANCE_RESULT_EXAMPLES,
} from './enhance.examples'

export const enhanceRoutes = paidRoute({
  path: '/enhance',
  operationId: 'enhanceImage',
  tag: 'Images',
  summary: 'Upscale an image x2 or x4 (line art redrawn, photos by super-resolution), to PNG',
  description:
    "Line art (drawings, scans, sketches, screenshots of figures, as /convert judges them) is redrawn at the new size: each input pixel says how much of its block was ink, and the strokes are rebuilt to hold exactly that ink, solid with a one-pixel anti-aliased edge on white paper, thin lines kept; a black-and-white input comes back black and white (`mode`). Photos and gray artwork go through a learned super-resolution network (ESRGAN-slim, run in our own WebAssembly SIMD engine inside the Worker); an alpha channel is upscaled separately with a bicubic filter. Flat areas and blank paper come back exactly as they were. Tile by tile, so any allowed size fits in memory; the PNG's pHYs carries the requested DPI. Costs 2 credits at x2 and 4 at x4. Inputs up to 3 MP (x2) or 2 MP (x4), and 4096 or 2048 px on the long edge, so the output stays within 8192 px.",
  body: {
    json: EnhanceJsonSchema,
    form: EnhanceFormSchema,
    examples: ENHANCE_BODY_EXAMPLES,
    ...IMAGE_BODY,
  },
  result: {
    schema: EnhanceResultSchema,
    description: 'The upscaled PNG.',
    examples: ENHANCE_RESULT_EXAMPLES,
  },
  errors: {
    statuses: [400, 401, 402, 409, 422, 429, 500],
    examples: ENHANCE_ERROR_EXAMPLES,
    insufficient: [4, 3],
  },
  prepare: async ({ mode, ...body }) => ({
    source: await imageInputOf(body),
    scale: body.scale as 2 | 4,
    dpi: body.dpi as 300 | 600,
    mode,
  }),
  price: ({ scale }) => enhanceCost(scale),
  parameters: ({ source, scale, dpi, mode }) => ({ ...inputParameters(source), scale, dpi, mode }),
  load: ({ source, scale }, deps) => loadImage(source, deps, ENHANCE_LIMITS[scale]),
  run: (image, { scale, dpi, mode }, { deps, outputs }) =>
    enhanceImage({ image, scale, dpi, mode }, { outputs, kernels: deps.kernels }),
  logged: (out, { scale }) => ({
    scale,
    method: out.plan.method,
    mode: out.plan.output,
    reason: out.modeReason,
    width: out.file.width,
    height: out.file.height,
    bytes: out.file.byteLength,
  }),
  present: async (out, { scale, dpi }, sign) => ({
    url: await sign(out.file.key),
    scale,
    dpi,
    width: out.file.width,
    height: out.file.height,
    mode: out.plan.output,
    method: out.plan.method,
    ...(out.warnings.length > 0 ? { warnings: out.warnings } : {}),
  }),
})
