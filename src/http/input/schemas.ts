/**
 * Request and result schemas, mirroring the spec's tables (§2.3, §4). The same zod schemas
 * validate requests and generate the OpenAPI document. JSON bodies are strict (an unknown field
 * is an error, so a typo such as `dpis` is caught); multipart numbers arrive as strings.
 * Request bodies are not named components: openapi-typescript makes a component's fields that
 * have a `default` required, while inline under `requestBody` they stay optional, as they are.
 * A field whose `.openapi()` sets `type` repeats its `default` there: the generator then leaves
 * the zod default out of the document.
 */

import { z } from '@hono/zod-openapi'
import {
  ELEMENT_KINDS,
  FIGURE_KINDS,
  FIGURE_LABEL_PATTERN,
  figureStructureIssues,
  MAX_CONNECTION_LABEL_CHARS,
  MAX_FIGURE_CONNECTIONS,
  MAX_FIGURE_ELEMENTS,
  MAX_LABEL_CHARS,
  NUMERAL_PATTERN,
  ObjectSceneSchema,
} from '../../operations/figure-structure'

/** Largest accepted imageUrl, characters. */
const MAX_URL_LENGTH = 2048

const fileProblem = (input: unknown): string =>
  Array.isArray(input)
    ? `Expected one file for file but received ${input.length}`
    : input === undefined
      ? 'file is required'
      : 'Expected a file upload for file but received a text field'

/**
 * How the document states a file part: binary content with no `type`. @hey-api/openapi-ts types
 * it `Blob | File`; openapi-typescript, which has no binary type, `unknown` (with `type: string`
 * it would be `string`, and a Blob could not be passed without a cast).
 */
export const BINARY_PART = { format: 'binary', contentMediaType: 'application/octet-stream' }

/**
 * The uploaded image part. The check runs behind `z.unknown()` because the document generator
 * describes a custom schema only through a `type`, and a file part must have none (above).
 */
export const ImageFileSchema = z
  .unknown()
  .pipe(
    z.custom<File>((value) => value instanceof File, {
      error: (issue) => fileProblem(issue.input),
    }),
  )
  .openapi({
    ...BINARY_PART,
    description:
      'PNG, JPEG, WebP or TIFF (detected from the bytes), at most 10 MiB, 12,000 px a side and 40 MP.',
  })

/** A publicly reachable http(s) image URL. */
export const ImageUrlSchema = z.url().max(MAX_URL_LENGTH).openapi({
  description:
    'A publicly reachable http(s) URL of a PNG, JPEG, WebP or TIFF image (at most 10 MiB, 12,000 px a side, 40 MP). Private, loopback and link-local addresses, other ports than 80/443 and more than 3 redirects are refused with 422.',
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
      .openapi({
        type: 'integer',
        enum: [300, 600],
        default: 300,
        description: convertDescriptions.dpi,
      }),
    mode: ConvertModeSchema.default('auto').openapi({ description: convertDescriptions.mode }),
    page: PageSchema.optional().openapi({ description: convertDescriptions.page, default: 'a4' }),
  })
  .strict()
  .superRefine(pageOnlyForPdf)

export const ConvertFormSchema = z
  .object({
    file: ImageFileSchema,
    format: ConvertFormatSchema.default('png'),
    dpi: z
      .enum(['300', '600'])
      .default('300')
      .transform(Number)
      .openapi({
        type: 'string',
        enum: ['300', '600'],
        default: '300',
        description: convertDescriptions.dpi,
      }),
    mode: ConvertModeSchema.default('auto').openapi({ description: convertDescriptions.mode }),
    page: PageSchema.optional().openapi({ description: convertDescriptions.page, default: 'a4' }),
  })
  .strict()
  .superRefine(pageOnlyForPdf)

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
    warnings: z.array(z.string()).optional().openapi({
      description:
        'What to know before filing it: an image enlarged more than 1.5× to fill the preset, with the DPI its detail really has.',
    }),
    creditsConsumed: z
      .int()
      .openapi({ description: 'Credits charged: 1 at 300 DPI, 2 at 600 DPI.' }),
  })
  .openapi('ConvertResult')

const VectorFormatSchema = z.enum(['svg', 'dxf', 'pdf']).openapi({
  description:
    "Output file format: SVG (viewBox in pixels; width and height in inches when the input carries a DPI), DXF R2000 (strokes as LWPOLYLINE with arc bulges, no SPLINE; `trace` fills as solid HATCH entities with their holes, no outline beside them; always millimetres, at the input's DPI or 300 when it has none) or PDF (vector paths only; page sized from the pixels and the DPI, 300 DPI when the input has none, or a filing sheet with `page`).",
})

