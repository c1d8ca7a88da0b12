/** POST /figures (generateFigure, spec §4.2): a patent figure from a prompt and/or reference images. */

import { generateFigure } from '../../operations/generate-figure'
import { figureCost } from '../../operations/pricing'
import { figureParameters, loadFigureInput, readFigureRequest } from '../input/figure-request'
import { FiguresFormSchema, FiguresJsonSchema, FiguresResultSchema } from '../input/schemas'
import { paidRoute } from '../paid-route'
import {
  FIGURES_BODY_EXAMPLES,
  FIGURES_ERROR_EXAMPLES,
  FIGURES_RESULT_EXAMPLES,
} from './figures.examples'

export const figuresRoutes = paidRoute({
  path: '/figures',
  operationId: 'generateFigure',
  tag: 'Figures',
  summary: 'Generate a patent figure from a prompt and/or reference images',
  description:
    'Block diagrams and flowcharts are drafted from the prompt or from a `figure` structure, exactly as written: every part and step the prompt names is drawn with the numeral it was written with ("a motor 104", "(step 1002)", "at 1102,", "S1302", "In step 602, ..."), labels are the prompt\'s own words, decisions its own conditions as questions with YES / NO branches, loops and joins where it says so. A faithfulness checker holds every reading to the prompt before anything is charged: a prompt that cannot be drawn exactly as written is refused with `PROMPT_NOT_UNDERSTOOD`, quoting the phrase. The structure drawn comes back as `figure`; correct it and send it back to redraw. Figures carry their "FIG. n" legend, text at least 0.32 cm high on the sheet (a figure too large for one sheet continues on further sheets, FIG. 5A, 5B, joined by connector circles, all in `sheets`), one uniform black pen on white, laid out with ELK and rendered with resvg. Objects described in words and reference images go to the image model (Workers AI FLUX.2) when the deployment has one; without it, reference images become line-drawing views. Reference images come as public URLs (`referenceImageUrls`, JSON) or as files uploaded with the prompt (`referenceImages` parts, multipart/form-data, up to 4 of 10 MiB each). `labeled` adds numerals with lead lines. PNG: black and white (1-bit), long edge 2048 px, 300 DPI. SVG: strokes only (text as glyph outlines), each element a titled group. Costs 10 credits (PNG) or 8 (SVG).',
  body: {
    json: FiguresJsonSchema,
    form: FiguresFormSchema,
    examples: FIGURES_BODY_EXAMPLES,
    encoding: {
      referenceImages: { contentType: 'image/png, image/jpeg, image/webp, image/tiff' },
    },
    maxFiles: 4,
  },
  result: {
    schema: FiguresResultSchema,
    description: 'The figure.',
    examples: FIGURES_RESULT_EXAMPLES,
  },
  errors: {
    statuses: [400, 401, 402, 409, 429, 500],
    examples: FIGURES_ERROR_EXAMPLES,
    insufficient: [8, 3],
  },
  prepare: readFigureRequest,
  price: ({ output }) => figureCost(output),
  parameters: figureParameters,
  load: loadFigureInput,
  run: ({ references, plan }, { output, labeled }, { deps, outputs }) =>
    generateFigure(
      { plan, output, labeled, references },
      {
        outputs,
        model: deps.figureModel,
        kernels: deps.kernels,
      },
    ),
  logged: (out) => ({
    method: out.method,
    bytes: out.file.byteLength,
    warnings: out.warnings.length,
  }),
  present: async (out, { output }, sign) => ({
    url: await sign(out.file.key),
    format: output,
    ...(out.svg === undefined ? {} : { svg: out.svg }),
    width: Math.round(out.file.width),
    height: Math.round(out.file.height),
    method: out.method,
    ...(out.reader ? { reader: out.reader } : {}),
    ...(out.figure ? { figure: out.figure } : {}),
    sheets: await Promise.all(
      out.sheets.map(async (sheet) => ({
        url: await sign(sheet.file.key),
        label: sheet.label,
        ...(sheet.svg === undefined ? {} : { svg: sheet.svg }),
        width: Math.round(sheet.file.width),
        height: Math.round(sheet.file.height),
      })),
    ),
    ...(out.references ? { references: out.references } : {}),
    ...(out.warnings.length > 0 ? { warnings: out.warnings } : {}),
  }),
})
