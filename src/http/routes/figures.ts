/** POST /figures (generateFigure, spec §4.2): the route, its middleware chain and handler. */

import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../env'
import { log } from '../../lib/log'
import { generateFigure } from '../../operations/generate-figure'
import { planFigure } from '../../operations/plan-figure'
import { figureCost } from '../../operations/pricing'
import { isJsonContentType } from '../input/image-input'
import {
  admitUploadedReferences,
  loadReferenceImages,
  readUploadedReferences,
} from '../input/reference-images'
import { FiguresFormSchema, FiguresJsonSchema, FiguresResultSchema } from '../input/schemas'
import { apiKeyAuth } from '../middleware/auth'
import { bodyGuard } from '../middleware/body-guard'
import { idempotencyKey } from '../middleware/idempotency-key'
import { rateLimit } from '../middleware/rate-limit'
import {
  API_KEY_SECURITY,
  ERROR_EXAMPLES,
  errorExample,
  errorResponses,
  exampleFileUrl,
  IdempotencyHeaders,
  insufficientCredits,
  PAID_SUCCESS_HEADERS,
  successEnvelope,
  successExample,
  unsupportedContentType,
} from '../openapi'
import { runPaid } from '../paid-request'
import { outputUrl } from '../signed-urls'
import { validationHook } from '../validation'

const SYSTEM_PROMPT =
  'A system 100 comprising a processor 102, a memory 104 coupled to the processor, and a network interface 106 that communicates with a server 110.'

const METHOD_PROMPT =
  'FIG. 2 is a flowchart of a method 200 comprising: receiving a request from a client; authenticating the client; determining whether the client is authorized; if so, retrieving a record; otherwise, sending an error message; and sending the response.'

/** What a reference image drawn without the image model answers, by URL or uploaded. */
const REFERENCE_LINES_RESULT = {
  url: exampleFileUrl('figure.png'),
  format: 'png',
  width: 2048,
  height: 1536,
  method: 'reference-lines',
  sheets: [{ url: exampleFileUrl('figure.png'), label: 'FIG. 1', width: 2048, height: 1536 }],
  creditsConsumed: 10,
}

/** A prompt that asks for a block diagram and names no part. */
const NOT_UNDERSTOOD_PROMPT = 'Draw a block diagram of my invention, the usual parts.'
const NOT_UNDERSTOOD_MESSAGE = `Read "${NOT_UNDERSTOOD_PROMPT}": No parts could be read from the prompt; list them with numerals and say how they connect, for example "A system 100 comprising a processor 102, a memory 104 and a display 106, wherein the processor is coupled to the memory".`

/** What the drafter answers for SYSTEM_PROMPT with `labeled: true`. */
const SYSTEM_REFERENCES = [
  { numeral: '100', label: 'SYSTEM' },
  { numeral: '102', label: 'PROCESSOR' },
  { numeral: '104', label: 'MEMORY' },
  { numeral: '106', label: 'NETWORK INTERFACE' },
  { numeral: '110', label: 'SERVER' },
]

/** The structure the drafter returns for SYSTEM_PROMPT with `labeled: true`. */
const SYSTEM_FIGURE = {
  kind: 'block-diagram',
  label: 'FIG. 1',
  elements: [
    { id: 'p1', numeral: '100', label: 'SYSTEM', kind: 'container' },
    { id: 'p2', numeral: '102', label: 'PROCESSOR', kind: 'block', parent: 'p1' },
    { id: 'p3', numeral: '104', label: 'MEMORY', kind: 'block', parent: 'p1' },
    { id: 'p4', numeral: '106', label: 'NETWORK INTERFACE', kind: 'block', parent: 'p1' },
    { id: 'p5', numeral: '110', label: 'SERVER', kind: 'block' },
  ],
  connections: [
    { from: 'p3', to: 'p2', arrow: 'none' },
    { from: 'p4', to: 'p5', arrow: 'both' },
  ],
}

