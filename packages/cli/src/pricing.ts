/**
 * The price table, copied from src/operations/pricing.ts (PRICES), which is the only source of
 * truth: keep the two in step. Used to estimate a batch's cost before anything is sent.
 */

/** Credits per operation and option (src/operations/pricing.ts, PRICES). */
export const PRICES = {
  convertImage: { 300: 1, 600: 2 },
  vectorizeImage: 2,
  enhanceImage: { 2: 2, 4: 4 },
  generateFigure: { png: 10, svg: 8 },
} as const

/** Cost of one /convert request, credits. */
export const convertCost = (dpi: 300 | 600): number => PRICES.convertImage[dpi]
/** Cost of one /vectorize request, credits. */
export const vectorizeCost = (): number => PRICES.vectorizeImage
/** Cost of one /enhance request, credits. */
export const enhanceCost = (scale: 2 | 4): number => PRICES.enhanceImage[scale]
/** Cost of one /figures request, credits. */
export const figureCost = (output: 'png' | 'svg'): number => PRICES.generateFigure[output]
