// `npm run bench`: every benchmark, each printing its figures beside a baseline or peer.
import { runMemoryBench } from './memory.mjs'
import { runPlatformBench } from './platform.mjs'

const only = process.argv[2]
if (!only || only === 'platform') await runPlatformBench()
if (!only || only === 'memory') await runMemoryBench()
