// What `npm run bench -- drawings` needs from src/ and test/support, bundled for Node by
// bench/drawings.mjs (the .wasm and .ttf imports of test/support/figures.ts become Node reads
// there). Nothing here is part of the Worker.

export { draftFigure } from '../../src/engines/figure/draft'
export { checkFaithful } from '../../src/engines/figure/faithful'
export { FigureSchema } from '../../src/engines/figure/figure'
export { figureFontMetrics } from '../../src/engines/figure/rasterize'
export { readFigure } from '../../src/engines/figure/read-figure'
export {
  CAP_HEIGHT_EM,
  MIN_TEXT_HEIGHT_PX,
  SHEET_DPI,
  SHEET_LONG_EDGE_PX,
} from '../../src/engines/figure/sheet'
export { sheetsProblems } from '../../test/support/figures'
