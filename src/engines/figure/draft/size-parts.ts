/**
 * Drafter stage 1: each part's label wrapped to lines and the shape sized around them, in sheet
 * units (sheet.ts). Boxes hold their text with padding; a decision diamond is sized so the text
 * block fits inside it (w/W + h/H ≤ 1 for a centred w × h block in a W × H diamond); a terminal
 * is a stadium; an off-page connector a circle around its letter. Containers are sized by the
 * layout; here they get their title's lines and the room the title takes at their top.
 */

import type { Figure, FigureElement } from '../figure'
import type { FontMetrics } from '../font-metrics'
import { CAP_HEIGHT_EM, FONT_PX, LINE_HEIGHT_PX, PEN_PX } from '../sheet'
import { wrapText } from '../wrap-text'

/** A part ready for layout: its lines and outer size (containers: their title band). */
export interface SizedPart {
  element: FigureElement
  lines: string[]
  /** Width of the widest line, px. */
  textWidth: number
  /** Outer size of the shape, px (containers: 0; the layout sizes them). */
  width: number
  height: number
  container: boolean
  /** Containers: height of the title band at the top, px. */
  titleHeight: number
  /** Containers: width of the title's widest word, px (the narrowest it can be wrapped). */
  wordWidth?: number
  /** Containers: the title goes in a band at the bottom (links crowd the top one). */
  titleBelow?: boolean
  /**
   * Containers: the title keeps a band down the left side to itself, beside the parts inside
   * (links crossed it in its band at the top: in a layout down the page they come in at the top
   * and leave at the bottom, and keep off the sides).
   */
  titleBeside?: boolean
  /** An off-page connector: a circle with this letter in it (its element is a stand-in). */
  connector?: string
}

/** How wide a label may run before it wraps, in font sizes (em). */
export interface WrapWidths {
  box: number
  decision: number
  container: number
}

export const DEFAULT_WRAP: WrapWidths = { box: 9, decision: 6.5, container: 16 }

const PAD_X = 0.55 * FONT_PX
const PAD_Y = 0.38 * FONT_PX
const MIN_BOX_WIDTH = 3.2 * FONT_PX

/** Sizes every element of `figure` (see the module header). */
export function sizeParts(
  figure: Figure,
  metrics: FontMetrics,
  wrap: WrapWidths = DEFAULT_WRAP,
  connectors: ReadonlyMap<string, string> = new Map(),
): Map<string, SizedPart> {
  const parents = new Set(figure.elements.flatMap((e) => (e.parent ? [e.parent] : [])))
  const sized = new Map<string, SizedPart>()
  for (const element of figure.elements) {
    const letter = connectors.get(element.id)
    if (letter !== undefined) {
      sized.set(element.id, connectorSize(element, letter, metrics))
      continue
    }
    const container = element.kind === 'container' || parents.has(element.id)
    const em = container ? wrap.container : element.kind === 'decision' ? wrap.decision : wrap.box
    const lines = wrapText(element.label, em * FONT_PX, FONT_PX, metrics)
    const textWidth = Math.max(...lines.map((l) => metrics.measure(l, FONT_PX)))
    const textHeight = lines.length * LINE_HEIGHT_PX
    let width = 0
    let height = 0
    let titleHeight = 0
    if (container) {
      titleHeight = textHeight + PAD_Y
    } else if (element.kind === 'decision') {
      // Centred w × h block inside a W × H diamond: w/W + h/H ≤ 1. A flat diamond (w/W = 0.42,
      // h/H = 0.58) saves the height a flowchart runs short of.
      const w = textWidth + 0.3 * FONT_PX
      const h = textHeight + 0.1 * FONT_PX
      width = Math.max(w / 0.42, MIN_BOX_WIDTH)
      height = Math.max(h / 0.58, 2 * FONT_PX)
    } else if (element.kind === 'terminal') {
      height = textHeight + 2 * PAD_Y
      width = Math.max(textWidth + height, MIN_BOX_WIDTH)
    } else {
      width = Math.max(textWidth + 2 * PAD_X, MIN_BOX_WIDTH)
      height = textHeight + 2 * PAD_Y
    }
    sized.set(element.id, {
      element,
      lines,
      textWidth,
      width: Math.ceil(width),
      height: Math.ceil(height),
      container,
      titleHeight: Math.ceil(titleHeight),
      ...(container ? { wordWidth: widestWord(element.label, metrics) } : {}),
    })
  }
  return sized
}

/** The width of the widest word of `label`, px. */
export function widestWord(label: string, metrics: FontMetrics): number {
  return Math.max(...label.split(/\s+/).map((word) => metrics.measure(word, FONT_PX)))
}

/**
 * An off-page connector's circle: the letter (set like the labels, so it prints at least as high)
 * inside the square inscribed in it. Its box reaches a cap height above the baseline and 0.24 em
 * below, and the baseline sits half a cap height under the centre, so the box's far corner is
 * (width / 2, 0.24 em + cap / 2) from the centre.
 */
function connectorSize(element: FigureElement, letter: string, metrics: FontMetrics): SizedPart {
  const textWidth = metrics.measure(letter, FONT_PX)
  const half = Math.max(textWidth / 2, (0.24 + CAP_HEIGHT_EM / 2) * FONT_PX)
  const diameter = Math.ceil(2 * Math.SQRT2 * (half + PEN_PX) + PEN_PX)
  return {
    element,
    lines: [letter],
    textWidth,
    width: diameter,
    height: diameter,
    container: false,
    titleHeight: 0,
    connector: letter,
  }
}
