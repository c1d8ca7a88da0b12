/**
 * The MCP tools, one row per REST operation: its input is the REST request schema plus the image
 * sent inline and an idempotency key, its output the REST result schema, and it runs by calling
 * the REST route (see call-tool.ts), so prices, limits and errors are the REST ones.
 */

import { z } from '@hono/zod-openapi'
import { PRICES } from '../../operations/pricing'
import {
  ConvertJsonSchema,
  ConvertResultSchema,
  CreditsResultSchema,
  EnhanceJsonSchema,
  EnhanceResultSchema,
  FiguresJsonSchema,
  FiguresResultSchema,
  ImageUrlSchema,
  VectorizeJsonSchema,
  VectorizeResultSchema,
} from '../input/schemas'
import { IDEMPOTENCY_KEY_PATTERN } from '../middleware/idempotency-key'
import { type JsonSchema, jsonSchemasOf } from './json-schema'

/** MCP tool annotations (hints for the client, never trusted by it for safety). */
export interface ToolAnnotations {
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
  openWorldHint: boolean
}

/** One tool and the REST operation it runs. */
export interface McpTool {
  /** The tool name an assistant calls. */
  name: string
  title: string
  description: string
  /** Validates the arguments; strict, like the REST JSON bodies. */
  input: z.ZodObject
  /** The REST result schema: the tool's `structuredContent` is the REST `data`. */
  output: z.ZodType
  annotations: ToolAnnotations
  /** The REST route the tool calls. */
  rest: { method: 'GET' | 'POST'; path: string }
  /** Takes one image, as `imageUrl` or `imageBase64`. */
  image: boolean
  /** Where an SVG result's markup is: in the result's `sheets`, or in the file at `url`. */
  svg?: 'sheets' | 'file'
}

const idempotencyKey = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, { message: '1 to 255 characters from A-Z a-z 0-9 . _ : -' })
  .optional()
  .openapi({
    description:
      'Makes a retry safe, as the REST `Idempotency-Key` header does: 1 to 255 characters from A-Z a-z 0-9 . _ : -. Use a new value for each new request and the same value when retrying it; for 24 hours a repeat returns the stored result without a second charge (different arguments with the same key fail with IDEMPOTENCY_CONFLICT).',
    example: 'claim-7-fig-2-try-1',
  })

/** The image fields of every image tool: `imageUrl` as REST has it, or the bytes inline. */
const imageFields = {
  imageUrl: ImageUrlSchema.optional(),
  imageBase64: z.string().min(1).optional().openapi({
    description:
      'The image itself, base64-encoded (standard alphabet; a `data:image/...;base64,` prefix is accepted): PNG, JPEG, WebP or TIFF, recognised from its bytes, at most 10 MiB decoded, 12,000 px a side and 40 MP. Send either this or `imageUrl`.',
  }),
}

/**
 * An image tool's input: the image fields, then the REST JSON body's other fields (its required
 * `imageUrl` replaced, since an inline image may stand for it), then the idempotency key.
 */
function imageToolInput(rest: z.ZodObject) {
  const { imageUrl: _replaced, ...options } = rest.shape
  return z.object({ ...imageFields, ...options, idempotencyKey }).strict()
}

