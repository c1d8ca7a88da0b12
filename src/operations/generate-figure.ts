/**
 * generateFigure (spec §4.2): a patent figure as PNG or stroke-only SVG. Engine path, by plan
 * (plan-figure.ts):
 *   drafter:          figure spec → draft (size, layout, draw, numerals, fit) → scene
 *   image-model:      references → ≤ 512 px PNGs → model → decode → clean line art → view → scene
 *   reference-lines:  each reference → decode → line drawing → views side by side → scene
 * then scene → SVG (text in the bundled font) → PNG: resvg at 2048 px, black and white, 300 DPI in pHYs |
 * SVG: text turned into glyph outlines → store.
 */

import { encodePng } from '../codecs/png/encode'
import { type ImageType, sniffImage } from '../codecs/sniff'
import { composeViews, type View } from '../engines/figure/compose-views'
import { draftFigure } from '../engines/figure/draft'
import { extractLineDrawing } from '../engines/figure/lines'
import {
  FIGURE_FONT_FAMILY,
  figureFontMetrics,
  outlineText,
  rasterizeSvg,
} from '../engines/figure/rasterize'
import type { Scene } from '../engines/figure/scene'
import { SHEET_DPI, SHEET_LONG_EDGE_PX } from '../engines/figure/sheet'
import { ApiError, type ImageSource } from '../errors'
import { ulid } from '../lib/ids'
import { bufferRows } from '../lib/rows'
import type { FigureModel, OutputStore } from '../storage/ports'
import { writeFigureSvg } from '../writers/figure-svg'
import { readReference, referencesForModel } from './figure-references'
import type { FigurePlan } from './plan-figure'
import { readGrayImage } from './read-gray'
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

export interface GenerateFigureOutput {
  file: StoredFile
  svg?: string
  method: FigurePlan['kind']
  references?: { numeral: string; label: string }[]
  warnings: string[]
}

/** Size the image model is asked for, px (its long edge; the aspect follows the first reference). */
const MODEL_LONG_EDGE_PX = 1024
/** Largest drawing accepted back from the model (it is asked for about 1 MP). */
const MAX_MODEL_PIXELS = 4_200_000

/** Draws, writes and stores the figure under `out/{accountId}/{ulid}/figure.{png|svg}`. */
export async function generateFigure(
  input: GenerateFigureInput,
  ports: { outputs: OutputStore; accountId: string; model: FigureModel | null },
): Promise<GenerateFigureOutput> {
  const { plan, labeled, output } = input
  const metrics = figureFontMetrics()
  let drawn: { scene: Scene; references: { numeral: string; label: string }[]; warnings: string[] }
  switch (plan.kind) {
    case 'drafter':
      drawn = await draftFigure(plan.figure, { labeled, metrics })
      break
    case 'image-model':
      drawn = composeViews([await modelView(plan.instruction, input.references, ports.model)], {
        labeled,
        metrics,
      })
      break
    case 'reference-lines': {
      const views: View[] = []
      for (const [i, reference] of input.references.entries()) {
        views.push(await referenceView(reference, i))
      }
      drawn = composeViews(views, { labeled, metrics })
      break
    }
  }
  const svg = writeFigureSvg(drawn.scene, { fontFamily: FIGURE_FONT_FAMILY })
  const id = ulid()
  const base = `out/${ports.accountId}/${id}/figure`
  let file: StoredFile
  let svgText: string | undefined
  if (output === 'png') {
    const raster = await rasterizeSvg(svg, SHEET_LONG_EDGE_PX)
    const rows = bufferRows(raster.data, raster.width, raster.height, 1)
    // Black and white, as patent offices file drawings: resvg's edge gray is cut at 50 %. A
    // 1-bit file is also 3.5x smaller and 8x faster to encode than 8-bit gray (125 → 16 ms for a
    // 1736 × 2048 flowchart, `npm run bench -- figures`).
    const png = await encodePng(rows, { bitDepth: 1, density: { x: SHEET_DPI, y: SHEET_DPI } })
    file = await storeOutput(ports.outputs, [], `${base}.png`, png, {
      contentType: 'image/png',
      disposition: `inline; filename="figure-${id}.png"`,
      width: raster.width,
      height: raster.height,
    })
  } else {
    svgText = await outlineText(svg)
    const bytes = new TextEncoder().encode(svgText)
    file = await storeOutput(
      ports.outputs,
      [],
      `${base}.svg`,
      { parts: [bytes], byteLength: bytes.byteLength },
      {
        contentType: 'image/svg+xml',
        disposition: `attachment; filename="figure-${id}.svg"`,
        width: drawn.scene.width,
        height: drawn.scene.height,
      },
    )
  }
  return {
    file,
    ...(svgText === undefined ? {} : { svg: svgText }),
    method: plan.kind,
    ...(labeled ? { references: drawn.references } : {}),
    warnings: [...plan.warnings, ...drawn.warnings],
  }
}

/** The image model's drawing, cleaned into line art. */
async function modelView(
  instruction: string,
  references: ReferenceImage[],
  model: FigureModel | null,
): Promise<View> {
  if (!model) throw new Error('generateFigure: image-model plan without a model')
  const inputs = await referencesForModel(references)
  const first = inputs[0] ? sniffImage(inputs[0]) : null
  const aspect = first?.ok ? first.value.width / first.value.height : 1
  const [width, height] = modelSize(aspect)
  const bytes = await model.draw({ prompt: instruction, references: inputs, width, height })
  const sniffed = sniffImage(bytes)
  if (!sniffed.ok) throw new Error(`image model answered: ${sniffed.error.message}`)
  const { type, width: w, height: h } = sniffed.value
  if (w * h > MAX_MODEL_PIXELS) throw new Error(`image model answered with ${w} × ${h} px`)
  const image = await readGrayImage(bytes, type)
  const lines = await extractLineDrawing(image, 'model')
  if (!lines.ok) {
    throw new ApiError(
      'PROCESSING_FAILED',
      `The image model's drawing could not be used: ${lines.message}`,
    )
  }
  return lines.value
}

/** One reference image as a line drawing. */
async function referenceView(reference: ReferenceImage, index: number): Promise<View> {
  const image = await readReference(index, () => readGrayImage(reference.bytes, reference.type))
  const lines = await extractLineDrawing(image, 'reference')
  if (!lines.ok) {
    throw new ApiError(
      'REFERENCE_IMAGE_UNAVAILABLE',
      `referenceImageUrls[${index}] could not be drawn: ${lines.message}`,
    )
  }
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
