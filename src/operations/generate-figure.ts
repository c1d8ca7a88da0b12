/**
 * generateFigure (spec §4.2): a patent figure as PNG or stroke-only SVG. Engine path, by plan
 * (plan-figure.ts):
 *   drafter:          figure → draft (size, layout, draw, numerals, legend, sheets) → scenes
 *   image-model:      references → ≤ 512 px PNGs → model → decode → clean line art → view → scene
 *   reference-lines:  each reference → decode → line drawing → views side by side → scene
 * then each sheet's scene → SVG (text in the bundled font) → PNG: resvg at 2048 px, black and
 * white, 300 DPI in pHYs | SVG: text turned into glyph outlines, each element's group titled with
 * its label and numeral → store, one file per sheet.
 */

import type { FigureModel, OutputBatch } from '../adapters/ports'
import { encodePng } from '../codecs/png/encode'
import { type ImageType, sniffImage } from '../codecs/sniff'
import { composeViews, type View } from '../engines/figure/compose-views'
import { draftFigure } from '../engines/figure/draft'
import type { Figure } from '../engines/figure/figure'
import { extractLineDrawing } from '../engines/figure/lines'
import {
  FIGURE_FONT_FAMILY,
  figureFontMetrics,
  outlineText,
  rasterizeSvg,
} from '../engines/figure/rasterize'
import type { Scene } from '../engines/figure/scene'
import { SHEET_DPI, SHEET_LONG_EDGE_PX } from '../engines/figure/sheet'
import { draftObject } from '../engines/object/draft'
import type { ImageSource } from '../errors'
import type { Kernels, SvgKernel } from '../kernels/kernels'
import { bufferRows } from '../lib/rows'
import { labelGroups, writeFigureSvg } from '../writers/figure-svg'
import { readReference, referencesForModel } from './figure-references'
import type { FigurePlan } from './plan-figure'
import { readGrayImage } from './read-gray'
import { lineDrawingRefusal } from './refusals'
import { type StoredFile, storeOutput } from './store-output'

export type FigureOutput = 'png' | 'svg'

/** A downloaded reference image. */
export interface ReferenceImage {
  bytes: Uint8Array
  type: ImageType
  source: ImageSource
}

export interface GenerateFigureInput {
  plan: FigurePlan
  output: FigureOutput
  labeled: boolean
  references: ReferenceImage[]
}

/** One stored sheet of a figure. */
export interface FigureSheetOutput {
  file: StoredFile
  label: string
  svg?: string
}

export interface GenerateFigureOutput {
  /** The first sheet (every figure has one). */
  file: StoredFile
  svg?: string
  sheets: FigureSheetOutput[]
  method: FigurePlan['kind']
  /** Drafted figures: where the structure came from, and the structure drawn. */
  reader?: 'rules' | 'model' | 'sent'
  figure?: Figure
  references?: { numeral: string; label: string }[]
  warnings: string[]
}

/** A sheet to write: its scene, legend, and the titles its SVG groups get. */
interface SheetToWrite {
  scene: Scene
  label: string
  titles: Map<string, string>
}

/** Size the image model is asked for, px (its long edge; the aspect follows the first reference). */
const MODEL_LONG_EDGE_PX = 1024
/** Largest drawing accepted back from the model (it is asked for about 1 MP). */
const MAX_MODEL_PIXELS = 4_200_000