/** The structure the drafter returns for METHOD_PROMPT with `labeled: true`. */
const METHOD_FIGURE = {
  kind: 'flowchart',
  label: 'FIG. 2',
  numeral: '200',
  title: 'METHOD',
  elements: [
    { id: 's0', label: 'START', kind: 'terminal' },
    { id: 's1', label: 'RECEIVING A REQUEST FROM A CLIENT', kind: 'step', numeral: '202' },
    { id: 's2', label: 'AUTHENTICATING THE CLIENT', kind: 'step', numeral: '204' },
    { id: 's3', label: 'CLIENT IS AUTHORIZED?', kind: 'decision', numeral: '206' },
    { id: 's4', label: 'RETRIEVING A RECORD', kind: 'step', numeral: '208' },
    { id: 's5', label: 'SENDING AN ERROR MESSAGE', kind: 'step', numeral: '210' },
    { id: 's6', label: 'SENDING THE RESPONSE', kind: 'step', numeral: '212' },
    { id: 's7', label: 'END', kind: 'terminal' },
  ],
  connections: [
    { from: 's0', to: 's1', arrow: 'forward' },
    { from: 's1', to: 's2', arrow: 'forward' },
    { from: 's2', to: 's3', arrow: 'forward' },
    { from: 's3', to: 's4', label: 'YES', arrow: 'forward' },
    { from: 's3', to: 's5', label: 'NO', arrow: 'forward' },
    { from: 's4', to: 's6', arrow: 'forward' },
    { from: 's5', to: 's6', arrow: 'forward' },
    { from: 's6', to: 's7', arrow: 'forward' },
  ],
}

/** What the drafter answers for METHOD_PROMPT with `labeled: true`. */
const METHOD_REFERENCES = [
  { numeral: '200', label: 'METHOD' },
  { numeral: '202', label: 'RECEIVING A REQUEST FROM A CLIENT' },
  { numeral: '204', label: 'AUTHENTICATING THE CLIENT' },
  { numeral: '206', label: 'CLIENT IS AUTHORIZED?' },
  { numeral: '208', label: 'RETRIEVING A RECORD' },
  { numeral: '210', label: 'SENDING AN ERROR MESSAGE' },
  { numeral: '212', label: 'SENDING THE RESPONSE' },
]

const SVG_EXAMPLE =
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg width="6.8267in" height="3.5516in" viewBox="0 0 1638.4 852.39" xmlns="http://www.w3.org/2000/svg">\n    <defs/>\n    <path fill="none" stroke="#000000" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" d="M 345.21 145.49 L 1212.21 145.49 L 1212.21 624.69 L 345.21 624.69 L 345.21 145.49 Z …"/>\n    …\n</svg>\n'

const PROMPT_NOT_DRAWABLE_MESSAGE =
  'The prompt describes neither a block diagram, a method, nor an object made of parts the drafter can model; drawing it needs the image model, which this deployment does not have: describe the parts (a housing 10 with a lid 12 on top, ...), the blocks or the steps, or send referenceImageUrls.'

