// Test-only typings: vitest.config.ts's unit project loads .bin files as Data modules.
declare module '*.bin' {
  const data: ArrayBuffer
  export default data
}
