import { validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { call } from '../support/api'

type Doc = {
  openapi: string
  info: { version: string }
  servers: { url: string }[]
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string
        responses: Record<string, unknown>
        security?: unknown
        parameters?: { name: string; in: string; description?: string }[]
        requestBody?: { content: Record<string, unknown> }
      }
    >
  >
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>
  }
}

async function document(): Promise<Doc> {
  const response = await call('/v1/openapi.json')
  expect(response.status).toBe(200)
  return (await response.json()) as Doc
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, version 1.0.0, served without a key', async () => {
    const doc = await document()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('1.0.0')
    expect(doc.servers[0]!.url).toBe('https://api.test/v1')
    const result = await validate(structuredClone(doc) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
  })

  it("keeps the spec's operationIds and exact status sets", async () => {
    const doc = await document()
    for (const [path, operationId] of [
      ['/convert', 'convertImage'],
      ['/vectorize', 'vectorizeImage'],
    ] as const) {
      const operation = doc.paths[path]!.post!
      expect(operation.operationId).toBe(operationId)
      expect(Object.keys(operation.responses).sort()).toEqual([
        '200',
        '400',
        '401',
        '402',
        '409',
        '422',
        '429',
        '500',
      ])
    }
    const figures = doc.paths['/figures']!.post!
    expect(figures.operationId).toBe('generateFigure')
    // The spec lists no 422 for /figures: reference-image failures are 400s.
    expect(Object.keys(figures.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '402',
      '409',
      '429',
      '500',
    ])
    const credits = doc.paths['/credits']!.get!
    expect(credits.operationId).toBe('getCredits')
    expect(Object.keys(credits.responses).sort()).toEqual(['200', '401'])
  })

  it('documents both security schemes on every API-key operation', async () => {
    const doc = await document()
    expect(doc.components.securitySchemes.Bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.components.securitySchemes.ApiKeyHeader).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    })
    for (const path of ['/figures', '/convert', '/vectorize', '/credits', '/keys']) {
      for (const operation of Object.values(doc.paths[path]!)) {
        expect(operation.security).toEqual([{ Bearer: [] }, { ApiKeyHeader: [] }])
      }
    }
  })

  it('documents both body types and the Idempotency-Key with its 24 h retention', async () => {
    const doc = await document()
    for (const path of ['/convert', '/vectorize']) {
      expect(Object.keys(doc.paths[path]!.post!.requestBody!.content).sort()).toEqual([
        'application/json',
        'multipart/form-data',
      ])
    }
    const convert = doc.paths['/convert']!.post!
    const header = convert.parameters!.find((p) => p.name === 'idempotency-key')!
    expect(header.in).toBe('header')
    expect(header.description).toContain('24 hours')
  })

  it('leaves the file download route out', async () => {
    const doc = await document()
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/files'))).toBe(false)
  })

  it('serves an interactive reference that loads its script from our own origin', async () => {
    const response = await call('/v1/docs')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('/v1/openapi.json')
    expect(html).toContain('/v1/docs/scalar/standalone.js')
    expect(html).not.toMatch(/https:\/\/cdn\./)
  })
})
