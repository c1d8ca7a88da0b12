// `npm run pack:clients`: builds the SDK and the CLI (`npm run build:packages`) and packs each into
// a tarball under packs/ (git-ignored), for installing outside this repository without a registry:
// `npm install <clone>/packs/*.tgz`. Both packages are self-contained (the SDK bundles
// openapi-fetch, the CLI bundles the SDK and tinyglobby), so installing them fetches nothing.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const packs = join(root, 'packs')
const PACKAGES = ['packages/sdk', 'packages/cli']

/** Runs a command in the repository root (stdout kept or dropped); exits with its status if it fails. */
function run(command, args, stdout = 'inherit') {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', stdout, 'inherit'] })
  if (result.error) throw result.error
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// npm_execpath is set under `npm run`; a direct `node scripts/pack-clients.mjs` finds npm on PATH.
const npm = process.env.npm_execpath
  ? (args) => run(process.execPath, [process.env.npm_execpath, ...args], 'ignore')
  : (args) => run(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, 'ignore')

run(process.execPath, [join(root, 'packages/sdk/build.mjs')])
run(process.execPath, [join(root, 'packages/cli/build.mjs')])
rmSync(packs, { recursive: true, force: true })
mkdirSync(packs)
npm([
  'pack',
  '--loglevel=warn',
  '--pack-destination',
  packs,
  ...PACKAGES.map((path) => `./${path}`),
])

const tarballs = readdirSync(packs).filter((name) => name.endsWith('.tgz'))
console.log(`packed ${tarballs.map((name) => relative(root, join(packs, name))).join(' and ')}`)
console.log(`install them in another folder: npm install ${join(packs, '*.tgz')}`)
