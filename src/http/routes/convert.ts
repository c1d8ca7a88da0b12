/** POST /convert (convertImage, spec §4.5): a filing-ready PNG, TIFF or PDF. */

import { convertImage } from '../../operations/convert-image'
import { convertCost } from '../../operations/pricing'
import { imageInputOf, inputParameters, loadImage } from '../input/image-input'
import { ConvertFormSchema, ConvertJsonSchema, ConvertResultSchema } from '../input/schemas'
import { IMAGE_BODY } from '../openapi'
import { paidRoute } from '../paid-route'
import {
  CONVERT_BODY_EXAMPLES,
  CONVERT_ERROR_EXAMPLES,
  CONVERT_RESULT_EXAMPLES,
} from './convert.examples'

export const convertRoutes = paidRoute({
  path: '/convert',
  operationId: 'convertImage',
  tag: 'Images',
  summary: 'Export a filing-ready PNG, TIFF or PDF',
  description:
    'Flattens the image onto white and resizes it in gray so the long edge is 2048 px (300 DPI) or 4096 px (600 DPI), aspect kept; line art is then filed black and white (1-bit, CCITT G4 in TIFF and PDF) and continuous tone as 8-bit gray (`mode` can force either). The DPI is stamped in the file: PNG pHYs, TIFF resolution tags, PDF image placed at that density inside the sight of an A4 or Letter page (a landscape figure is turned so its top is on the left). TIFF and PDF also return a PNG preview of the filed page. Costs 1 credit at 300 DPI and 2 at 600 DPI.',
  body: {
    json: ConvertJsonSchema,
    form: ConvertFormSchema,
    examples: CONVERT_BODY_EXAMPLES,
    ...IMAGE_BODY,
  },
  result: {
    schema: ConvertResultSchema,
    description: 'The converted file.',
    examples: CONVERT_RESULT_EXAMPLES,
  },
  errors: {
    statuses: [400, 401, 402, 409, 422, 429, 500],
    examples: CONVERT_ERROR_EXAMPLES,
    insufficient: [2, 1],
  },
  prepare: async ({ format, mode, ...body }) => ({
    source: await imageInputOf(body),
    format,
    mode,
    dpi: body.dpi as 300 | 600,
    page: format === 'pdf' ? (body.page ?? 'a4') : undefined,
  }),
  price: ({ dpi }) => convertCost(dpi),
  parameters: ({ source, format, dpi, mode, page }) => ({
    ...inputParameters(source),
    format,
    dpi,
    mode,
    page,
  }),
  load: ({ source }, deps) => loadImage(source, deps),
  run: (image, { format, dpi, mode, page }, { deps, outputs }) =>
    convertImage(
      { image, format, dpi, mode, page: page ?? 'a4' },
      { outputs, kernels: deps.kernels },
    ),
  // Why the page is black and white or gray: what support needs when a user asks.
  logged: (out) => ({ mode: out.mode, reason: out.modeReason }),
  present: async (out, { format, dpi, page }, sign) => ({
    url: await sign(out.file.key),
    ...(out.preview ? { previewUrl: await sign(out.preview.key) } : {}),
    format,
    dpi,
    mode: out.mode,
    width: out.file.width,
    height: out.file.height,
    ...(page ? { page } : {}),
    ...(out.warnings.length > 0 ? { warnings: out.warnings } : {}),
  }),
})
