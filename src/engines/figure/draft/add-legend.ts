/**
 * Drafter stage 5: the sheet's legend, "FIG. n" (or "FIG. 5A" for one sheet of several), centred
 * under everything drawn, set larger than the labels so it reads as the figure's name. PLATFORM.md
 * §7 (37 CFR 1.84(u)(1)) gives a lone view no number; the product owner wants every drafted
 * figure to carry its legend, so a figure on one sheet gets one too.
 */

import { contentBounds } from '../fit-sheet'
import type { FontMetrics } from '../font-metrics'
import { LEGEND_GROUP, type Scene } from '../scene'
import { CAP_HEIGHT_EM, FONT_PX } from '../sheet'
import { textBox } from './draw-parts'

/** Size of the legend, px: 1.3 × the labels' (caps 51 px at full size). */
export const LEGEND_PX = Math.round(1.3 * FONT_PX)
/**
 * White between the lowest mark and the top of the legend's capitals, px: clearly apart, and no
 * more, since every px of it is taken from the drawing's print size on a portrait sheet.
 */
const LEGEND_GAP_PX = 0.8 * FONT_PX

/** Adds `label` under the drawing in `scene`; nothing is below it, so it touches nothing. */
export function addLegend(scene: Scene, label: string, metrics: FontMetrics): void {
  const drawn = contentBounds(scene)
  const x = drawn.x + drawn.width / 2
  const y = drawn.y + drawn.height + LEGEND_GAP_PX + CAP_HEIGHT_EM * LEGEND_PX
  scene.texts.push({
    text: label,
    x,
    y,
    size: LEGEND_PX,
    anchor: 'middle',
    role: 'legend',
    // "FIG. 12B-2" has capitals, digits, a point and a hyphen: nothing below the baseline.
    box: textBox(label, x, y, LEGEND_PX, 'middle', metrics, true),
    group: LEGEND_GROUP,
  })
}
