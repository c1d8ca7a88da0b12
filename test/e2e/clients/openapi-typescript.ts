/**
 * Every operation through the types openapi-typescript (default settings) generates from the
 * served document, sent with openapi-fetch, the client those types are made for. Nothing here
 * edits or casts the generated types: defaulted fields are left out, a Blob goes in `file`, and
 * uploads use openapi-fetch's documented `bodySerializer` for multipart/form-data.
 * Compiled by test/e2e/generated-clients.test.ts against test/e2e/out/clients/.
 */

import createClient from 'openapi-fetch'
import type { paths } from '../out/clients/openapi-typescript/schema'
import type { CallContext, CallEveryOperation, Outcome, Outcomes } from './outcome'

/** A multipart body from an object of fields (openapi-fetch sends FormData as it is). */
const formData = (fields?: Record<string, unknown>) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (value !== undefined) form.append(name, value instanceof Blob ? value : String(value))
  }
  return form
}

/** What the test checks of one answer. */
const seen = (result: {
  response: Response
  data?: { data: unknown }
  error?: { error: { code: string } }
}): Outcome => ({
  status: result.response.status,
  data: result.data?.data,
  code: result.error?.error.code,
})

export const callEveryOperation: CallEveryOperation = async (context: CallContext) => {
  const out: Outcomes = {}
  const admin = createClient<paths>({
    baseUrl: context.baseUrl,
    headers: { authorization: `Bearer ${context.adminToken}` },
  })
  const account = await admin.POST('/admin/accounts', {
    body: { name: 'openapi-typescript client', credits: 100 },
  })
  out.adminCreateAccount = seen(account)
  const accountId = account.data?.data.accountId ?? ''
  const apiKey = account.data?.data.apiKey ?? ''
  const id = { params: { path: { id: accountId } } }
  out.adminAdjustCredits = seen(
    await admin.POST('/admin/accounts/{id}/credits', { ...id, body: { amount: 50 } }),
  )
  out.adminGetAccount = seen(await admin.GET('/admin/accounts/{id}', id))
  out.adminCreateApiKey = seen(
    await admin.POST('/admin/accounts/{id}/keys', { ...id, body: { name: 'second key' } }),
  )

  const api = createClient<paths>({
    baseUrl: context.baseUrl,
    headers: { authorization: `Bearer ${apiKey}` },
  })
  out.getCredits = seen(await api.GET('/credits'))
  const created = await api.POST('/keys', { body: { name: 'CI' } })
  out.createApiKey = seen(created)
  out.listApiKeys = seen(await api.GET('/keys'))
  out.revokeApiKey = seen(
    await api.DELETE('/keys/{id}', { params: { path: { id: created.data?.data.id ?? '' } } }),
  )

  out['convertImage upload'] = seen(
    await api.POST('/convert', {
      body: { file: context.drawing, format: 'pdf' },
      bodySerializer: formData,
    }),
  )
  out['convertImage imageUrl'] = seen(
    await api.POST('/convert', { body: { imageUrl: context.unfetchableUrl, format: 'tiff' } }),
  )
  out['vectorizeImage upload'] = seen(
    await api.POST('/vectorize', { body: { file: context.drawing }, bodySerializer: formData }),
  )
  out['vectorizeImage imageUrl'] = seen(
    await api.POST('/vectorize', { body: { imageUrl: context.unfetchableUrl, engine: 'trace' } }),
  )
  out['enhanceImage upload'] = seen(
    await api.POST('/enhance', {
      body: { file: context.smallDrawing, dpi: '600' },
      bodySerializer: formData,
    }),
  )
  out['enhanceImage imageUrl'] = seen(
    await api.POST('/enhance', { body: { imageUrl: context.unfetchableUrl, scale: 4 } }),
  )
  out.generateFigure = seen(
    await api.POST('/figures', {
      body: {
        prompt: 'A system 100 comprising a processor 102 coupled to a memory 104.',
        output: 'svg',
      },
    }),
  )
  out['getCredits after'] = seen(await api.GET('/credits'))
  return out
}

/** Never called: tsc checks that the generated types refuse what the API refuses. */
export const refusedByTheTypes = (api: ReturnType<typeof createClient<paths>>) => [
  // @ts-expect-error an upload needs its file
  api.POST('/convert', { body: { format: 'pdf' }, bodySerializer: formData }),
  // @ts-expect-error 72 is not a DPI the API takes
  api.POST('/convert', { body: { imageUrl: 'https://example.com/fig1.png', dpi: 72 } }),
]
