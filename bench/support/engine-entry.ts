// What the Node-side benchmarks need from src/, bundled by bench/support/engine.mjs (Node cannot
// import our extensionless TypeScript directly). Nothing here is part of the Worker.
export { openPng } from '../../src/codecs/png/decode'
export { createPngEncoder } from '../../src/codecs/png/encode'
export { sniffImage } from '../../src/codecs/sniff'
export { createTiffEncoder } from '../../src/codecs/tiff/encode'
export { useWebpDecoderWasm } from '../../src/codecs/webp/decode'
export { concatBytes } from '../../src/lib/bytes'
export { CONVERT_LIMITS, convertImage } from '../../src/operations/convert-image'
