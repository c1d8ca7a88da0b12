/** Base64 decoding (RFC 4648 §4) of large payloads, such as an image a model answers with. */

/** Characters decoded per step: a multiple of 4, so every slice but the last is whole quanta. */
const SLICE_CHARS = 64 * 1024

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/**
 * Decodes standard base64, padded or not, into one array of exactly the decoded length. It works
 * through 64 Ki-character slices, so besides the text and the result only one 48 KiB binary
 * string exists at a time (a single `atob` of a 4 MB answer would make a second 3 MB string).
 * @returns the bytes, or null when `text` is not base64 (whitespace, base64url, bad length)
 */
export function fromBase64(text: string): Uint8Array | null {
  if (!BASE64.test(text)) return null
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--
  if (end % 4 === 1 || text.length - end > (4 - (end % 4)) % 4) return null
  const out = new Uint8Array(Math.floor((end * 3) / 4))
  let o = 0
  for (let start = 0; start < end; start += SLICE_CHARS) {
    const binary = atob(text.slice(start, Math.min(end, start + SLICE_CHARS)))
    for (let i = 0; i < binary.length; i++) out[o++] = binary.charCodeAt(i)
  }
  return out
}
