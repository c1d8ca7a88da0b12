/** Recognises SQLite constraint failures in D1 error messages, which is how D1 reports them. */

/** True when `error` is a failed CHECK constraint (e.g. `balance >= 0`). */
export const isCheckViolation = (error: unknown): boolean =>
  error instanceof Error && /CHECK constraint failed/i.test(error.message)

/** True when `error` is a UNIQUE or PRIMARY KEY violation on `column` (e.g. `credit_ledger.id`). */
export const isUniqueViolation = (error: unknown, column: string): boolean =>
  error instanceof Error &&
  /UNIQUE constraint failed|PRIMARY KEY/i.test(error.message) &&
  error.message.includes(column)
