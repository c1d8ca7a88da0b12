import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import worker from '../../src/index'
import { balanceOf, expectLedgerConsistent, ledgerOf, newAccount } from '../support/api'

const openCharge = (id: string, accountId: string, amount: number, ageMs: number) =>
  env.DB.prepare(
    `INSERT INTO credit_ledger (id, account_id, kind, amount, operation, request_id, created_at)
     VALUES (?, ?, 'charge', ?, 'convertImage', 'req_lost', ?)`,
  )
    .bind(id, accountId, -amount, Date.now() - ageMs)
    .run()

describe('refund sweep (cron)', () => {
  it('refunds charges left unresolved for 30 minutes, once, and leaves recent ones', async () => {
    const { apiKey, accountId } = await newAccount(10)
    await openCharge('chg_abandoned', accountId, 2, 31 * 60_000)
    await openCharge('chg_running', accountId, 1, 60_000)
    expect(await balanceOf(apiKey)).toBe(7)
    for (let run = 0; run < 2; run++) {
      const ctx = createExecutionContext()
      await worker.scheduled(createScheduledController({ cron: '*/5 * * * *' }), env, ctx)
      await waitOnExecutionContext(ctx)
    }
    expect(await balanceOf(apiKey)).toBe(9)
    const rows = await ledgerOf(accountId)
    expect(rows.find((r) => r.id === 'chg_abandoned')!.outcome).toBe('failed')
    expect(rows.find((r) => r.id === 'chg_running')!.outcome).toBeNull()
    expect(rows.filter((r) => r.kind === 'refund')).toEqual([
      expect.objectContaining({ ref_id: 'chg_abandoned', amount: 2 }),
    ])
  })

  it('keeps the ledger append-only and the balance equal to its sum', async () => {
    const { accountId } = await newAccount(5)
    await expect(
      env.DB.prepare('DELETE FROM credit_ledger WHERE account_id = ?').bind(accountId).run(),
    ).rejects.toThrow(/append-only/)
    await expect(
      env.DB.prepare('UPDATE credit_ledger SET amount = 100 WHERE account_id = ?')
        .bind(accountId)
        .run(),
    ).rejects.toThrow(/immutable/)
    await expect(
      env.DB.prepare(
        "INSERT INTO credit_ledger (id, account_id, kind, amount, created_at) VALUES ('chg_x', ?, 'charge', -6, 0)",
      )
        .bind(accountId)
        .run(),
    ).rejects.toThrow(/CHECK constraint failed/)
    await expectLedgerConsistent(accountId)
  })
})
