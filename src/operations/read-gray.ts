/**
 * The decode → normalize steps of the operations that work on gray (vectorize's lineart engine,
 * the figures' line extraction): any input flattened onto white and reduced to one gray channel,
 * read whole, 1 byte per pixel.
 */

import { openImage } from '../codecs/decode'
import type { ImageType } from '../codecs/sniff'
import { flattenToGray } from '../engines/gray/flatten-to-gray'
import type { GrayImage } from '../engines/raster'
import type { Kernels } from '../kernels/kernels'
import { readAllRows } from '../lib/rows'

/**
 * The image at `bytes` as a whole gray raster, with the density its file stores.
 * @param kernels our inflate (PNG is faster with it)
 * @throws CodecError when the file cannot be read (callers map it to their status)
 */
export async function readGrayImage(
  bytes: Uint8Array,
  type: ImageType,
  kernels: Pick<Kernels, 'zlib'>,
): Promise<GrayImage> {
  const rows = flattenToGray(await openImage(bytes, type, { prefer: 'luma', zlib: kernels.zlib }))
  return {
    width: rows.width,
    height: rows.height,
    channels: 1,
    data: await readAllRows(rows),
    ...(rows.density ? { density: rows.density } : {}),
  }
}