const route = createRoute({
  method: 'post',
  path: '/figures',
  operationId: 'generateFigure',
  tags: ['Figures'],
  summary: 'Generate a patent figure from a prompt and/or reference images',
  description:
    'Block diagrams and flowcharts are drafted from the prompt or from a `figure` structure, exactly as written: every part and step the prompt names is drawn with the numeral it was written with ("a motor 104", "(step 1002)", "at 1102,", "S1302", "In step 602, ..."), labels are the prompt\'s own words, decisions its own conditions as questions with YES / NO branches, loops and joins where it says so. A faithfulness checker holds every reading to the prompt before anything is charged: a prompt that cannot be drawn exactly as written is refused with `PROMPT_NOT_UNDERSTOOD`, quoting the phrase. The structure drawn comes back as `figure`; correct it and send it back to redraw. Figures carry their "FIG. n" legend, text at least 0.32 cm high on the sheet (a figure too large for one sheet continues on further sheets, FIG. 5A, 5B, joined by connector circles, all in `sheets`), one uniform black pen on white, laid out with ELK and rendered with resvg. Objects described in words and reference images go to the image model (Workers AI FLUX.2) when the deployment has one; without it, reference images become line-drawing views. Reference images come as public URLs (`referenceImageUrls`, JSON) or as files uploaded with the prompt (`referenceImages` parts, multipart/form-data, up to 4 of 10 MiB each). `labeled` adds numerals with lead lines. PNG: black and white (1-bit), long edge 2048 px, 300 DPI. SVG: strokes only (text as glyph outlines), each element a titled group. Costs 10 credits (PNG) or 8 (SVG).',
  security: API_KEY_SECURITY,
  middleware: [
    apiKeyAuth(),
    rateLimit(),
    idempotencyKey(),
    bodyGuard({ multipart: true, files: 4 }),
  ] as const,
  request: {
    headers: IdempotencyHeaders,
    body: {
      required: false,
      content: {
        'application/json': {
          schema: FiguresJsonSchema,
          examples: {
            labeledSvg: {
              summary: 'A block diagram, numbered, as stroke-only SVG',
              value: { prompt: SYSTEM_PROMPT, labeled: true, output: 'svg' },
            },
            methodPng: {
              summary: 'A method (flowchart), numbered, as a black-and-white PNG',
              value: { prompt: METHOD_PROMPT, labeled: true },
            },
            figure: {
              summary:
                'A structure sent as `figure` (for example a corrected `figure` from an earlier answer)',
              value: { figure: SYSTEM_FIGURE, labeled: true, output: 'svg' },
            },
            referenceImages: {
              summary: 'From a reference sketch only (the default instruction is used)',
              value: { referenceImageUrls: ['https://example.com/sketches/bracket.png'] },
            },
          },
        },
        'multipart/form-data': {
          schema: FiguresFormSchema,
          examples: {
            sketchUpload: {
              summary: 'Upload: a sketch on disk as the reference',
              description:
                'curl: `-F referenceImages=@sketch.jpg`; repeat `-F referenceImages=@...` for up to 4, and add `-F prompt=...` to guide the image model.',
              value: { referenceImages: ['sketch.jpg'] },
            },
          },
          encoding: {
            referenceImages: { contentType: 'image/png, image/jpeg, image/webp, image/tiff' },
          },
        },
      },
    },
  },
  responses: {
    200: {
      description: 'The figure.',
      headers: PAID_SUCCESS_HEADERS,
      content: {
        'application/json': {
          schema: successEnvelope(FiguresResultSchema),
          examples: {
            labeledSvg: successExample(
              'Drafted SVG with its numerals, 8 credits',
              {
                url: exampleFileUrl('figure.svg'),
                format: 'svg',
                svg: SVG_EXAMPLE,
                width: 1638,
                height: 852,
                method: 'drafter',
                reader: 'rules',
                figure: SYSTEM_FIGURE,
                sheets: [
                  {
                    url: exampleFileUrl('figure.svg'),
                    label: 'FIG. 1',
                    svg: SVG_EXAMPLE,
                    width: 1638,
                    height: 852,
                  },
                ],
                references: SYSTEM_REFERENCES,
                creditsConsumed: 8,
              },
              '`svg` holds the whole file (shortened here); `references` lists each numeral and its part for the specification; `figure` is the structure drawn, to correct and send back.',
            ),
            figure: successExample('The structure drawn as sent, 8 credits', {
              url: exampleFileUrl('figure.svg'),
              format: 'svg',
              svg: SVG_EXAMPLE,
              width: 1638,
              height: 852,
              method: 'drafter',
              reader: 'sent',
              figure: SYSTEM_FIGURE,
              sheets: [
                {
                  url: exampleFileUrl('figure.svg'),
                  label: 'FIG. 1',
                  svg: SVG_EXAMPLE,
                  width: 1638,
                  height: 852,
                },
              ],
              references: SYSTEM_REFERENCES,
              creditsConsumed: 8,
            }),
            methodPng: successExample('Drafted PNG flowchart, 10 credits', {
              url: exampleFileUrl('figure.png'),
              format: 'png',
              width: 1824,
              height: 2048,
              method: 'drafter',
              reader: 'rules',
              figure: METHOD_FIGURE,
              sheets: [
                { url: exampleFileUrl('figure.png'), label: 'FIG. 2', width: 1824, height: 2048 },
              ],
              references: METHOD_REFERENCES,
              creditsConsumed: 10,
            }),
            referenceImages: successExample(
              'Line drawing from the reference, 10 credits',
              REFERENCE_LINES_RESULT,
              'Without the image model (no `AI` binding) each reference becomes a line-drawing view; with it, `method` is `image-model`.',
            ),
            sketchUpload: successExample(
              'Line drawing from the uploaded sketch, 10 credits',
              REFERENCE_LINES_RESULT,
            ),
          },
        },
      },
    },
    ...errorResponses([400, 401, 402, 409, 429, 500], {
      400: {
        missingInput: errorExample(
          'Neither prompt nor referenceImageUrls',
          'VALIDATION_ERROR',
          'the body: Send a prompt, a figure, referenceImageUrls, or a prompt with either',
        ),
        promptNotUnderstood: errorExample(
          'A prompt whose structure cannot be read (here a block diagram asked for, no part named); a reading the faithfulness checker refuses quotes the phrase instead',
          'PROMPT_NOT_UNDERSTOOD',
          NOT_UNDERSTOOD_MESSAGE,
        ),
        promptNotDrawable: errorExample(
          'A scene (not an object made of parts) described in words, on a deployment without the image model',
          'PROMPT_NOT_DRAWABLE',
          PROMPT_NOT_DRAWABLE_MESSAGE,
        ),
        referenceImageUnavailable: errorExample(
          'A reference image URL answered 404 (/figures has no 422)',
          'REFERENCE_IMAGE_UNAVAILABLE',
          'referenceImageUrls[0] could not be used: the server answered 404; expected 200',
        ),
        invalidIdempotencyKey: ERROR_EXAMPLES.invalidIdempotencyKey,
        unsupportedContentType: unsupportedContentType(true),
      },
      402: { insufficientCredits: insufficientCredits(8, 3) },
    }),
  },
})

