// Wrangler and the vitest pool import .wasm files as compiled modules (never compiled from bytes at run time).
declare module '*.wasm' {
  const module: WebAssembly.Module
  export default module
}

// The upscaler's weights (.bin) load as ArrayBuffer data modules (wrangler.toml [[rules]]).
declare module '*.bin' {
  const data: ArrayBuffer
  export default data
}

// Fonts (.ttf) load as ArrayBuffer data modules too (wrangler.toml [[rules]]): /figures sets text in them.
declare module '*.ttf' {
  const data: ArrayBuffer
  export default data
}
