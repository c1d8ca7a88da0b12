// An unreachable image URL is an ordinary event for the service: the caller gets 422
// IMAGE_FETCH_FAILED and the log gets one structured warning line (host and reason), no stack.

import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectError, newAccount, postJson } from '../support/api'
import { dnsRecord, HttpResponse, http, server, useFakeNetwork } from '../support/network'

useFakeNetwork()

afterEach(() => vi.restoreAllMocks())

/** The JSON log lines written through `spy` whose message is `message`. */
function lines(spy: { mock: { calls: unknown[][] } }, message: string) {
  return spy.mock.calls
    .map((call: unknown[]) => {
      try {
        return JSON.parse(String(call[0])) as Record<string, unknown>
      } catch {
        return null
      }
    })
    .filter((entry: Record<string, unknown> | null) => entry?.message === message)
}

describe('unreachable image URLs', () => {
  it('log one warning line with the host and the reason, and no stack', async () => {
    const { apiKey } = await newAccount(5)
    const warn = vi.spyOn(console, 'warn')
    const error = vi.spyOn(console, 'error')
    dnsRecord('gone.example.com', [])
    server.use(http.get('https://down.example.com/a.png', () => HttpResponse.error()))
    for (const url of ['https://gone.example.com/a.png', 'https://down.example.com/a.png']) {
      const response = await postJson('/v1/convert', apiKey, { imageUrl: url })
      await expectError(response, 422, 'IMAGE_FETCH_FAILED')
    }
    const warnings = lines(warn, 'image url unreachable')
    expect(warnings.map((w: Record<string, unknown> | null) => w?.host)).toEqual([
      'gone.example.com',
      'down.example.com',
    ])
    for (const w of warnings) {
      expect(w).toMatchObject({ level: 'warn', reason: expect.any(String) })
      expect(JSON.stringify(w)).not.toContain('stack')
    }
    expect(error).not.toHaveBeenCalled()
  })
})
