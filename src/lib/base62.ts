/** Base62 (0-9, A-Z, a-z) helpers for API keys: unbiased random strings and fixed-width integers. */

export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/**
 * A random base62 string of `length` characters from `crypto.getRandomValues`, with rejection
 * sampling so every character is equally likely (bytes >= 248 are redrawn; 248 = 4 * 62).
 */
export function randomBase62(length: number): string {
  let out = ''
  // getRandomValues fills at most 64 KiB per call.
  const buffer = new Uint8Array(Math.min(length * 2, 65_536))
  while (out.length < length) {
    crypto.getRandomValues(buffer)
    for (let i = 0; i < buffer.length && out.length < length; i++) {
      const byte = buffer[i]!
      if (byte < 248) out += BASE62_ALPHABET[byte % 62]
    }
  }
  return out
}

/** `value` (a non-negative integer below 62^width) as exactly `width` base62 digits, zero-padded. */
export function encodeBase62Fixed(value: number, width: number): string {
  let out = ''
  let rest = value
  for (let i = 0; i < width; i++) {
    out = BASE62_ALPHABET[rest % 62] + out
    rest = Math.floor(rest / 62)
  }
  return out
}
