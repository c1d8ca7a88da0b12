// Shared by the figure tests: renders a drafted scene the way /figures does, and runs the figure checker
// on the pixels with the scene's own text boxes, one sheet or every sheet of a figure.

import { checkFigure, checkSceneLayout, sceneBoxesAt } from '../../src/engines/figure/check'
import {
  FIGURE_FONT_FAMILY,
  type GrayRaster,
  rasterizeSvg,
} from '../../src/engines/figure/rasterize'
import type { Scene } from '../../src/engines/figure/scene'
import { MIN_TEXT_HEIGHT_PX, SHEET_LONG_EDGE_PX } from '../../src/engines/figure/sheet'
import { WORKERD_KERNELS } from '../../src/kernels/workerd'
import { writeFigureSvg } from '../../src/writers/figure-svg'

/** Ink-free band the checker demands, px at 2048 (the sheet's own margin is 64). */
export const CHECK_MARGIN_PX = 40

/** The scene as /figures renders it: SVG in the bundled font, 2048 px on the long edge. */
export async function renderScene(scene: Scene): Promise<GrayRaster> {
  return rasterizeSvg(
    writeFigureSvg(scene, { fontFamily: FIGURE_FONT_FAMILY }),
    SHEET_LONG_EDGE_PX,
    WORKERD_KERNELS.svg,
  )
}

/**
 * Every rule of the figure checker on `raster` (pixels) and `scene` (layout): tone, margins,
 * uniform lines, numerals ≥ 38 px and not overlapping, leads crossing nothing, labels inside
 * their shapes. Returns the problems (empty when the figure passes).
 */
export function figureProblems(
  raster: GrayRaster,
  scene: Scene,
  layout: { leadCrossings?: number } = {},
): string[] {
  const boxes = sceneBoxesAt(scene, raster.width)
  const pixels = checkFigure(raster, {
    marginPx: CHECK_MARGIN_PX,
    ...boxes,
    minNumeralPx: MIN_TEXT_HEIGHT_PX,
  })
  return [...pixels.problems, ...checkSceneLayout(scene, layout)]
}

/**
 * `figureProblems` on every sheet of a drafted figure, each rendered at 2048 px on its long edge
 * as /figures renders it; each problem starts with the sheet's legend ("FIG. 5B: ...").
 */
export async function sheetsProblems(
  sheets: { scene: Scene; label: string }[],
  layout: { leadCrossings?: number } = {},
): Promise<string[]> {
  const problems: string[] = []
  for (const sheet of sheets) {
    const raster = await renderScene(sheet.scene)
    if (Math.max(raster.width, raster.height) !== SHEET_LONG_EDGE_PX) {
      problems.push(`${sheet.label}: rendered ${raster.width} × ${raster.height}, not 2048 long`)
    }
    problems.push(...figureProblems(raster, sheet.scene, layout).map((p) => `${sheet.label}: ${p}`))
  }
  return problems
}
