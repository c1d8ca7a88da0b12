// Adds lockfile entries for optional platform builds that this machine's npm mirror does not
// carry (it answers 404 for macOS, Windows and musl builds), so `npm ci` sees a complete lockfile.
// The entries carry os/cpu/libc, so npm skips them on other platforms exactly as it would with a
// lockfile made against the public registry. Run after `npm install` changes package-lock.json.
import { readFileSync, writeFileSync } from 'node:fs'

const path = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(path, 'utf8'))
const packages = lock.packages

/**
 * Platform of a package from its name, e.g. cli-darwin-arm64, workerd-windows-64,
 * cli-linux-x64-musl, and napi-rs names such as x-linux-arm-gnueabihf, x-win32-ia32-msvc,
 * x-freebsd-x64, x-wasm32-wasi.
 */
function platformOf(name) {
  if (/-wasm32-wasi$/.test(name)) return { cpu: ['wasm32'] }
  const match =
    /-(android|darwin|freebsd|linux|win32|windows)-(arm64|arm|ia32|x64|64)(?:-(musl|gnu|gnueabihf|eabi|msvc))?$/.exec(
      name,
    )
  if (!match) return null
  const os = match[1] === 'windows' ? 'win32' : match[1]
  const cpu = match[2] === '64' ? 'x64' : match[2]
  const libc =
    match[3] === 'musl'
      ? { libc: ['musl'] }
      : match[3] === 'gnu' || match[3] === 'gnueabihf'
        ? { libc: ['glibc'] }
        : {}
  return { os: [os], cpu: [cpu], ...libc }
}

let added = 0
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location === '' ? 'node_modules' : `${location}/node_modules`
    const candidates = [`${base}/${name}`, `node_modules/${name}`]
    if (candidates.some((c) => packages[c])) continue
    const platform = platformOf(name)
    if (!platform) continue
    packages[`node_modules/${name}`] = { version, ...platform, dev: entry.dev, optional: true }
    added++
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0,
  ),
)
lock.packages = sorted
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`complete-lockfile: added ${added} optional platform entries`)
