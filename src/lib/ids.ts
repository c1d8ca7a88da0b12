/** Identifiers: ULIDs (time-ordered, 128-bit, Crockford base32) with a type prefix, e.g. `acct_01J…`. */

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A new ULID: 48-bit millisecond time + 80 random bits, 26 characters. */
export function ulid(nowMs = Date.now()): string {
  let time = ''
  let t = nowMs
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time
    t = Math.floor(t / 32)
  }
  const random = crypto.getRandomValues(new Uint8Array(16))
  let rand = ''
  for (let i = 0; i < 16; i++) rand += CROCKFORD[random[i]! & 31]
  return time + rand
}

/** A prefixed identifier such as `req_01J…` or `acct_01J…`. */
export const newId = (prefix: string): string => `${prefix}_${ulid()}`
