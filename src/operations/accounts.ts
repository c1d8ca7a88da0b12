/** Accounts as the operator provisions them: creation with a first key and credit adjustments. */

import type { AccountStore } from '../adapters/ports'
import { newId } from '../lib/ids'
import { mintApiKey, type Peppers } from './api-keys'

/** What the operator gets back: the only time the first key's secret is shown. */
export interface CreatedAccount {
  accountId: string
  apiKey: string
  balance: number
}

/** Name of the key an account is created with. */
const FIRST_KEY_NAME = 'Default key'

/** Creates an account, its first API key and its opening balance in one transaction. */
export async function createAccount(
  ports: { accounts: AccountStore; peppers: Peppers },
  input: { name: string; credits: number; requestId: string },
): Promise<CreatedAccount> {
  const id = newId('acct')
  const { record, issued } = await mintApiKey(ports.peppers, id, FIRST_KEY_NAME)
  const account = await ports.accounts.create({ id, ...input, firstKey: record })
  return { accountId: account.id, apiKey: issued.key, balance: account.balance }
}