const VectorEngineSchema = z.enum(['lineart', 'trace']).openapi({
  description:
    '`lineart` redraws the image as single-stroke centerlines (open stroked paths with round caps, one pen per measured line weight; junctions meet at one point; for patent figures, CAD, plotters and lasers). `trace` traces the pixels faithfully as filled outlines and keeps fills and colours (one filled path per colour layer, stacked so no seams show; a transparent background is not traced).',
})

const VECTOR_PAGE_DESCRIPTION =
  "PDF only: the drawing on a filing sheet, A4 or US Letter, at its DPI (300 when the input has none) inside the sight (margins 2.5 cm top and left, 1.5 cm right, 1.0 cm bottom), turned a quarter when landscape, and shrunk to fit with a warning when larger. Without it the page is the drawing's size."

/** /vectorize's options, the same in JSON and multipart (all strings on the wire). */
const vectorizeOptions = {
  format: VectorFormatSchema.default('svg'),
  engine: VectorEngineSchema.default('lineart'),
  page: PageSchema.optional().openapi({ description: VECTOR_PAGE_DESCRIPTION }),
}

export const VectorizeJsonSchema = z
  .object({ imageUrl: ImageUrlSchema, ...vectorizeOptions })
  .strict()
  .superRefine(pageOnlyForPdf)

export const VectorizeFormSchema = z
  .object({ file: ImageFileSchema, ...vectorizeOptions })
  .strict()
  .superRefine(pageOnlyForPdf)

export const VectorizeResultSchema = z
  .object({
    url: z.url().openapi({ description: 'Signed URL of the vector file, valid for 7 days.' }),
    format: VectorFormatSchema,
    engine: VectorEngineSchema,
    width: z
      .int()
      .openapi({ description: 'Width of the traced image, pixels (the viewBox width).' }),
    height: z.int().openapi({ description: 'Height of the traced image, pixels.' }),
    page: PageSchema.optional().openapi({ description: "The PDF's filing sheet, when asked." }),
    paths: z
      .int()
      .openapi({ description: 'Number of paths (strokes or filled outlines) written.' }),
    segments: z.int().openapi({ description: 'Number of lines, arcs and curves in those paths.' }),
    warnings: z.array(z.string()).optional().openapi({
      description:
        "What to know before using it: a `lineart` drawing whose strokes hold less than 40 % of the ink the image has (faint, thin or dotted lines lost), or `trace` outlines covering less than half of it, with the share; a drawing shrunk to fit the PDF's filing sheet, with its scale.",
    }),
    creditsConsumed: z.int().openapi({ description: 'Credits charged: 2.' }),
  })
  .openapi('VectorizeResult')

const enhanceDescriptions = {
  scale:
    'Output size ÷ input size on each axis: 2 or 4. Inputs up to 3 MP at x2 and 2 MP at x4, and up to 4096 px (x2) or 2048 px (x4) on the long edge, so the output stays within 8192 px.',
  dpi: 'Pixel density stamped in the PNG (pHYs: 11811 or 23622 pixels per metre). It does not change the pixel dimensions.',
  mode: 'How the PNG is made, as /convert judges images. `auto`: line art in gray (a drawing, scan, sketch or screenshot of a figure) is redrawn at the new size with solid strokes, one-pixel anti-aliased edges and white paper, and a black-and-white drawing comes back black and white (1-bit); photos and gray artwork go through the network, colour and transparency kept. `bilevel` always redraws as line art and writes 1-bit black and white; `gray` writes 8-bit gray (line art redrawn, the rest through the network). Blank paper and flat areas come back exactly as they were.',
}

const EnhanceModeSchema = z.enum(['auto', 'bilevel', 'gray'])

export const EnhanceJsonSchema = z
  .object({
    imageUrl: ImageUrlSchema,
    scale: z
      .literal([2, 4])
      .default(2)
      .openapi({
        type: 'integer',
        enum: [2, 4],
        default: 2,
        description: enhanceDescriptions.scale,
      }),
    dpi: z
      .literal([300, 600])
      .default(300)
      .openapi({
        type: 'integer',
        enum: [300, 600],
        default: 300,
        description: enhanceDescriptions.dpi,
      }),
    mode: EnhanceModeSchema.default('auto').openapi({ description: enhanceDescriptions.mode }),
  })
  .strict()

