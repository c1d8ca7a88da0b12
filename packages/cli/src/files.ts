/** Writing results: a temporary file renamed into place, so an interrupted run leaves no half file. */

import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Writes `bytes` to `path`, creating its folder; the file appears whole or not at all. */
export async function saveFile(path: string, bytes: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temporary = `${path}.${process.pid}.part`
  try {
    await writeFile(temporary, bytes)
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
