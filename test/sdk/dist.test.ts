// The built package (packages/sdk/dist/index.js, as published) runs inside workerd: the bundle
// has no Node-only imports at load time and talks to the real Worker like the source does.
import { describe, expect, it } from 'vitest'
import * as built from '../../packages/sdk/dist/index.js'
import pkg from '../../packages/sdk/package.json'
import { BASE, balanceOf, newAccount } from '../support/api'
import { lineDrawing, toPng } from '../support/images'
import { toWorker } from './support'

describe('@figure-api/sdk dist', () => {
  it('converts, reads credits and throws its typed errors from the bundle', async () => {
    const { apiKey } = await newAccount(5)
    const api = new built.FigureApi({ apiKey, baseUrl: BASE, fetch: toWorker })
    const result = await api.convert({ file: await toPng(lineDrawing(20, 20)), format: 'pdf' })
    expect(result).toMatchObject({ format: 'pdf', creditsConsumed: 1 })
    expect(await api.credits.get()).toEqual({ balance: 4 })
    expect(await balanceOf(apiKey)).toBe(4)

    const stranger = new built.FigureApi({ apiKey: 'nope', baseUrl: BASE, fetch: toWorker })
    const error = await stranger.credits.get().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(built.FigureApiError)
    expect(error).toMatchObject({ status: 401, code: 'INVALID_API_KEY' })
  })

  it('carries the package version', () => {
    expect(built.SDK_VERSION).toBe(pkg.version)
  })
})
