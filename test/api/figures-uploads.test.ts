// POST /v1/figures with reference images uploaded as files (multipart `referenceImages` parts,
// 1-4, the rules of an uploaded `file`), beside the JSON form with URLs: drawn as the URL form
// draws them, refused per part with the rule's code and nothing charged, idempotent by content.

import { describe, expect, it } from 'vitest'
import {
  balanceOf,
  bearer,
  expectError,
  expectLedgerConsistent,
  expectOk,
  formData,
  newAccount,
  postForm,
} from '../support/api'
import { callWithAi, FakeAi } from '../support/fake-ai'
import { GIF_BYTES, lineDrawing, toPng } from '../support/images'
import { useFakeNetwork } from '../support/network'

useFakeNetwork()

interface FiguresData {
  method: string
  creditsConsumed: number
  references?: { numeral: string; label: string }[]
  sheets: { label: string }[]
}

/** Multipart fields: the text `fields`, and every file under `referenceImages`. */
const form = (
  fields: Record<string, string>,
  files: Uint8Array[],
): Record<string, string | Blob[]> => ({
  ...fields,
  referenceImages: files.map((bytes) => new Blob([bytes])),
})

const post = (key: string, fields: Record<string, string | Blob[]>, headers = {}) =>
  postForm('/v1/figures', key, fields, headers)

describe('POST /v1/figures with uploaded reference images', () => {
  it('draws one line-drawing view per uploaded sketch without the image model', async () => {
    const { apiKey, accountId } = await newAccount(100)
    const sketches = [await toPng(lineDrawing(480, 360, 4)), await toPng(lineDrawing(400, 400, 4))]
    const data = await expectOk<FiguresData>(
      await post(apiKey, form({ labeled: 'true' }, sketches)),
    )
    expect(data.method).toBe('reference-lines')
    expect(data.references!.some((r) => r.label.startsWith('FIG. 1B'))).toBe(true)
    expect(await balanceOf(apiKey)).toBe(100 - data.creditsConsumed)
    await expectLedgerConsistent(accountId)
  })

  it('hands the uploads to the image model with the prompt, as it does URLs', async () => {
    const { apiKey } = await newAccount(100)
    const ai = new FakeAi()
    const body = formData(
      form({ prompt: 'A bracket holding a pulley.' }, [await toPng(lineDrawing(480, 360, 4))]),
    )
    // The multipart bytes and their Content-Type, as they arrive over the network: msw, installed
    // in this isolate, replaces Request and Headers, and a FormData body handed to the Worker's
    // fetch in-process then loses its Content-Type (call() goes through the entrypoint instead).
    const encoded = new Request('https://api.test/', { method: 'POST', body })
    const response = await callWithAi(ai, '/v1/figures', {
      method: 'POST',
      headers: { ...bearer(apiKey), 'content-type': encoded.headers.get('content-type')! },
      body: await encoded.arrayBuffer(),
    })
    const data = await expectOk<FiguresData>(response)
    expect(data.method).toBe('image-model')
    expect(ai.calls[0]!.references.map((r) => [r.width, r.height])).toEqual([[480, 360]])
  })

  it('refuses a file that is not an image with its code, naming the part, and charges nothing', async () => {
    const { apiKey } = await newAccount(100)
    const good = await toPng(lineDrawing(200, 150, 4))
    const response = await post(apiKey, form({}, [good, GIF_BYTES]))
    const error = await expectError(response, 400, 'UNSUPPORTED_IMAGE_TYPE')
    expect(error.message).toMatch(/^referenceImages\[1\]: /)
    expect(await balanceOf(apiKey)).toBe(100)
  })

  it('refuses more than 4 uploads, and a body with neither prompt nor references', async () => {
    const { apiKey } = await newAccount(100)
    const sketch = await toPng(lineDrawing(64, 48, 2))
    await expectError(await post(apiKey, form({}, Array(5).fill(sketch))), 400, 'VALIDATION_ERROR')
    await expectError(await post(apiKey, form({ labeled: 'true' }, [])), 400, 'VALIDATION_ERROR')
    expect(await balanceOf(apiKey)).toBe(100)
  })

  it('replays the same uploads under one Idempotency-Key, and refuses other files under it', async () => {
    const { apiKey } = await newAccount(100)
    const a = await toPng(lineDrawing(320, 240, 4))
    const b = await toPng(lineDrawing(240, 320, 4))
    const key = { 'idempotency-key': 'figure-upload-1' }
    const first = await post(apiKey, form({}, [a]), key)
    const data = await expectOk<FiguresData>(first)
    const again = await post(apiKey, form({}, [a]), key)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await balanceOf(apiKey)).toBe(100 - data.creditsConsumed)
    await expectError(await post(apiKey, form({}, [b]), key), 409, 'IDEMPOTENCY_CONFLICT')
  })
})
