/** POST /enhance's OpenAPI examples: request bodies, answers and refusals as the Worker sends them. */

import {
  ERROR_EXAMPLES,
  type Examples,
  errorExample,
  exampleFileUrl,
  successExample,
} from '../openapi-examples'

export const ENHANCE_BODY_EXAMPLES: { json: Examples; form: Examples } = {
  json: {
    x2: {
      summary: 'x2 at 300 DPI, from a URL',
      value: { imageUrl: 'https://example.com/scans/fig2-scan.png', scale: 2, dpi: 300 },
    },
    x2At600: {
      summary: 'x2 with 600 DPI stamped (the pixels are the same as at 300)',
      value: { imageUrl: 'https://example.com/scans/fig2-scan.png', scale: 2, dpi: 600 },
    },
  },
  form: {
    x4Upload: {
      summary: 'Upload: x4 at 600 DPI, black and white',
      description: 'curl: `-F file=@scan.png -F scale=4 -F dpi=600 -F mode=bilevel`',
      value: { file: 'scan.png', scale: '4', dpi: '600', mode: 'bilevel' },
    },
  },
}

export const ENHANCE_RESULT_EXAMPLES: Examples = {
  x2: successExample(
    'A 1024 x 768 scan upscaled x2, 2 credits',
    {
      url: exampleFileUrl('enhanced.png'),
      scale: 2,
      dpi: 300,
      width: 2048,
      height: 1536,
      mode: 'bilevel',
      method: 'lineart',
      creditsConsumed: 2,
    },
    '`width` and `height` are the PNG written: the input size times `scale`. A black-and-white scan of a drawing is redrawn as line art (`method`) and stays black and white (`mode`); a gray one comes back gray.',
  ),
  x2At600: successExample('The same pixels, 600 DPI in pHYs, 2 credits', {
    url: exampleFileUrl('enhanced.png'),
    scale: 2,
    dpi: 600,
    width: 2048,
    height: 1536,
    mode: 'bilevel',
    method: 'lineart',
    creditsConsumed: 2,
  }),
  x4Upload: successExample('A 512 x 384 scan upscaled x4, 4 credits', {
    url: exampleFileUrl('enhanced.png'),
    scale: 4,
    dpi: 600,
    width: 2048,
    height: 1536,
    mode: 'bilevel',
    method: 'lineart',
    creditsConsumed: 4,
  }),
}

/** Refusals particular to this endpoint; paidRoute adds the ones every paid POST shares. */
export const ENHANCE_ERROR_EXAMPLES: Partial<Record<number, Examples>> = {
  400: {
    invalidScale: errorExample(
      'A scale other than 2 or 4',
      'VALIDATION_ERROR',
      'Expected 2 or 4 for scale but received 3',
    ),
    missingFile: ERROR_EXAMPLES.missingFile,
  },
}
