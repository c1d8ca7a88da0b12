/** CRC-32 (IEEE 802.3, reflected 0xEDB88320), as used by PNG chunks, zip and our API-key checksum. */

/**
 * Slicing-by-8 tables (Kounavis & Berry, "A Systematic Approach to Building High Performance
 * Software-Based CRC Generators", 2005): table k maps a byte to its CRC after k more zero bytes,
 * so eight bytes fold into the CRC with eight lookups and no serial byte loop.
 */
const TABLES = (() => {
  const tables = new Uint32Array(8 * 256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    tables[n] = c >>> 0
  }
  for (let n = 0; n < 256; n++) {
    let c = tables[n]!
    for (let k = 1; k < 8; k++) {
      c = tables[c & 0xff]! ^ (c >>> 8)
      tables[k * 256 + n] = c >>> 0
    }
  }
  return tables
})()

/**
 * Continues a CRC over `bytes`. Start with `crc = 0`; pass the previous result to continue.
 * @returns the CRC as an unsigned 32-bit integer
 */
export function crc32(bytes: Uint8Array, crc = 0): number {
  const t = TABLES
  let c = ~crc >>> 0
  let i = 0
  const end8 = bytes.length - (bytes.length & 7)
  for (; i < end8; i += 8) {
    const lo =
      c ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24))
    c =
      t[1792 + (lo & 0xff)]! ^
      t[1536 + ((lo >>> 8) & 0xff)]! ^
      t[1280 + ((lo >>> 16) & 0xff)]! ^
      t[1024 + (lo >>> 24)]! ^
      t[768 + bytes[i + 4]!]! ^
      t[512 + bytes[i + 5]!]! ^
      t[256 + bytes[i + 6]!]! ^
      t[bytes[i + 7]!]!
  }
  for (; i < bytes.length; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)
  return ~c >>> 0
}
