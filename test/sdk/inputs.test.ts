// The file inputs the SDK accepts (Blob, Uint8Array, ArrayBuffer, ReadableStream, a path) each
// reach the Worker as the same multipart file part, and bad inputs fail before any request.
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { FileInput } from '../../packages/sdk/src/index'
import { balanceOf, newAccount } from '../support/api'
import { lineDrawing, toPng } from '../support/images'
import { sdkFor, type Transport, toWorker } from './support'

/** The multipart file part of each request, then the request sent on to the Worker. */
function capturingFiles(parts: File[]): Transport {
  return async (request) => {
    const form = await request.clone().formData()
    const file = form.get('file')
    if (file instanceof File) parts.push(file)
    return toWorker(request)
  }
}

describe('FigureApi file inputs', () => {
  it('sends the same bytes for every kind of file input', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(lineDrawing(30, 20))
    // A view into a larger buffer: only the view's bytes may be sent.
    const padded = new Uint8Array(png.length + 16)
    padded.set(png, 8)
    const inputs: [string, FileInput][] = [
      ['Blob', new Blob([png])],
      ['Uint8Array', padded.subarray(8, 8 + png.length)],
      ['ArrayBuffer', png.slice().buffer],
      ['ReadableStream', new Blob([png]).stream()],
    ]
    const parts: File[] = []
    const { api } = sdkFor(apiKey, { transport: capturingFiles(parts) })
    for (const [, file] of inputs) {
      const result = await api.convert({ file, mode: 'bilevel' })
      expect(result).toMatchObject({ format: 'png', mode: 'bilevel', creditsConsumed: 1 })
    }
    expect(parts).toHaveLength(inputs.length)
    for (const part of parts) {
      expect(part.name).toBe('image')
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(png)
    }
    expect(await balanceOf(apiKey)).toBe(10 - inputs.length)
  })

  it('reads a path with node:fs and names the part after it, or after `filename`', async () => {
    const { apiKey } = await newAccount(10)
    const png = await toPng(lineDrawing(20, 20))
    const path = join(tmpdir(), 'sdk-fig1.png')
    await writeFile(path, png)
    const parts: File[] = []
    const { api } = sdkFor(apiKey, { transport: capturingFiles(parts) })
    await api.enhance({ file: path })
    await api.enhance({ file: new Blob([png]), filename: 'scan.png' })
    expect(parts.map((p) => p.name)).toEqual(['sdk-fig1.png', 'scan.png'])
    expect(new Uint8Array(await parts[0]!.arrayBuffer())).toEqual(png)
  })

  it('sends string form fields for the options of a multipart request', async () => {
    const { apiKey } = await newAccount(10)
    const fields: Record<string, string>[] = []
    const { api } = sdkFor(apiKey, {
      transport: async (request) => {
        const form = await request.clone().formData()
        fields.push(
          Object.fromEntries(
            [...form.entries()].filter(([, v]) => typeof v === 'string') as [string, string][],
          ),
        )
        return toWorker(request)
      },
    })
    const result = await api.vectorize({
      file: await toPng(lineDrawing(32, 32)),
      format: 'pdf',
      engine: 'trace',
    })
    expect(result).toMatchObject({ format: 'pdf', engine: 'trace' })
    expect(fields).toEqual([{ format: 'pdf', engine: 'trace' }])
  })

  it('rejects an input with neither file nor imageUrl, or a bad file, without a request', async () => {
    const { api, log } = sdkFor('pfg_live_x')
    await expect(api.convert({ format: 'png' } as never)).rejects.toThrow(
      'Expected imageUrl or file for convert but received neither',
    )
    await expect(api.convert({ file: 42 as never })).rejects.toThrow(
      'Expected a Blob, Uint8Array, ArrayBuffer, ReadableStream or path for file but received number',
    )
    expect(log).toHaveLength(0)
  })
})