/** Draws, writes and stores the figure in the request's batch as `figure[-n].{png|svg}`. */
export async function generateFigure(
  input: GenerateFigureInput,
  ports: { outputs: OutputBatch; model: FigureModel | null; kernels: Kernels },
): Promise<GenerateFigureOutput> {
  const { plan, labeled, output } = input
  const { kernels } = ports
  const metrics = figureFontMetrics(kernels.svg)
  let sheets: SheetToWrite[]
  let references: { numeral: string; label: string }[] = []
  let drawnWarnings: string[] = []
  let structure: Figure | undefined
  switch (plan.kind) {
    case 'drafter': {
      // Objects are drawn from their 3D scene; diagrams and flowcharts are laid out as graphs.
      const draft = plan.figure.kind === 'object' ? draftObject : draftFigure
      const drafted = await draft(plan.figure, { labeled, metrics })
      const titles = groupTitles(plan.figure, drafted.numerals, drafted.whole)
      sheets = drafted.sheets.map((sheet) => ({
        scene: sheet.scene,
        label: sheet.label,
        // Every legend on the sheet is titled with its own words (an object's views have one each).
        titles: new Map([
          ...titles,
          ['legend', sheet.label],
          ...sheet.scene.texts.flatMap((t) =>
            t.role === 'legend' && t.group ? [[t.group, t.text] as [string, string]] : [],
          ),
        ]),
      }))
      references = drafted.references
      drawnWarnings = drafted.warnings
      // Drawn as the drafter saw it (an object's chosen viewpoint), so it redraws the same.
      const seen = drafted.scene ? { ...plan.figure, scene: drafted.scene } : plan.figure
      structure = drawnStructure(seen, labeled ? drafted.numerals : null, drafted.whole)
      const written = plan.figure.elements.some((e) => e.numeral !== undefined)
      if (!labeled && written) {
        drawnWarnings.push(
          plan.reader === 'sent'
            ? 'The figure sent has reference numerals; they are drawn only with labeled: true'
            : 'The prompt writes reference numerals; they are drawn only with labeled: true',
        )
      }
      break
    }
    case 'image-model': {
      const drawn = composeViews(
        [await modelView(plan.instruction, input.references, ports.model, kernels)],
        {
          labeled,
          metrics,
        },
      )
      sheets = [{ scene: drawn.scene, label: 'FIG. 1', titles: new Map() }]
      references = drawn.references
      drawnWarnings = drawn.warnings
      break
    }
    case 'reference-lines': {
      const views: View[] = []
      for (const [i, reference] of input.references.entries()) {
        views.push(await referenceView(reference, i, kernels))
      }
      const drawn = composeViews(views, { labeled, metrics })
      sheets = [{ scene: drawn.scene, label: 'FIG. 1', titles: new Map() }]
      references = drawn.references
      drawnWarnings = drawn.warnings
      break
    }
  }
  const stored: FigureSheetOutput[] = []
  for (const [i, sheet] of sheets.entries()) {
    stored.push(await writeSheet(sheet, i, output, ports.outputs, kernels.svg))
  }
  const first = stored[0]!
  return {
    file: first.file,
    ...(first.svg === undefined ? {} : { svg: first.svg }),
    sheets: stored,
    method: plan.kind,
    ...(plan.kind === 'drafter' ? { reader: plan.reader } : {}),
    ...(structure ? { figure: structure } : {}),
    ...(labeled ? { references } : {}),
    warnings: [...plan.warnings, ...drawnWarnings],
  }
}

/** Writes one sheet as PNG (1-bit, 2048 px, 300 DPI) or outlined SVG, and stores it. */
async function writeSheet(
  sheet: SheetToWrite,
  index: number,
  output: FigureOutput,
  outputs: OutputBatch,
  svgKernel: SvgKernel | null,
): Promise<FigureSheetOutput> {
  const svg = writeFigureSvg(sheet.scene, { fontFamily: FIGURE_FONT_FAMILY })
  const suffix = index === 0 ? '' : `-${index + 1}`
  const name = `figure-${outputs.id}${suffix}`
  if (output === 'png') {
    const raster = await rasterizeSvg(svg, SHEET_LONG_EDGE_PX, svgKernel)
    const rows = bufferRows(raster.data, raster.width, raster.height, 1)
    // Black and white, as patent offices file drawings: resvg's edge gray is cut at 50 %. A
    // 1-bit file is also 3.5x smaller and 8x faster to encode than 8-bit gray (125 → 16 ms for a
    // 1736 × 2048 flowchart, `npm run bench -- figures`).
    const png = await encodePng(rows, { bitDepth: 1, density: { x: SHEET_DPI, y: SHEET_DPI } })
    const file = await storeOutput(outputs, `figure${suffix}.png`, png, {
      contentType: 'image/png',
      disposition: 'inline',
      filename: `${name}.png`,
      width: raster.width,
      height: raster.height,
    })
    return { file, label: sheet.label }
  }
  const text = labelGroups(await outlineText(svg, svgKernel), sheet.titles)
  const bytes = new TextEncoder().encode(text)
  const file = await storeOutput(
    outputs,
    `figure${suffix}.svg`,
    { parts: [bytes], byteLength: bytes.byteLength },
    {
      contentType: 'image/svg+xml',
      disposition: 'attachment',
      filename: `${name}.svg`,
      width: sheet.scene.width,
      height: sheet.scene.height,
    },
  )
  return { file, label: sheet.label, svg: text }
}

