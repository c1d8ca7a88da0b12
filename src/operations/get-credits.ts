/** getCredits (spec §4.6): the calling account's balance, read from the D1 primary. */

import type { AccountStore } from '../storage/ports'

/** The balance, or null when the account no longer exists. */
export const getCredits = (accounts: AccountStore, accountId: string): Promise<number | null> =>
  accounts.balance(accountId)
