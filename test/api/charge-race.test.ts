import { describe, expect, it } from 'vitest'
import { balanceOf, expectLedgerConsistent, ledgerOf, newAccount, postFile } from '../support/api'
import { lineDrawing, toPng } from '../support/images'

describe('atomic charging', () => {
  it('lets exactly 10 of 50 parallel requests through on credit for 10, ending at 0', async () => {
    const { apiKey, accountId } = await newAccount(10)
    const png = await toPng(lineDrawing(64, 48))
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => postFile('/v1/convert', apiKey, png)),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 402)).toHaveLength(40)
    for (const response of responses.filter((r) => r.status === 402)) {
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'INSUFFICIENT_CREDITS',
      )
    }
    expect(await balanceOf(apiKey)).toBe(0)
    const charges = (await ledgerOf(accountId)).filter((r) => r.kind === 'charge')
    expect(charges).toHaveLength(10)
    expect(charges.every((c) => c.outcome === 'succeeded')).toBe(true)
    await expectLedgerConsistent(accountId)
  })

  it('never lets the balance go negative under mixed prices', async () => {
    const { apiKey, accountId } = await newAccount(7)
    const png = await toPng(lineDrawing(32, 32))
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postFile('/v1/convert', apiKey, png, { dpi: i % 2 ? '600' : '300' }),
      ),
    )
    const spent = await Promise.all(
      responses
        .filter((r) => r.status === 200)
        .map(
          async (r) =>
            ((await r.json()) as { data: { creditsConsumed: number } }).data.creditsConsumed,
        ),
    )
    const total = spent.reduce((a, b) => a + b, 0)
    expect(total).toBeLessThanOrEqual(7)
    expect(await balanceOf(apiKey)).toBe(7 - total)
    await expectLedgerConsistent(accountId)
  })
})
