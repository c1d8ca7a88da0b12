// Every request writes one structured access line; a paid request's line also says what the
// operation produced (what support needs when a user asks), so there is no second line to join.

import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectError, expectOk, getOk, newAccount, postFile } from '../support/api'
import { GIF_BYTES, lineDrawing, toPng } from '../support/images'

afterEach(() => vi.restoreAllMocks())

/** The JSON lines written through console.log. */
function logLines(spy: { mock: { calls: unknown[][] } }): Record<string, unknown>[] {
  return spy.mock.calls.flatMap((call) => {
    try {
      return [JSON.parse(String(call[0])) as Record<string, unknown>]
    } catch {
      return []
    }
  })
}

describe('the access log', () => {
  it('is one line per paid request, with the result beside the status', async () => {
    const { apiKey, accountId } = await newAccount(5)
    const png = await toPng(lineDrawing(300, 200))
    const info = vi.spyOn(console, 'log')
    await expectOk(await postFile('/v1/convert', apiKey, png))
    const lines = logLines(info)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'info',
      message: 'request',
      method: 'POST',
      path: '/v1/convert',
      status: 200,
      accountId,
      result: { mode: 'bilevel', reason: expect.any(String) },
    })
    expect(lines[0]!.requestId).toMatch(/^req_/)
  })

  it('has no result for a refused or unpaid request', async () => {
    const { apiKey } = await newAccount(5)
    const info = vi.spyOn(console, 'log')
    await expectError(
      await postFile('/v1/convert', apiKey, GIF_BYTES),
      400,
      'UNSUPPORTED_IMAGE_TYPE',
    )
    await getOk('/v1/credits', apiKey)
    const lines = logLines(info)
    expect(lines.map((line) => [line.path, line.status])).toEqual([
      ['/v1/convert', 400],
      ['/v1/credits', 200],
    ])
    for (const line of lines) expect(line.result).toBeUndefined()
  })
})
