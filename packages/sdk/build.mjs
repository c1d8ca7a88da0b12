// `npm run build:packages` (first half): bundles src/index.ts into dist/index.js (ESM, platform
// neutral, openapi-fetch inlined, node: builtins left as imports) with esbuild, and emits the
// declarations into dist/ with the TypeScript 5.9 in packages/sdk/node_modules. dist/ is
// committed and CI rebuilds it and diffs, so the output must not depend on the machine or time.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const SDK = dirname(fileURLToPath(import.meta.url))
const DIST = join(SDK, 'dist')
const TSC = join(SDK, 'node_modules/.bin/tsc')

rmSync(DIST, { recursive: true, force: true })
mkdirSync(DIST, { recursive: true })

await build({
  entryPoints: [join(SDK, 'src/index.ts')],
  outfile: join(DIST, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  // platform "neutral" resolves no package fields by default; openapi-fetch ships ESM.
  mainFields: ['module', 'main'],
  conditions: ['import', 'default'],
  external: ['node:*'],
  legalComments: 'inline',
  logLevel: 'warning',
})

const tsc = spawnSync(
  TSC,
  ['-p', join(SDK, 'tsconfig.json'), '--emitDeclarationOnly', '--outDir', DIST],
  { encoding: 'utf8' },
)
if (tsc.status !== 0) {
  console.error(tsc.stdout, tsc.stderr)
  process.exit(1)
}
// tsc does not copy .d.ts sources; the emitted declarations import the generated one.
copyFileSync(join(SDK, 'src/schema.d.ts'), join(DIST, 'schema.d.ts'))
console.log('built packages/sdk/dist')