export const EnhanceFormSchema = z
  .object({
    file: ImageFileSchema,
    scale: z
      .enum(['2', '4'])
      .default('2')
      .transform(Number)
      .openapi({
        type: 'string',
        enum: ['2', '4'],
        default: '2',
        description: enhanceDescriptions.scale,
      }),
    dpi: z
      .enum(['300', '600'])
      .default('300')
      .transform(Number)
      .openapi({
        type: 'string',
        enum: ['300', '600'],
        default: '300',
        description: enhanceDescriptions.dpi,
      }),
    mode: EnhanceModeSchema.default('auto').openapi({ description: enhanceDescriptions.mode }),
  })
  .strict()

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
    mode: z.enum(['bilevel', 'gray', 'color']).openapi({
      description:
        "How the PNG was written: black and white (1-bit), 8-bit gray, or the input's colour channels (alpha kept).",
    }),
    method: z.enum(['lineart', 'network']).openapi({
      description:
        'What drew it: `lineart` (the line-art reconstruction: strokes redrawn at the new size) or `network` (ESRGAN-slim super-resolution).',
    }),
    warnings: z.array(z.string()).optional().openapi({
      description:
        'What to know before filing it: a network upscale whose detail is below 300 DPI at the density stamped (x2 at 300 DPI, x4 at either), with the DPI its detail really has.',
    }),
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
    'What to draw, 1 to 10,000 characters, in the words a drafter writes: a claim or a detailed description of a block diagram ("a system 100 comprising a processor 102 coupled to a memory 104 ...") or of a method ("FIG. 10 is a flowchart of a method 1000 ... (step 1002) ... If so, ...; otherwise, ..."). Every numeral written stays on its part or step; a prompt that cannot be read faithfully is refused with `PROMPT_NOT_UNDERSTOOD`, quoting the phrase. An object described by its parts ("a table 40 having a rectangular top 42 supported by four legs 44") is drawn with no image model, in perspective or the views asked for, every numeral on its part (`figure.scene`). A picture that is neither (a landscape) needs the image model (the `AI` binding); without it the request is refused with `PROMPT_NOT_DRAWABLE`.',
  figure:
    "The figure's structure, drawn exactly as sent (the same object a drafted figure returns as `figure`): instead of a prompt, or beside one (then anything in it the prompt does not say comes back in `warnings`). Correct what the reader got wrong and send it back to redraw.",
  output:
    '`png`: a black-and-white (1-bit) PNG, long edge 2048 px, 300 DPI (pHYs). `svg`: stroke-only line art (text as glyph outlines, no fills but glyphs and arrowheads; each element is a `<g id="el-...">` with a `<title>` and `aria-label` naming it), returned in `svg` too.',
  labeled:
    'Adds reference numerals (Arabic digits, at least 0.32 cm high) with lead lines touching their parts: the numerals the prompt writes, as written; when it writes none, 100 for the whole and 102, 104, ... for its parts. `references` lists them.',
  referenceImages:
    '1 to 4 reference images uploaded as file parts of this name (sketches, photos, prior figures), each under the rules of an uploaded `file` (PNG, JPEG, WebP or TIFF, at most 10 MiB, 12,000 px a side, 40 MP); a file that breaks them is refused with the code of that rule, naming the part. Used as `referenceImageUrls` are.',
  referenceImageUrls:
    '1 to 4 public http(s) image URLs used as the structural baseline (sketches, photos, prior figures). Each is fetched with the same guard as `imageUrl`; any failure is 400 `REFERENCE_IMAGE_UNAVAILABLE`. With the image model they guide it; without it, each becomes a line-drawing view (several side by side as FIG. 1A, 1B, ...).',
}

/** A reference numeral as written; an integer is accepted and kept as its digits. */
const NumeralSchema = z
  .union([
    z.int().min(1).max(99_999),
    z.string().regex(NUMERAL_PATTERN, {
      message: 'a reference numeral such as "102", "102a", "1002\'" or "S1302"',
    }),
  ])
  .openapi({
    description:
      'A reference numeral as written: "102", "102a", "1002\'", "S1302" (an integer is accepted).',
    example: '102',
  })

/**
 * The structure's schema: as a request takes it (numerals as integers or strings, label and
 * connections optional) or as a response gives it (every field the drafter always fills).
 */
