// One live-memory measurement, in its own Node process (run with --expose-gc): the convert,
// vectorize or enhance operation on one input, with a sampler that forces a full GC every few milliseconds and records
// what is still reachable: the V8 heap, ArrayBuffers, and every wasm memory (Node's arrayBuffers
// figure leaves wasm memories out, so they are tracked here). Prints JSON.
import { readFileSync } from 'node:fs'
import { loadEngine } from './engine.mjs'

/** Every wasm memory the codecs create or export, found by wrapping the instantiation APIs. */
const memories = new Set()
const track = (instance) => {
  for (const value of Object.values(instance.exports)) {
    if (value instanceof WebAssembly.Memory) memories.add(value)
  }
  return instance
}
const OriginalMemory = WebAssembly.Memory
WebAssembly.Memory = function Memory(descriptor) {
  const memory = new OriginalMemory(descriptor)
  memories.add(memory)
  return memory
}
WebAssembly.Memory.prototype = OriginalMemory.prototype
const OriginalInstance = WebAssembly.Instance
WebAssembly.Instance = function Instance(module, imports) {
  return track(new OriginalInstance(module, imports))
}
WebAssembly.Instance.prototype = OriginalInstance.prototype
const originalInstantiate = WebAssembly.instantiate
WebAssembly.instantiate = async (...args) => {
  const result = await originalInstantiate(...args)
  track(result.instance ?? result)
  return result
}
const wasmBytes = () => [...memories].reduce((sum, m) => sum + m.buffer.byteLength, 0)

const [inputPath, operation, fieldsJson] = process.argv.slice(2)
const fields = JSON.parse(fieldsJson)
const engine = await loadEngine()
const bytes = new Uint8Array(readFileSync(inputPath))
const sniffed = engine.sniffImage(bytes)
if (!sniffed.ok) throw new Error(sniffed.error.message)

/** An output store that only counts, so stored files do not count as working memory. */
const outputs = {
  stored: 0,
  async put(_key, parts) {
    for (const part of parts) this.stored += part.length
  },
  /** Counts and lets go of each part, as R2Upload sends them on. */
  upload() {
    let bytes = 0
    return {
      write: async (parts) => {
        for (const part of parts) bytes += part.length
      },
      finish: async () => {
        this.stored += bytes
        return bytes
      },
      abort: async () => {},
    }
  },
  async get() {
    return null
  },
  async head() {
    return null
  },
  async delete() {},
}

const live = () => {
  global.gc()
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers + wasmBytes()
}
const run = (image) =>
  operation === 'vectorize'
    ? engine.vectorizeImage(
        { image, format: fields.format, engine: fields.engine },
        engine.openOutputBatch(outputs, 'bench'),
      )
    : operation === 'enhance'
      ? engine.enhanceImage(
          { image, scale: Number(fields.scale), dpi: Number(fields.dpi) },
          engine.openOutputBatch(outputs, 'bench'),
        )
      : engine.convertImage(
          { image, format: fields.format, dpi: Number(fields.dpi), mode: 'auto', page: 'a4' },
          engine.openOutputBatch(outputs, 'bench'),
        )

const baseline = live()
let peak = baseline
const sampler = setInterval(() => {
  peak = Math.max(peak, live())
}, 5)
const started = performance.now()
await run({ bytes, type: sniffed.value.type, source: 'upload' })
const ms = performance.now() - started
clearInterval(sampler)
peak = Math.max(peak, live())
console.log(
  JSON.stringify({ baseline, peak, ms, stored: outputs.stored, inputBytes: bytes.length }),
)
