// Which source module each line of an esbuild bundle came from, for CPU profiles of bundled code.

/**
 * Bundle line → source module, from the `// path` comments esbuild puts before each module
 * (lines before the first belong to the bundle's preamble: esbuild's helpers).
 * @param {string} bundle the bundle's text
 * @returns {string[]} one module path per line (0-based, as profiles number them)
 */
export function bundleModules(bundle) {
  const modules = []
  let current = '(bundle preamble)'
  for (const line of bundle.split('\n')) {
    const match = /^\/\/ (\S+\.(?:ts|js|mjs))$/.exec(line)
    if (match) current = match[1]
    modules.push(current)
  }
  return modules
}