function figureStructure(numeral: z.ZodType, result: boolean) {
  const suffix = result ? 'Result' : ''
  const element = z
    .object({
      id: z
        .string()
        .regex(/^[A-Za-z0-9_.-]{1,40}$/)
        .openapi({
          description: 'Unique in the figure: 1 to 40 letters, digits, `_`, `.` or `-`.',
          example: 'p2',
        }),
      numeral: numeral.optional(),
      label: z.string().trim().min(1).max(MAX_LABEL_CHARS).openapi({
        description: 'What is printed inside, without its numeral.',
        example: 'PROCESSOR',
      }),
      kind: z.enum(ELEMENT_KINDS).openapi({
        description:
          '`block` and `container` (block diagrams: a container is drawn around the elements that name it as `parent`), `step`, `decision` (a diamond whose connections out carry YES and NO) and `terminal` (START / END, never numbered) for flowcharts.',
      }),
      parent: z
        .string()
        .optional()
        .openapi({ description: 'The id of the container it is drawn inside.' }),
    })
    .strict()
    .openapi(`FigureElement${suffix}`)
  const connection = z
    .object({
      from: z.string().openapi({ description: 'Element id.' }),
      to: z.string().openapi({ description: 'Element id.' }),
      label: z
        .string()
        .trim()
        .min(1)
        .max(MAX_CONNECTION_LABEL_CHARS)
        .optional()
        .openapi({ description: "YES / NO on a decision's branches, or a short signal name." }),
      arrow: (result
        ? z.enum(['none', 'forward', 'both'])
        : z.enum(['none', 'forward', 'both']).optional()
      ).openapi({
        description:
          '`none` ("coupled to"), `forward` (an arrowhead at `to`; the default), `both` ("communicates with").',
      }),
    })
    .strict()
    .openapi(`FigureConnection${suffix}`)
  return z
    .object({
      kind: z.enum(FIGURE_KINDS),
      label: (result ? z.string() : z.string().regex(FIGURE_LABEL_PATTERN).optional()).openapi({
        description: 'The legend printed under the figure, e.g. "FIG. 2" (FIG. 1 when absent).',
        example: 'FIG. 2',
      }),
      numeral: numeral.optional().openapi({
        description:
          'The numeral of the whole ("a method 200"): drawn with an arrow pointing at the figure.',
      }),
      title: z.string().trim().min(1).max(MAX_LABEL_CHARS).optional().openapi({
        description: 'What the whole is called ("METHOD"): its label in `references`. Not drawn.',
      }),
      elements: z.array(element).min(1).max(MAX_FIGURE_ELEMENTS),
      connections: result
        ? z.array(connection)
        : z.array(connection).max(MAX_FIGURE_CONNECTIONS).optional(),
      scene: ObjectSceneSchema.optional().openapi({
        description:
          'Objects (`kind: "object"`): the 3D scene the views are drawn from. `parts`: `{ id, shape (box, rounded-box, cylinder, cone, sphere, torus, tube, plate, helix), size [x, y, z], position [x, y, z] (its centre; z is up, the front view looks along +y), rotation [x, y, z] degrees, element? (the element a copy draws), parent? (what it belongs to; an exploded view slides it away) }`; `views`: `{ kind: perspective | front | rear | left | right | top | bottom | exploded, hidden?, viewpoint? (perspective and exploded: front|rear-left|right-above|below, e.g. front-right-above; absent, a figure of that one view is seen from where most numbered parts show and the figure returned names it) }`.',
      }),
    })
    .strict()
    .superRefine((figure, ctx) => {
      const numerals = (value: unknown) => (value === undefined ? undefined : String(value))
      const issues = figureStructureIssues({
        kind: figure.kind,
        numeral: numerals(figure.numeral),
        elements: figure.elements.map((e) => ({ ...e, numeral: numerals(e.numeral) })),
        connections: (figure.connections ?? []).map((c) => ({ ...c, arrow: c.arrow ?? 'forward' })),
        scene: figure.scene,
      })
      for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue })
    })
}

/** The figure's structure as a request takes it (numerals as integers or strings). */
export const FigureStructureSchema = figureStructure(NumeralSchema, false).openapi('Figure', {
  description: figureDescriptions.figure,
})

/** The figure's structure as a response gives it (numerals always as written, strings). */
export const FigureStructureResultSchema = figureStructure(
  z.string().openapi({ description: 'A reference numeral as written.', example: '102' }),
  true,
).openapi('FigureResultStructure', {
  description:
    'The structure drawn: every element and connection, with the numerals drawn (given and assigned). Send it back as `figure`, corrected, to redraw.',
})

export const FiguresJsonSchema = z
  .object({
    prompt: z
      .string()
      .min(1)
      .max(MAX_PROMPT_CHARS)
      .optional()
      .openapi({ description: figureDescriptions.prompt }),
    figure: FigureStructureSchema.optional(),
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
    if (
      body.prompt === undefined &&
      body.referenceImageUrls === undefined &&
      body.figure === undefined
    ) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'Send a prompt, a figure, referenceImageUrls, or a prompt with either',
      })
    }
  })
  // The same rule in the document, so `{}` is invalid there too: one of the three is present.
  // Bare `required` branches, under allOf, leave the generated types as the fields above: a
  // sibling anyOf reads as `unknown` in openapi-typescript, and typed branches would turn the
  // body into a union that every caller building it field by field must narrow.
  .openapi({
    allOf: [
      {
        anyOf: [
          { required: ['prompt'] },
          { required: ['figure'] },
          { required: ['referenceImageUrls'] },
        ],
      },
    ],
  })

