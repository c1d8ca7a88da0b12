// Bundles the CLI into dist/figapi.mjs (ESM, Node 20, the SDK inlined from its sources), for
// `npm run build:packages`. dist/ is committed and CI rebuilds it to compare, so the output must
// depend on the sources only: no timestamps, no absolute paths, no metafile.
import { chmodSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = (path) => fileURLToPath(new URL(path, import.meta.url))
const { version } = JSON.parse(readFileSync(here('./package.json'), 'utf8'))
const outfile = here('./dist/figapi.mjs')

await build({
  entryPoints: [here('./src/main.ts')],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The SDK's sources, so that this build does not need the SDK's own dist/ first.
  alias: { '@figure-api/sdk': here('../sdk/src/index.ts') },
  define: { __FIGAPI_VERSION__: JSON.stringify(version) },
  banner: { js: '#!/usr/bin/env node' },
  // Paths in comments (// packages/cli/src/...) are relative to the working directory; pin it.
  absWorkingDir: here('../..'),
  legalComments: 'inline',
  charset: 'utf8',
  logLevel: 'warning',
})
chmodSync(outfile, 0o755)