/** What each SVG group is called: an element by its label and numeral, a connection by its ends. */
function groupTitles(
  figure: Figure,
  numerals: ReadonlyMap<string, string>,
  whole: string | undefined,
): Map<string, string> {
  const titles = new Map<string, string>()
  // The whole's numeral, drawn with its arrow: "METHOD 200".
  if (whole !== undefined) titles.set('whole', `${figure.title ?? figure.label} ${whole}`)
  const byId = new Map(figure.elements.map((e) => [e.id, e]))
  for (const element of figure.elements) {
    // What is drawn: a numeral only when the figure is labeled (numerals holds none otherwise).
    const numeral = numerals.get(element.id)
    titles.set(`el-${element.id}`, numeral ? `${element.label} ${numeral}` : element.label)
  }
  figure.connections.forEach((c, i) => {
    const label = c.label ? ` (${c.label})` : ''
    titles.set(`cn-${i}`, `${byId.get(c.from)?.label} → ${byId.get(c.to)?.label}${label}`)
  })
  return titles
}

/** The structure as drawn: with the numerals drawn when labeled (given and assigned). */
function drawnStructure(
  figure: Figure,
  numerals: ReadonlyMap<string, string> | null,
  whole: string | undefined,
): Figure {
  if (!numerals) return figure
  return {
    ...figure,
    ...(whole ? { numeral: whole } : {}),
    elements: figure.elements.map((e) => {
      const numeral = numerals.get(e.id)
      return numeral ? { ...e, numeral } : e
    }),
  }
}

/** The image model's drawing, cleaned into line art. */
async function modelView(
  instruction: string,
  references: ReferenceImage[],
  model: FigureModel | null,
  kernels: Kernels,
): Promise<View> {
  if (!model) throw new Error('generateFigure: image-model plan without a model')
  const inputs = await referencesForModel(references, kernels)
  const first = inputs[0] ? sniffImage(inputs[0]) : null
  const aspect = first?.ok ? first.value.width / first.value.height : 1
  const [width, height] = modelSize(aspect)
  const bytes = await model.draw({ prompt: instruction, references: inputs, width, height })
  const sniffed = sniffImage(bytes)
  if (!sniffed.ok) throw new Error(`image model answered: ${sniffed.error.message}`)
  const { type, width: w, height: h } = sniffed.value
  if (w * h > MAX_MODEL_PIXELS) throw new Error(`image model answered with ${w} × ${h} px`)
  const image = await readGrayImage(bytes, type, kernels)
  const lines = await extractLineDrawing(image, 'model', kernels)
  if (!lines.ok) throw lineDrawingRefusal(lines.reason, lines.message, { kind: 'model' })
  return lines.value
}

/** One reference image as a line drawing. */
async function referenceView(
  reference: ReferenceImage,
  index: number,
  kernels: Kernels,
): Promise<View> {
  const image = await readReference(index, () =>
    readGrayImage(reference.bytes, reference.type, kernels),
  )
  const lines = await extractLineDrawing(image, 'reference', kernels)
  if (!lines.ok) throw lineDrawingRefusal(lines.reason, lines.message, { kind: 'reference', index })
  return lines.value
}

/** The model's output size for an aspect: long edge 1024, both sides multiples of 64. */
function modelSize(aspect: number): [number, number] {
  const clamped = Math.min(2, Math.max(0.5, aspect))
  const round = (v: number) => Math.max(512, Math.round(v / 64) * 64)
  return clamped >= 1
    ? [MODEL_LONG_EDGE_PX, round(MODEL_LONG_EDGE_PX / clamped)]
    : [round(MODEL_LONG_EDGE_PX * clamped), MODEL_LONG_EDGE_PX]
}