/** A form field's "true" / "false" as a boolean. */
const FormBooleanSchema = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true')

/**
 * POST /figures as multipart/form-data: a prompt and reference images uploaded as files (the
 * `referenceImages` parts; one part arrives as a file, several as a list).
 */
export const FiguresFormSchema = z
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
    labeled: FormBooleanSchema.openapi({
      type: 'string',
      enum: ['true', 'false'],
      default: 'false',
      description: figureDescriptions.labeled,
    }),
    referenceImages: z
      .preprocess(
        (value) => (value === undefined || Array.isArray(value) ? value : [value]),
        z.array(ImageFileSchema).min(1).max(4),
      )
      .optional()
      .openapi({
        type: 'array',
        items: BINARY_PART,
        minItems: 1,
        maxItems: 4,
        description: figureDescriptions.referenceImages,
      }),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.prompt !== undefined && body.prompt.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'prompt must contain text' })
    }
    if (body.prompt === undefined && body.referenceImages === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'Send a prompt, referenceImages, or a prompt with referenceImages',
      })
    }
  })
  // As the JSON body: the rule in the document, one of the two present.
  .openapi({
    allOf: [{ anyOf: [{ required: ['prompt'] }, { required: ['referenceImages'] }] }],
  })

export const FigureReferenceSchema = z
  .object({
    numeral: z
      .string()
      .openapi({ example: '102', description: 'As drawn: "102", "102a", "S1302".' }),
    label: z.string().openapi({ example: 'PROCESSOR' }),
  })
  .openapi('FigureReference')

export const FigureSheetSchema = z
  .object({
    url: z.url().openapi({ description: 'Signed URL of this sheet, valid for 7 days.' }),
    label: z.string().openapi({
      description:
        'Its legend: "FIG. 5", or "FIG. 5A", "FIG. 5B" for a figure continued over sheets.',
      example: 'FIG. 5A',
    }),
    svg: z.string().optional().openapi({ description: 'The SVG source (svg output only).' }),
    width: z.int().openapi({ description: 'PNG: width in pixels. SVG: width of the viewBox.' }),
    height: z.int().openapi({ description: 'PNG: height in pixels. SVG: height of the viewBox.' }),
  })
  .openapi('FigureSheet')

export const FiguresResultSchema = z
  .object({
    url: z.url().openapi({ description: 'Signed URL of the figure, valid for 7 days.' }),
    format: z.enum(['png', 'svg']),
    svg: z.string().optional().openapi({ description: 'The SVG source (svg output only).' }),
    width: z.int().openapi({ description: 'PNG: width in pixels. SVG: width of the viewBox.' }),
    height: z.int().openapi({ description: 'PNG: height in pixels. SVG: height of the viewBox.' }),
    method: z.enum(['drafter', 'image-model', 'reference-lines']).openapi({
      description:
        'How it was drawn: `drafter` (block diagram or flowchart from its structure), `image-model` (Workers AI, then cleaned into line art), `reference-lines` (line drawings extracted from the reference images).',
    }),
    references: z.array(FigureReferenceSchema).optional().openapi({
      description:
        'labeled only: exactly the numerals drawn, each with the label of what it names, for the specification text.',
    }),
    figure: FigureStructureResultSchema.optional().openapi({
      description: 'Drafted figures: the structure drawn (send it back as `figure` to redraw it).',
    }),
    reader: z.enum(['rules', 'model', 'sent']).optional().openapi({
      description:
        'Drafted figures: where the structure came from: `rules` (the rule reader), `model` (the Workers AI text model, when its answer passed the faithfulness checker), `sent` (the `figure` field).',
    }),
    sheets: z.array(FigureSheetSchema).openapi({
      description:
        'Every sheet of the figure, in order (the first is also `url`): a figure whose text would print under 0.32 cm on one sheet continues on further sheets, FIG. 5A, 5B, ..., joined by lettered connector circles.',
    }),
    warnings: z.array(z.string()).optional().openapi({
      description: 'Drawing rules the figure could not fully meet, or inputs it did not use.',
    }),
    creditsConsumed: z.int().openapi({ description: 'Credits charged: 10 for PNG, 8 for SVG.' }),
  })
  .openapi('FiguresResult')
