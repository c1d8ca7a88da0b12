// Loaded with `NODE_OPTIONS=--import=<this file>` by the generated-clients test before it runs
// @hey-api/openapi-ts. The generator prints its code with TypeScript's compiler API (`ts.factory`),
// which the npm package of TypeScript 7, this repository's compiler, no longer has; npm still
// hoists the generator beside it (its peer range accepts 7). This resolve hook gives the
// generator's `typescript` imports the TypeScript 5 of the SDK workspace instead. Anyone
// generating a client in a project on TypeScript 5 or 6 needs none of this.
import { createRequire, register } from 'node:module'
import { pathToFileURL } from 'node:url'
import { isMainThread } from 'node:worker_threads'

const TYPESCRIPT_5 = pathToFileURL(
  createRequire(new URL('../../../packages/sdk/package.json', import.meta.url)).resolve(
    'typescript',
  ),
).href

/** Node's resolve hook: `typescript` imported from @hey-api's packages → TypeScript 5. */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/@hey-api/')) {
    return { url: TYPESCRIPT_5, shortCircuit: true }
  }
  return nextResolve(specifier, context)
}

// Hooks run on their own thread, where this module is loaded again: register only once.
if (isMainThread) register(import.meta.url)
