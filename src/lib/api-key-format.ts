/**
 * The API key format (PLATFORM.md §3 rule 1): `pfg_live_` + 32 random base62 characters
 * (~190 bits) + a 6-character base62 CRC-32 of the random part, 47 characters in all. The prefix
 * makes leaked keys recognisable to secret scanners; the checksum rejects typos and random
 * guesses without a database lookup.
 */

import { encodeBase62Fixed, randomBase62 } from './base62'
import { utf8 } from './bytes'
import { crc32 } from './crc32'

export const API_KEY_PREFIX = 'pfg_live_'
export const API_KEY_PATTERN = /^pfg_live_[0-9A-Za-z]{38}$/
const RANDOM_LENGTH = 32
const CHECKSUM_LENGTH = 6

const checksum = (random: string): string => encodeBase62Fixed(crc32(utf8(random)), CHECKSUM_LENGTH)

/** A new random API key. */
export function generateApiKey(): string {
  const random = randomBase62(RANDOM_LENGTH)
  return API_KEY_PREFIX + random + checksum(random)
}

/** True when `key` has the right shape and its checksum matches (no secret involved). */
export function isWellFormedApiKey(key: string): boolean {
  if (!API_KEY_PATTERN.test(key)) return false
  const body = key.slice(API_KEY_PREFIX.length)
  return checksum(body.slice(0, RANDOM_LENGTH)) === body.slice(RANDOM_LENGTH)
}

/** The non-secret parts shown after creation: the first 12 characters and the last 4. */
export const displayParts = (key: string) => ({
  displayPrefix: key.slice(0, 12),
  last4: key.slice(-4),
})
