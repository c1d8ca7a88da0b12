/**
 * Request and result schemas, mirroring the spec's tables (§2.3, §4). The same zod schemas
 * validate requests and generate the OpenAPI document. JSON bodies are strict (an unknown field
 * is an error, so a typo such as `dpis` is caught); multipart numbers arrive as strings.
 */

import { z } from '@hono/zod-openapi'

/** Largest accepted imageUrl, characters. */
const MAX_URL_LENGTH = 2048

const fileProblem = (input: unknown): string =>
  Array.isArray(input)
    ? `Expected one file for file but received ${input.length}`
    : input === undefined
      ? 'file is required'
      : 'Expected a file upload for file but received a text field'

/** The uploaded image part. */
export const ImageFileSchema = z
  .custom<File>((value) => value instanceof File, { error: (issue) => fileProblem(issue.input) })
  .openapi({
    type: 'string',
    format: 'binary',
    description:
      'PNG, JPEG, WebP or TIFF (detected from the bytes), at most 10 MiB, 12,000 px a side and 40 MP (WebP 5 MP: its decoder holds the whole image).',
  })

/** A publicly reachable http(s) image URL. */
export const ImageUrlSchema = z.url().max(MAX_URL_LENGTH).openapi({
  description:
    'A publicly reachable http(s) URL of a PNG, JPEG, WebP or TIFF image (at most 10 MiB, 12,000 px a side, 40 MP; WebP 5 MP). Private, loopback and link-local addresses, other ports than 80/443 and more than 3 redirects are refused with 422.',
  example: 'https://example.com/drawings/fig1.png',
})

const ConvertFormatSchema = z.enum(['png', 'tiff', 'pdf']).openapi({
  description: 'Output file format.',
})

const convertDescriptions = {
  dpi: 'Density: 300 targets the 2K preset (long edge 2048 px), 600 the 4K preset (4096 px); the same printed size either way.',
  mode: 'How the page is filed. `auto` decides per image: line art (almost all pixels near black or white) becomes black and white (1-bit; CCITT G4 in TIFF and PDF), continuous tone becomes 8-bit gray. `bilevel` and `gray` force one. Colour never reaches the file.',
  page: 'PDF page size (PDF only): A4 (accepted by USPTO, EPO and PCT) or US Letter. The image is placed inside the sight (margins 2.5 cm top and left, 1.5 cm right, 1.0 cm bottom) at its DPI.',
}

const ConvertModeSchema = z.enum(['auto', 'bilevel', 'gray'])
const PageSchema = z.enum(['a4', 'letter'])

/** PDF-only fields are refused with other formats rather than silently ignored. */
const pageOnlyForPdf = (body: { format: string; page?: string }, ctx: z.RefinementCtx) => {
  if (body.page !== undefined && body.format !== 'pdf') {
    ctx.addIssue({
      code: 'custom',
      path: ['page'],
      message: `page applies to PDF output only; received it with format ${body.format}`,
    })
  }
}

export const ConvertJsonSchema = z
  .object({
    imageUrl: ImageUrlSchema,
    format: ConvertFormatSchema.default('png'),
    dpi: z
      .literal([300, 600])
      .default(300)
      .openapi({ type: 'integer', enum: [300, 600], description: convertDescriptions.dpi }),
    mode: ConvertModeSchema.default('auto').openapi({ description: convertDescriptions.mode }),
    page: PageSchema.optional().openapi({ description: convertDescriptions.page, default: 'a4' }),
  })
  .strict()
  .superRefine(pageOnlyForPdf)
  .openapi('ConvertJsonRequest')

export const ConvertFormSchema = z
  .object({
    file: ImageFileSchema,
    format: ConvertFormatSchema.default('png'),
    dpi: z
      .enum(['300', '600'])
      .default('300')
      .transform(Number)
      .openapi({ type: 'string', enum: ['300', '600'], description: convertDescriptions.dpi }),
    mode: ConvertModeSchema.default('auto').openapi({ description: convertDescriptions.mode }),
    page: PageSchema.optional().openapi({ description: convertDescriptions.page, default: 'a4' }),
  })
  .strict()
  .superRefine(pageOnlyForPdf)
  .openapi('ConvertFormRequest')

