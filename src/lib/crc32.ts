/** CRC-32 (IEEE 802.3, reflected 0xEDB88320), as used by PNG chunks, zip and our API-key checksum. */

const TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/**
 * Continues a CRC over `bytes`. Start with `crc = 0`; pass the previous result to continue.
 * @returns the CRC as an unsigned 32-bit integer
 */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)
  return ~c >>> 0
}
