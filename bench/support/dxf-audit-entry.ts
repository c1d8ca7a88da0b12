// What bench/dxf-audit.mjs needs from src/, bundled for Node by esbuild: the two tracers and the
// SVG and DXF writers. Nothing here is part of the Worker.

export { traceLineart } from '../../src/engines/lineart'
export * as lineartStages from '../../src/engines/lineart/pixel-stages'
export { traceImage } from '../../src/engines/trace'
export { writeDxf, writeSvg } from '../../src/writers'
