/**
 * Turns a FileInput into a Blob once, before the first attempt, so every retry can send the
 * same bytes again (a stream can be read only once). A string is a filesystem path (Node only).
 */

import type { FileInput } from './types.js'

/** The bytes of a file input and the name its multipart part gets. */
export interface PreparedFile {
  blob: Blob
  filename: string
}

/**
 * Reads `file` into a Blob.
 * @param filename overrides the part's name; otherwise the path's base name, or `image`
 * @throws TypeError for an unsupported value; the fs error when a path cannot be read
 */
export async function prepareFile(file: FileInput, filename?: string): Promise<PreparedFile> {
  if (typeof file === 'string') {
    // Imported on demand so browsers and Workers never load node:fs unless a path is used.
    const fs = await import('node:fs/promises')
    const bytes = await fs.readFile(file)
    return { blob: new Blob([bytes]), filename: filename ?? baseName(file) }
  }
  const name = filename ?? (isNamed(file) ? file.name : 'image')
  if (file instanceof Blob) return { blob: file, filename: name }
  if (file instanceof ArrayBuffer) return { blob: new Blob([file]), filename: name }
  if (file instanceof Uint8Array) {
    return { blob: new Blob([file as Uint8Array<ArrayBuffer>]), filename: name }
  }
  if (isReadableStream(file)) return { blob: await new Response(file).blob(), filename: name }
  throw new TypeError(
    `Expected a Blob, Uint8Array, ArrayBuffer, ReadableStream or path for file but received ${describe(file)}`,
  )
}

const isNamed = (value: unknown): value is { name: string } =>
  typeof (value as { name?: unknown }).name === 'string' &&
  (value as { name: string }).name.length > 0

const isReadableStream = (value: unknown): value is ReadableStream<Uint8Array> =>
  typeof (value as ReadableStream | null)?.getReader === 'function'

const baseName = (path: string) => path.split(/[\\/]/).pop() || 'image'

const describe = (value: unknown) =>
  value === null ? 'null' : typeof value === 'object' ? value.constructor?.name : typeof value
