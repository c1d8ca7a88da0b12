/** WebCrypto wrappers: SHA-256 and HMAC-SHA-256 (sign, and constant-time verify). */

import { toHex, utf8 } from './bytes'

const keyCache = new Map<string, Promise<CryptoKey>>()

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', utf8(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ])
    keyCache.set(secret, key)
  }
  return key
}

/** Hex SHA-256 of a string (UTF-8) or bytes. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? utf8(data) : data
  return toHex(await crypto.subtle.digest('SHA-256', bytes))
}

/** Raw HMAC-SHA-256 of `message` (UTF-8) under `secret`. */
export async function hmacSha256(secret: string, message: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), utf8(message)))
}

/** Constant-time check that `signature` is HMAC-SHA-256(secret, message) (`crypto.subtle.verify`). */
export async function hmacSha256Verify(
  secret: string,
  message: string,
  signature: Uint8Array,
): Promise<boolean> {
  return crypto.subtle.verify('HMAC', await hmacKey(secret), signature, utf8(message))
}
