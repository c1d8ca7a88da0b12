/**
 * EXIF orientation (convert path, decode step): reads the Orientation tag from the TIFF structure
 * inside a JPEG's APP1 "Exif" segment, so phone photos of sketches can be turned upright.
 */

// ---------------------------------------------------------------------------------------------
// Stage: EXIF orientation.
// Job: find tag 0x0112 (Orientation, SHORT, count 1) in IFD0.
// Input → output: the APP1 payload after "Exif\0\0" (a TIFF header and IFDs) → 1..8.
// Source: EXIF 2.32 (CIPA DC-008) §4.5.4 and §4.6.4 Table 4 (Orientation); TIFF 6.0 §2 (header,
// IFD entries). Anything malformed yields 1: orientation is ancillary, never a reason to refuse.
// ---------------------------------------------------------------------------------------------

const ORIENTATION_TAG = 0x0112
const TYPE_SHORT = 3

/**
 * The EXIF orientation stored in `tiff` (the bytes after "Exif\0\0").
 * @returns 1..8 (1 = upright, 6 = rotate 90° clockwise to view, …); 1 when the tag is missing
 *   or the structure is unreadable
 */
export function readExifOrientation(tiff: Uint8Array): number {
  if (tiff.length < 8) return 1
  const little = tiff[0] === 0x49 && tiff[1] === 0x49
  const big = tiff[0] === 0x4d && tiff[1] === 0x4d
  if (!little && !big) return 1
  const u16 = (at: number) =>
    little ? tiff[at]! | (tiff[at + 1]! << 8) : (tiff[at]! << 8) | tiff[at + 1]!
  const u32 = (at: number) =>
    little ? u16(at) + u16(at + 2) * 65536 : u16(at) * 65536 + u16(at + 2)
  if (u16(2) !== 42) return 1
  const ifd = u32(4)
  if (ifd < 8 || ifd + 2 > tiff.length) return 1
  const count = u16(ifd)
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + 12 * i
    if (entry + 12 > tiff.length) return 1
    if (u16(entry) !== ORIENTATION_TAG) continue
    if (u16(entry + 2) !== TYPE_SHORT || u32(entry + 4) !== 1) return 1
    const value = u16(entry + 8)
    return value >= 1 && value <= 8 ? value : 1
  }
  return 1
}
