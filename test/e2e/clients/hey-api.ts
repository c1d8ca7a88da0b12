/**
 * Every operation through the SDK @hey-api/openapi-ts (default plugins, its bundled
 * @hey-api/client-fetch) generates from the served document, used as generated: its `client`
 * already points at the server the document names, and `auth` gives each security scheme its
 * token. hey-api sends one body type per operation, JSON where there is JSON
 * (hey-api/hey-api#2311), so /convert, /vectorize and /enhance go by `imageUrl` here; their
 * uploads are checked through openapi-typescript.ts.
 * Compiled by test/e2e/generated-clients.test.ts against test/e2e/out/clients/.
 */

import {
  adminAdjustCredits,
  adminCreateAccount,
  adminCreateApiKey,
  adminGetAccount,
  convertImage,
  createApiKey,
  enhanceImage,
  generateFigure,
  getCredits,
  listApiKeys,
  revokeApiKey,
  vectorizeImage,
} from '../out/clients/hey-api'
import { client } from '../out/clients/hey-api/client.gen'
import type { CallContext, CallEveryOperation, Outcome, Outcomes } from './outcome'

/** What the test checks of one answer. */
const seen = (result: {
  response?: Response
  data?: { data: unknown }
  error?: { error: { code: string } }
}): Outcome => ({
  status: result.response?.status ?? 0,
  data: result.data?.data,
  code: result.error?.error.code,
})

export const callEveryOperation: CallEveryOperation = async (context: CallContext) => {
  const out: Outcomes = {}
  let apiKey = ''
  client.setConfig({
    auth: (scheme) => (scheme.key === 'AdminToken' ? context.adminToken : apiKey),
  })
  out.baseUrl = { status: 0, data: client.getConfig().baseUrl }

  const account = await adminCreateAccount({
    body: { name: '@hey-api/openapi-ts client', credits: 100 },
  })
  out.adminCreateAccount = seen(account)
  apiKey = account.data?.data.apiKey ?? ''
  const path = { id: account.data?.data.accountId ?? '' }
  out.adminAdjustCredits = seen(await adminAdjustCredits({ path, body: { amount: 50 } }))
  out.adminGetAccount = seen(await adminGetAccount({ path }))
  out.adminCreateApiKey = seen(await adminCreateApiKey({ path, body: { name: 'second key' } }))

  out.getCredits = seen(await getCredits())
  const created = await createApiKey({ body: { name: 'CI' } })
  out.createApiKey = seen(created)
  out.listApiKeys = seen(await listApiKeys())
  out.revokeApiKey = seen(await revokeApiKey({ path: { id: created.data?.data.id ?? '' } }))

  out['convertImage imageUrl'] = seen(
    await convertImage({ body: { imageUrl: context.unfetchableUrl, format: 'tiff' } }),
  )
  out['vectorizeImage imageUrl'] = seen(
    await vectorizeImage({ body: { imageUrl: context.unfetchableUrl, engine: 'trace' } }),
  )
  out['enhanceImage imageUrl'] = seen(
    await enhanceImage({ body: { imageUrl: context.unfetchableUrl, scale: 4 } }),
  )
  out.generateFigure = seen(
    await generateFigure({
      body: {
        prompt: 'A system 100 comprising a processor 102 coupled to a memory 104.',
        output: 'svg',
      },
    }),
  )
  out['getCredits after'] = seen(await getCredits())
  return out
}

/** Never called: tsc checks that the generated types refuse what the API refuses. */
export const refusedByTheTypes = () => [
  // @ts-expect-error /convert by URL needs the URL
  convertImage({ body: { format: 'pdf' } }),
  // @ts-expect-error 72 is not a DPI the API takes
  convertImage({ body: { imageUrl: 'https://example.com/fig1.png', dpi: 72 } }),
]