export const ConvertResultSchema = z
  .object({
    url: z.url().openapi({ description: 'Signed URL of the converted file, valid for 7 days.' }),
    previewUrl: z.url().optional().openapi({
      description: 'Signed URL of a PNG preview (long edge ≤ 1024 px); TIFF and PDF only.',
    }),
    format: ConvertFormatSchema,
    dpi: z.literal([300, 600]).openapi({ type: 'integer', enum: [300, 600] }),
    mode: z.enum(['bilevel', 'gray']).openapi({
      description: 'How the page was filed: black and white (1-bit) or 8-bit gray.',
    }),
    width: z.int().openapi({ description: 'Width of the filed image, pixels.' }),
    height: z.int().openapi({ description: 'Height of the filed image, pixels.' }),
    page: PageSchema.optional().openapi({ description: 'The PDF page size (PDF only).' }),
    creditsConsumed: z
      .int()
      .openapi({ description: 'Credits charged: 1 at 300 DPI, 2 at 600 DPI.' }),
  })
  .openapi('ConvertResult')

const VectorFormatSchema = z.enum(['svg', 'dxf', 'pdf']).openapi({
  description:
    'Output file format: SVG (viewBox in pixels; width and height in inches when the input carries a DPI), DXF R2000 (LWPOLYLINE with arc bulges, no SPLINE; millimetres when the input carries a DPI) or PDF (vector paths only; page sized from the pixels and the DPI, 300 DPI when the input has none).',
})

const VectorEngineSchema = z.enum(['lineart', 'trace']).openapi({
  description:
    '`lineart` redraws the image as single-stroke centerlines (open stroked paths with round caps, one pen per measured line weight; junctions meet at one point; for patent figures, CAD, plotters and lasers). `trace` traces the pixels faithfully as filled outlines and keeps fills and colours (one filled path per colour layer, stacked so no seams show; a transparent background is not traced).',
})

export const VectorizeJsonSchema = z
  .object({
    imageUrl: ImageUrlSchema,
    format: VectorFormatSchema.default('svg'),
    engine: VectorEngineSchema.default('lineart'),
  })
  .strict()
  .openapi('VectorizeJsonRequest')

export const VectorizeFormSchema = z
  .object({
    file: ImageFileSchema,
    format: VectorFormatSchema.default('svg'),
    engine: VectorEngineSchema.default('lineart'),
  })
  .strict()
  .openapi('VectorizeFormRequest')

export const VectorizeResultSchema = z
  .object({
    url: z.url().openapi({ description: 'Signed URL of the vector file, valid for 7 days.' }),
    format: VectorFormatSchema,
    engine: VectorEngineSchema,
    width: z
      .int()
      .openapi({ description: 'Width of the traced image, pixels (the viewBox width).' }),
    height: z.int().openapi({ description: 'Height of the traced image, pixels.' }),
    paths: z
      .int()
      .openapi({ description: 'Number of paths (strokes or filled outlines) written.' }),
    segments: z.int().openapi({ description: 'Number of lines, arcs and curves in those paths.' }),
    creditsConsumed: z.int().openapi({ description: 'Credits charged: 2.' }),
  })
  .openapi('VectorizeResult')

const enhanceDescriptions = {
  scale:
    'Output size ÷ input size on each axis: 2 or 4. Inputs up to 3 MP at x2 and 2 MP at x4, and up to 4096 px (x2) or 2048 px (x4) on the long edge, so the output stays within 8192 px.',
  dpi: 'Pixel density stamped in the PNG (pHYs: 11811 or 23622 pixels per metre). It does not change the pixel dimensions.',
}

export const EnhanceJsonSchema = z
  .object({
    imageUrl: ImageUrlSchema,
    scale: z
      .literal([2, 4])
      .default(2)
      .openapi({ type: 'integer', enum: [2, 4], description: enhanceDescriptions.scale }),
    dpi: z
      .literal([300, 600])
      .default(300)
      .openapi({ type: 'integer', enum: [300, 600], description: enhanceDescriptions.dpi }),
  })
  .strict()
  .openapi('EnhanceJsonRequest')

export const EnhanceFormSchema = z
  .object({
    file: ImageFileSchema,
    scale: z
      .enum(['2', '4'])
      .default('2')
      .transform(Number)
      .openapi({ type: 'string', enum: ['2', '4'], description: enhanceDescriptions.scale }),
    dpi: z
      .enum(['300', '600'])
      .default('300')
      .transform(Number)
      .openapi({ type: 'string', enum: ['300', '600'], description: enhanceDescriptions.dpi }),
  })
  .strict()
  .openapi('EnhanceFormRequest')

