// `npm run bench`: every benchmark, each printing its figures beside a baseline or peer.
// `npm run bench -- NAME` runs one: platform, memory, sharp, binarize, vectorize, enhance,
// layout, figures, lines, understanding, object-understanding or drawings (`--quick` after it for
// a short run; `npm run bench:vectorize` is the same as `-- vectorize`). enhance: the /v1/enhance
// engine beside UpscalerJS + tfjs-backend-wasm, and its quality against bicubic and Lanczos-3
// (bench/enhance.mjs). layout: dagre against ELK on patent-style figures, to choose /figures'
// layout library (bench/figure-layout.mjs). figures: the /figures drafter, prompt to PNG, beside a
// dagre-laid-out peer (bench/figures.mjs). lines: line drawings from reference images and model
// output (bench/figure-lines.mjs). understanding: the prompt reader scored on the prompt corpus
// (bench/understanding.mjs). object-understanding: the object reader scored on the object corpus
// (bench/object-understanding.mjs). drawings: every corpus figure read, drafted labeled and not,
// and held to the drawing checker, a gate that exits 1 on any failing figure (bench/drawings.mjs).
import { runBinarizeBench } from './binarize.mjs'
import { runSharpBench } from './convert-vs-sharp.mjs'
import { runDrawingsBench } from './drawings.mjs'
import { runEnhanceBench } from './enhance.mjs'
import { runFigureLayoutBench } from './figure-layout.mjs'
import { runFigureLinesBench } from './figure-lines.mjs'
import { runFiguresBench } from './figures.mjs'
import { runMemoryBench } from './memory.mjs'
import { runObjectGeometryBench } from './object-geometry.mjs'
import { runObjectUnderstandingBench } from './object-understanding.mjs'
import { runPlatformBench } from './platform.mjs'
import { runUnderstandingBench } from './understanding.mjs'
import { runVectorizeBench } from './vectorize.mjs'
import { runWebpBench } from './webp.mjs'

const only = process.argv[2]
if (!only || only === 'platform') await runPlatformBench()
if (!only || only === 'memory') await runMemoryBench()
if (!only || only === 'sharp') await runSharpBench()
if (!only || only === 'binarize') await runBinarizeBench()
if (!only || only === 'vectorize') await runVectorizeBench()
if (!only || only === 'enhance') await runEnhanceBench()
if (!only || only === 'layout') await runFigureLayoutBench()
if (!only || only === 'figures') await runFiguresBench()
if (!only || only === 'lines') await runFigureLinesBench()
if (!only || only === 'understanding') await runUnderstandingBench()
if (!only || only === 'object-understanding') await runObjectUnderstandingBench()
// object-geometry: hidden-line removal of object scenes (20 parts, one view) beside the same
// algorithm without spatial index (bench/object-geometry.mjs).
if (!only || only === 'object-geometry') await runObjectGeometryBench()
if (!only || only === 'drawings') await runDrawingsBench()
// webp: our streaming WebP decoder beside libwebp (jSquash wasm) (bench/webp.mjs).
if (!only || only === 'webp') await runWebpBench()
