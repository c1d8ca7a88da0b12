/** The files one paid request writes, over any {@link OutputStore}'s put, upload and delete. */

import { ulid } from '../lib/ids'
import type { OutputBatch, OutputFileMeta, OutputMeta, OutputStore } from './ports'

/** Opens a batch under `out/{accountId}/{id}/` on `store`. */
export function openOutputBatch(
  store: Pick<OutputStore, 'put' | 'upload' | 'delete'>,
  accountId: string,
  id: string = ulid(),
): OutputBatch {
  const keys: string[] = []
  const join = (name: string) => {
    const key = `out/${accountId}/${id}/${name}`
    keys.push(key)
    return key
  }
  return {
    id,
    keys,
    async put(name, parts, meta) {
      const key = join(name)
      await store.put(key, parts, served(meta))
      return key
    },
    upload(name, meta) {
      const key = join(name)
      return { key, upload: store.upload(key, served(meta)) }
    },
    // Every key each time: work that overran may still be writing when the first discard runs.
    async discard() {
      if (keys.length > 0) await store.delete([...keys])
    },
  }
}

const served = (meta: OutputFileMeta): OutputMeta => ({
  contentType: meta.contentType,
  contentDisposition: `${meta.disposition}; filename="${meta.filename}"`,
})
