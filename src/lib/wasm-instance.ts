/**
 * Instantiating our already compiled kernel modules (Workers may not compile wasm from bytes at
 * run time; the runtime's loader hands over compiled modules once per isolate). Typed here once:
 * the Node-only typings of test/node lack the WebAssembly API.
 */

const wasmApi = (
  globalThis as unknown as {
    WebAssembly: {
      instantiate(module: WebAssembly.Module, imports: object): Promise<{ exports: object }>
    }
  }
).WebAssembly

/** A new instance of `module` (no imports), its exports typed as `T` by the caller. */
export async function instantiateKernels<T>(module: WebAssembly.Module): Promise<T> {
  const instance = await wasmApi.instantiate(module, {})
  return instance.exports as unknown as T
}