const paid: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
}

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`

const URLS =
  'Returns signed download URLs valid for 7 days (no key needed to download) and `creditsConsumed`; a refused or failed call charges nothing.'

/** The tools, in the order tools/list gives them. */
export const TOOLS: readonly McpTool[] = [
  {
    name: 'generate_figure',
    title: 'Generate a patent figure',
    description: `Draws a patent figure from a prompt written as a drafter writes it (a block diagram: "a system 100 comprising a processor 102 coupled to a memory 104"; a method as a flowchart; or an object described by its parts), from a \`figure\` structure, or from reference image URLs. Every numeral and label is the prompt's own; a prompt that cannot be drawn exactly as written is refused with PROMPT_NOT_UNDERSTOOD, quoting the phrase. \`output\`: \`png\` (black and white, 300 DPI, ${credits(PRICES.generateFigure.png)}) or \`svg\` (stroke-only, ${credits(PRICES.generateFigure.svg)}; the markup is returned as an image/svg+xml resource too). \`labeled: true\` adds the numerals with lead lines and returns \`references\` for the specification. The structure drawn comes back as \`figure\`: correct it and send it back to redraw. ${URLS}`,
    input: z.object({ ...FiguresJsonSchema.shape, idempotencyKey }).strict(),
    output: FiguresResultSchema,
    annotations: paid,
    rest: { method: 'POST', path: '/v1/figures' },
    image: false,
    svg: 'sheets',
  },
  {
    name: 'vectorize_image',
    title: 'Vectorize an image',
    description: `Turns a raster drawing into vector line art: SVG (the markup is returned as an image/svg+xml resource too), DXF (millimetres, fills as HATCH) or PDF (with \`page\`, on an A4 or Letter filing sheet). \`engine\`: \`lineart\` redraws it as single-stroke centerlines (patent figures, CAD, plotters), \`trace\` traces filled outlines and keeps colours. ${credits(PRICES.vectorizeImage)}. ${URLS}`,
    input: imageToolInput(VectorizeJsonSchema),
    output: VectorizeResultSchema,
    annotations: paid,
    rest: { method: 'POST', path: '/v1/vectorize' },
    image: true,
    svg: 'file',
  },
  {
    name: 'enhance_image',
    title: 'Enhance (upscale) an image',
    description: `Enlarges an image 2x or 4x as a PNG with the DPI stamped: line art is redrawn with clean strokes (black and white stays 1-bit), photos go through a super-resolution network. Use it on a small or blurry original before convert_image. ${credits(PRICES.enhanceImage[2])} at x2, ${credits(PRICES.enhanceImage[4])} at x4. ${URLS}`,
    input: imageToolInput(EnhanceJsonSchema),
    output: EnhanceResultSchema,
    annotations: paid,
    rest: { method: 'POST', path: '/v1/enhance' },
    image: true,
  },
  {
    name: 'convert_image',
    title: 'Convert an image to a filing-ready file',
    description: `Makes a patent-office-ready PNG, TIFF (CCITT G4) or PDF (A4 or Letter page) at 300 or 600 DPI: flattened onto white, sized to the preset, line art filed black and white and continuous tone as 8-bit gray. \`warnings\` says when the image was enlarged beyond its detail. ${credits(PRICES.convertImage[300])} at 300 DPI, ${credits(PRICES.convertImage[600])} at 600 DPI. ${URLS}`,
    input: imageToolInput(ConvertJsonSchema),
    output: ConvertResultSchema,
    annotations: paid,
    rest: { method: 'POST', path: '/v1/convert' },
    image: true,
  },
  {
    name: 'get_credits',
    title: 'Get the credit balance',
    description:
      'The credit balance of the account the API key belongs to. Free; check it before a batch of paid calls.',
    input: z.object({}).strict(),
    output: CreditsResultSchema,
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    rest: { method: 'GET', path: '/v1/credits' },
    image: false,
  },
]

/** The tool called `name`, if there is one. */
export const toolNamed = (name: string): McpTool | undefined =>
  TOOLS.find((tool) => tool.name === name)

/** A tool as tools/list describes it. */
export interface ToolDescriptor {
  name: string
  title: string
  description: string
  inputSchema: JsonSchema
  outputSchema: JsonSchema
  annotations: ToolAnnotations & { title: string }
}

let descriptors: ToolDescriptor[] | undefined

/** The tools/list answer, built once per isolate (generating the schemas takes a few ms). */
export function toolDescriptors(): ToolDescriptor[] {
  if (descriptors) return descriptors
  const schemas = jsonSchemasOf(
    Object.fromEntries(
      TOOLS.flatMap((tool) => [
        [`${tool.name}.input`, tool.input],
        [`${tool.name}.output`, tool.output],
      ]),
    ),
  )
  descriptors = TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: schemas[`${tool.name}.input`]!,
    outputSchema: schemas[`${tool.name}.output`]!,
    annotations: { title: tool.title, ...tool.annotations },
  }))
  return descriptors
}
