// `npm run bench`: every benchmark, each printing its figures beside a baseline or peer.
// `npm run bench -- NAME` runs one: platform, memory, sharp, binarize or vectorize (`--quick` after
// it for a short run; `npm run bench:vectorize` is the same).
import { runBinarizeBench } from './binarize.mjs'
import { runSharpBench } from './convert-vs-sharp.mjs'
import { runMemoryBench } from './memory.mjs'
import { runPlatformBench } from './platform.mjs'
import { runVectorizeBench } from './vectorize.mjs'

const only = process.argv[2]
if (!only || only === 'platform') await runPlatformBench()
if (!only || only === 'memory') await runMemoryBench()
if (!only || only === 'sharp') await runSharpBench()
if (!only || only === 'binarize') await runBinarizeBench()
if (!only || only === 'vectorize') await runVectorizeBench()
