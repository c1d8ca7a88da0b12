// What the Node-side benchmarks need from src/, bundled by bench/support/engine.mjs (Node cannot
// import our extensionless TypeScript directly). Nothing here is part of the Worker.

export { openOutputBatch } from '../../src/adapters/output-batch'
export { openImage } from '../../src/codecs/decode'
export { openPng } from '../../src/codecs/png/decode'
export { createPngEncoder, encodePng } from '../../src/codecs/png/encode'
export { sniffImage } from '../../src/codecs/sniff'
export { createTiffEncoder } from '../../src/codecs/tiff/encode'
export {
  checkFigure,
  checkSceneLayout,
  sceneBoxesAt,
} from '../../src/engines/figure/check'
export { draftFigure } from '../../src/engines/figure/draft'
export { drawParts } from '../../src/engines/figure/draft/draw-parts'
export { sizeParts } from '../../src/engines/figure/draft/size-parts'
export { FigureSchema } from '../../src/engines/figure/figure'
export { fitSheet } from '../../src/engines/figure/fit-sheet'
export { parsePrompt } from '../../src/engines/figure/parse'
export {
  FIGURE_FONT_FAMILY,
  figureFontMetrics,
  outlineText,
  rasterizeSvg,
} from '../../src/engines/figure/rasterize'
export { readFigure } from '../../src/engines/figure/read-figure'
export { fitLongEdge } from '../../src/engines/filing/sizes'
export { binarizePage, chooseThreshold } from '../../src/engines/gray/binarize'
export { flattenToGray } from '../../src/engines/gray/flatten-to-gray'
export { resampleGray } from '../../src/engines/gray/resample'
export {
  classifyTone,
  decideTone,
  MAX_BILEVEL_MID_SHARE,
  MAX_LINEART_FLAT_SHARE,
  MAX_NON_PAPER_SHARE,
  MIN_PHOTO_FLAT_SHARE,
  pageHistogram,
  toneFeatures,
} from '../../src/engines/gray/tone'
export { traceLineart } from '../../src/engines/lineart'
export { draftObject } from '../../src/engines/object/draft'
export { OBJECT_LEAD_CROSSINGS } from '../../src/engines/object/draft/number-views'
export { prepareScene, viewCamera } from '../../src/engines/object/geometry'
export { readObjectFigure } from '../../src/engines/object/read-object-figure'
export { traceImage } from '../../src/engines/trace'
export { MAX_TILE, upscaleImage } from '../../src/engines/upscale'
export { createUpscaler } from '../../src/engines/upscale/kernels-wasm'
export { upscaleLineArt } from '../../src/engines/upscale/lineart'
export { parseEsrganSlim } from '../../src/engines/upscale/model'
export { loadUpscaler } from '../../src/engines/upscale/models'
export { concatBytes } from '../../src/lib/bytes'
export { bufferRows } from '../../src/lib/rows'
export { convertImage } from '../../src/operations/convert-image'
export { ENHANCE_LIMITS, enhanceImage } from '../../src/operations/enhance-image'
export {
  VECTORIZE_LIMITS,
  vectorizeImage,
  vectorizeLimits,
} from '../../src/operations/vectorize-image'
export { writeFigureSvg } from '../../src/writers/figure-svg'
export { writeSvg } from '../../src/writers/svg'
