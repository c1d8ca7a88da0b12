// Build step (wrangler.toml [build]): copies the API reference's browser bundle from node_modules
// into the static assets, so /v1/docs loads no third-party script at run time.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// The package's exports map hides its package.json, so the file is addressed in node_modules.
const source = join(root, 'node_modules/@scalar/api-reference/dist/browser/standalone.js')
const target = join(root, 'public/v1/docs/scalar/standalone.js')

if (!existsSync(source)) {
  console.error(`copy-assets: ${source} is missing; run npm ci`)
  process.exit(1)
}
mkdirSync(dirname(target), { recursive: true })
copyFileSync(source, target)