export const EnhanceResultSchema = z
  .object({
    url: z.url().openapi({ description: 'Signed URL of the PNG, valid for 7 days.' }),
    scale: z
      .literal([2, 4])
      .openapi({ type: 'integer', enum: [2, 4], description: 'The scale applied.' }),
    dpi: z.literal([300, 600]).openapi({
      type: 'integer',
      enum: [300, 600],
      description: 'The density stamped in the PNG.',
    }),
    width: z.int().openapi({ description: 'Output width, pixels: input width × scale.' }),
    height: z.int().openapi({ description: 'Output height, pixels: input height × scale.' }),
    creditsConsumed: z.int().openapi({ description: 'Credits charged: 2 at x2, 4 at x4.' }),
  })
  .openapi('EnhanceResult')

export const CreditsResultSchema = z
  .object({ balance: z.int().openapi({ description: 'Current credit balance.', example: 120 }) })
  .openapi('CreditsResult')

/** Longest prompt, characters (spec §8). */
export const MAX_PROMPT_CHARS = 10_000

const figureDescriptions = {
  prompt:
    'What to draw, 1 to 10,000 characters. Block diagrams ("a system 100 comprising a processor 102 coupled to a memory 104 ...") and methods ("a method comprising: receiving ...; determining whether ...; if so, ...; otherwise, ...") are drafted directly, with the numerals you give kept. An object described in words ("a folding chair with ...") needs the image model (the `AI` binding); without it the request is refused with `PROMPT_NOT_DRAWABLE`.',
  output:
    '`png`: a black-and-white (1-bit) PNG, long edge 2048 px, 300 DPI (pHYs). `svg`: stroke-only line art (text as glyph outlines, no fills but glyphs and arrowheads), returned in `svg` too.',
  labeled:
    'Adds reference numerals 100, 102, ... (Arabic digits, at least 0.32 cm high) with lead lines touching their parts; `references` lists them.',
  referenceImageUrls:
    '1 to 4 public http(s) image URLs used as the structural baseline (sketches, photos, prior figures). Each is fetched with the same guard as `imageUrl`; any failure is 400 `REFERENCE_IMAGE_UNAVAILABLE`. With the image model they guide it; without it, each becomes a line-drawing view (several side by side as FIG. 1A, 1B, ...).',
}

export const FiguresJsonSchema = z
  .object({
    prompt: z
      .string()
      .min(1)
      .max(MAX_PROMPT_CHARS)
      .optional()
      .openapi({ description: figureDescriptions.prompt }),
    output: z
      .enum(['png', 'svg'])
      .default('png')
      .openapi({ description: figureDescriptions.output }),
    labeled: z.boolean().default(false).openapi({ description: figureDescriptions.labeled }),
    referenceImageUrls: z
      .array(ImageUrlSchema)
      .min(1)
      .max(4)
      .optional()
      .openapi({ description: figureDescriptions.referenceImageUrls }),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.prompt !== undefined && body.prompt.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'prompt must contain text' })
    }
    if (body.prompt === undefined && body.referenceImageUrls === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'Send a prompt, referenceImageUrls, or both',
      })
    }
  })
  .openapi('FiguresRequest')

export const FigureReferenceSchema = z
  .object({
    numeral: z.int().openapi({ example: 102 }),
    label: z.string().openapi({ example: 'PROCESSOR' }),
  })
  .openapi('FigureReference')

export const FiguresResultSchema = z
  .object({
    url: z.url().openapi({ description: 'Signed URL of the figure, valid for 7 days.' }),
    format: z.enum(['png', 'svg']),
    svg: z.string().optional().openapi({ description: 'The SVG source (svg output only).' }),
    width: z.int().openapi({ description: 'PNG: width in pixels. SVG: width of the viewBox.' }),
    height: z.int().openapi({ description: 'PNG: height in pixels. SVG: height of the viewBox.' }),
    method: z.enum(['drafter', 'image-model', 'reference-lines']).openapi({
      description:
        'How it was drawn: `drafter` (block diagram or flowchart from the prompt), `image-model` (Workers AI, then cleaned into line art), `reference-lines` (line drawings extracted from the reference images).',
    }),
    references: z.array(FigureReferenceSchema).optional().openapi({
      description: 'labeled only: each numeral and the part it names, for the specification text.',
    }),
    warnings: z.array(z.string()).optional().openapi({
      description: 'Drawing rules the figure could not fully meet, or inputs it did not use.',
    }),
    creditsConsumed: z.int().openapi({ description: 'Credits charged: 10 for PNG, 8 for SVG.' }),
  })
  .openapi('FiguresResult')
