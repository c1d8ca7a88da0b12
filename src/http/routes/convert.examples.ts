/** POST /convert's OpenAPI examples: request bodies, answers and refusals as the Worker sends them. */

import {
  ERROR_EXAMPLES,
  type Examples,
  errorExample,
  exampleFileUrl,
  successExample,
} from '../openapi-examples'

export const CONVERT_BODY_EXAMPLES: { json: Examples; form: Examples } = {
  json: {
    pdfA4: {
      summary: 'PDF on an A4 page at 600 DPI, from a URL',
      value: {
        imageUrl: 'https://example.com/drawings/fig1.png',
        format: 'pdf',
        dpi: 600,
        page: 'a4',
      },
    },
    pngDefaults: {
      summary: 'PNG at 300 DPI (every default)',
      value: { imageUrl: 'https://example.com/drawings/fig1.png' },
    },
  },
  form: {
    tiffUpload: {
      summary: 'Upload: TIFF (CCITT G4) at 600 DPI',
      description: 'curl: `-F file=@fig1.png -F format=tiff -F dpi=600`',
      value: { file: 'fig1.png', format: 'tiff', dpi: '600' },
    },
  },
}

export const CONVERT_RESULT_EXAMPLES: Examples = {
  pdfA4: successExample(
    'PDF: the filed page and its PNG preview, 2 credits',
    {
      url: exampleFileUrl('converted.pdf'),
      previewUrl: exampleFileUrl('preview.png'),
      format: 'pdf',
      dpi: 600,
      mode: 'bilevel',
      width: 3072,
      height: 4096,
      page: 'a4',
      warnings: [
        'The image is 600 × 800 px: filed at 600 DPI (3072 × 4096 px) it is enlarged 5.12×, so it holds the detail of about 117 DPI; send a larger original, or enhance it first (/v1/enhance)',
      ],
      creditsConsumed: 2,
    },
    'A portrait line drawing (3:4): long edge 4096 px at 600 DPI, filed black and white.',
  ),
  pngDefaults: successExample('PNG at 300 DPI: no preview, 1 credit', {
    url: exampleFileUrl('converted.png'),
    format: 'png',
    dpi: 300,
    mode: 'bilevel',
    width: 1536,
    height: 2048,
    warnings: [
      'The image is 600 × 800 px: filed at 300 DPI (1536 × 2048 px) it is enlarged 2.56×, so it holds the detail of about 117 DPI; send a larger original, or enhance it first (/v1/enhance)',
    ],
    creditsConsumed: 1,
  }),
  tiffUpload: successExample('TIFF at 600 DPI with its PNG preview, 2 credits', {
    url: exampleFileUrl('converted.tif'),
    previewUrl: exampleFileUrl('preview.png'),
    format: 'tiff',
    dpi: 600,
    mode: 'bilevel',
    width: 3072,
    height: 4096,
    warnings: [
      'The image is 600 × 800 px: filed at 600 DPI (3072 × 4096 px) it is enlarged 5.12×, so it holds the detail of about 117 DPI; send a larger original, or enhance it first (/v1/enhance)',
    ],
    creditsConsumed: 2,
  }),
}

/** Refusals particular to this endpoint; paidRoute adds the ones every paid POST shares. */
export const CONVERT_ERROR_EXAMPLES: Partial<Record<number, Examples>> = {
  400: {
    invalidDpi: errorExample(
      'A dpi other than 300 or 600',
      'VALIDATION_ERROR',
      'Expected 300 or 600 for dpi but received 72',
    ),
    pageWithoutPdf: errorExample(
      'page sent with a format other than pdf',
      'VALIDATION_ERROR',
      'page applies to PDF output only; received it with format png',
    ),
    missingFile: ERROR_EXAMPLES.missingFile,
    unsupportedImageType: ERROR_EXAMPLES.unsupportedImageType,
  },
}
