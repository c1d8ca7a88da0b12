/** POST /vectorize's OpenAPI examples: request bodies, answers and refusals as the Worker sends them. */

import {
  ERROR_EXAMPLES,
  type Examples,
  errorExample,
  exampleFileUrl,
  successExample,
} from '../openapi-examples'

export const VECTORIZE_BODY_EXAMPLES: { json: Examples; form: Examples } = {
  json: {
    dxfLineart: {
      summary: 'Centerlines as DXF for CAD, from a URL',
      value: {
        imageUrl: 'https://example.com/drawings/sketch.png',
        format: 'dxf',
        engine: 'lineart',
      },
    },
    svgTrace: {
      summary: 'Filled outlines (fills and colours kept) as SVG',
      value: { imageUrl: 'https://example.com/drawings/logo.png', engine: 'trace' },
    },
  },
  form: {
    pdfUpload: {
      summary: 'Upload: centerlines as a vector PDF',
      description: 'curl: `-F file=@sketch.png -F format=pdf`',
      value: { file: 'sketch.png', format: 'pdf', engine: 'lineart' },
    },
  },
}

export const VECTORIZE_RESULT_EXAMPLES: Examples = {
  dxfLineart: successExample(
    'DXF centerlines, 2 credits',
    {
      url: exampleFileUrl('vector.dxf'),
      format: 'dxf',
      engine: 'lineart',
      width: 1700,
      height: 2200,
      paths: 239,
      segments: 715,
      creditsConsumed: 2,
    },
    '`width` and `height` are the traced image in pixels; `paths` and `segments` count what was written.',
  ),
  svgTrace: successExample('SVG filled outlines, 2 credits', {
    url: exampleFileUrl('vector.svg'),
    format: 'svg',
    engine: 'trace',
    width: 1200,
    height: 800,
    paths: 6,
    segments: 412,
    creditsConsumed: 2,
  }),
  pdfUpload: successExample('Vector PDF, 2 credits', {
    url: exampleFileUrl('vector.pdf'),
    format: 'pdf',
    engine: 'lineart',
    width: 1700,
    height: 2200,
    paths: 239,
    segments: 715,
    creditsConsumed: 2,
  }),
}

/** Refusals particular to this endpoint; paidRoute adds the ones every paid POST shares. */
export const VECTORIZE_ERROR_EXAMPLES: Partial<Record<number, Examples>> = {
  400: {
    invalidEngine: errorExample(
      'An engine other than lineart or trace',
      'VALIDATION_ERROR',
      'Expected lineart or trace for engine but received "potrace"',
    ),
    unknownField: errorExample(
      'An unknown field (JSON bodies are strict)',
      'VALIDATION_ERROR',
      'Unknown field dpi',
    ),
    unsupportedImageType: ERROR_EXAMPLES.unsupportedImageType,
  },
}
