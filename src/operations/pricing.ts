/**
 * The price table: what each operation costs in credits, as a pure function of its validated
 * parameters (PLATFORM.md §4 rule 2). This is the only copy; the README and the OpenAPI
 * descriptions quote it.
 */

/** Credits per operation and option. */
export const PRICES = {
  convertImage: { 300: 1, 600: 2 },
  vectorizeImage: 2,
  enhanceImage: { 2: 2, 4: 4 },
  generateFigure: { png: 10, svg: 8 },
} as const

/** The paid operations, by the spec's operationIds. */
export type PaidOperation = keyof typeof PRICES

/** Cost of one /convert request. */
export const convertCost = (dpi: 300 | 600): number => PRICES.convertImage[dpi]
/** Cost of one /vectorize request. */
export const vectorizeCost = (): number => PRICES.vectorizeImage
/** Cost of one /enhance request. */
export const enhanceCost = (scale: 2 | 4): number => PRICES.enhanceImage[scale]
/** Cost of one /figures request. */
export const figureCost = (output: 'png' | 'svg'): number => PRICES.generateFigure[output]