export const figuresRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  route,
  async (c) => {
    const isJson = isJsonContentType(c.req.header('content-type'))
    const body = isJson ? c.req.valid('json') : c.req.valid('form')
    const { prompt, output, labeled } = body
    const figure = 'figure' in body ? body.figure : undefined
    const urls = ('referenceImageUrls' in body ? body.referenceImageUrls : undefined) ?? []
    // Uploads are read (and hashed for the fingerprint) before anything is charged.
    const uploads = await readUploadedReferences(
      ('referenceImages' in body ? body.referenceImages : undefined) ?? [],
    )
    const { deps, auth } = c.var
    const response = runPaid(c, {
      operation: 'generateFigure',
      route: '/figures',
      cost: figureCost(output),
      parameters: {
        prompt: prompt ?? null,
        figure: figure ?? null,
        output,
        labeled,
        referenceImageUrls: urls,
        ...(uploads.length > 0
          ? { referenceImages: uploads.map((u) => (u.kind === 'upload' ? u.sha256 : u.url)) }
          : {}),
      },
      // Step 8: the references are fetched and the plan made before the charge, so a prompt we
      // cannot draw or a reference we cannot fetch costs nothing.
      loadInput: async () => {
        const references = [
          ...(await loadReferenceImages(urls, deps)),
          ...(await admitUploadedReferences(uploads, deps)),
        ]
        const plan = await planFigure({
          prompt,
          figure,
          references: references.length,
          hasModel: deps.figureModel !== null,
          reader: deps.figureReader,
        })
        return { references, plan }
      },
      run: async ({ references, plan }) => {
        const out = await generateFigure(
          { plan, output, labeled, references },
          { outputs: deps.outputs, accountId: auth.accountId, model: deps.figureModel },
        )
        log('info', 'figure result', {
          requestId: c.var.requestId,
          method: out.method,
          bytes: out.file.byteLength,
          warnings: out.warnings.length,
        })
        return {
          data: {
            url: await outputUrl(c, out.file.key),
            format: output,
            ...(out.svg === undefined ? {} : { svg: out.svg }),
            width: Math.round(out.file.width),
            height: Math.round(out.file.height),
            method: out.method,
            ...(out.reader ? { reader: out.reader } : {}),
            ...(out.figure ? { figure: out.figure } : {}),
            sheets: await Promise.all(
              out.sheets.map(async (sheet) => ({
                url: await outputUrl(c, sheet.file.key),
                label: sheet.label,
                ...(sheet.svg === undefined ? {} : { svg: sheet.svg }),
                width: Math.round(sheet.file.width),
                height: Math.round(sheet.file.height),
              })),
            ),
            ...(out.references ? { references: out.references } : {}),
            ...(out.warnings.length > 0 ? { warnings: out.warnings } : {}),
          },
          storedKeys: out.sheets.map((sheet) => sheet.file.key),
        }
      },
    })
    return response as never
  },
)
