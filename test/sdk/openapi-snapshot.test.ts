// The SDK's types are generated from packages/sdk/openapi.json; this fails when the document the
// Worker serves has moved on, so the SDK is never shipped against a stale API description.
import { describe, expect, it } from 'vitest'
import snapshot from '../../packages/sdk/openapi.json'
import { call } from '../support/api'

/** The document without `servers`, the one field that depends on the serving origin. */
const withoutServers = ({ servers: _, ...rest }: Record<string, unknown>) => rest

describe('packages/sdk/openapi.json', () => {
  it('equals the document the Worker serves when the SDK is up to date', async () => {
    const response = await call('/v1/openapi.json')
    expect(response.status).toBe(200)
    const served = (await response.json()) as Record<string, unknown>
    expect(
      withoutServers(snapshot),
      "the SDK's OpenAPI snapshot is stale: run npm run sdk:generate && npm run build:packages",
    ).toEqual(withoutServers(served))
  })
})
