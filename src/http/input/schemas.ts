/**
 * Request and result schemas, mirroring the spec's tables (§2.3, §4). The same zod schemas
 * validate requests and generate the OpenAPI document. JSON bodies are strict (an unknown field
 * is an error, so a typo such as `dpis` is caught); multipart numbers arrive as strings.
 */

import { z } from '@hono/zod-openapi'

/** Largest accepted imageUrl, characters. */
const MAX_URL_LENGTH = 2048

const fileProblem = (input: unknown): string =>
  Array.isArray(input)
    ? `Expected one file for file but received ${input.length}`
    : input === undefined
      ? 'file is required'
      : 'Expected a file upload for file but received a text field'

/** The uploaded image part. */
export const ImageFileSchema = z
  .custom<File>((value) => value instanceof File, { error: (issue) => fileProblem(issue.input) })
  .openapi({
    type: 'string',
    format: 'binary',
    description: 'PNG, JPEG, WebP or TIFF (detected from the bytes), at most 10 MiB.',
  })

/** A publicly reachable http(s) image URL. */
export const ImageUrlSchema = z.url().max(MAX_URL_LENGTH).openapi({
  description:
    'A publicly reachable http(s) URL of a PNG, JPEG, WebP or TIFF image (at most 10 MiB, 12,000 px a side, 40 MP). Private, loopback and link-local addresses, other ports than 80/443 and more than 3 redirects are refused with 422.',
  example: 'https://example.com/drawings/fig1.png',
})

const ConvertFormatSchema = z.enum(['png', 'tiff', 'pdf']).openapi({
  description: 'Output file format.',
})

const convertDescriptions = {
  dpi: 'Density: 300 targets the 2K preset (long edge 2048 px), 600 the 4K preset (4096 px); the same printed size either way.',
}

export const ConvertJsonSchema = z
  .object({
    imageUrl: ImageUrlSchema,
    format: ConvertFormatSchema.default('png'),
    dpi: z.literal([300, 600]).default(300).openapi({ description: convertDescriptions.dpi }),
  })
  .strict()
  .openapi('ConvertJsonRequest')

export const ConvertFormSchema = z
  .object({
    file: ImageFileSchema,
    format: ConvertFormatSchema.default('png'),
    dpi: z
      .enum(['300', '600'])
      .default('300')
      .transform(Number)
      .openapi({ type: 'string', enum: ['300', '600'], description: convertDescriptions.dpi }),
  })
  .strict()
  .openapi('ConvertFormRequest')

export const ConvertResultSchema = z
  .object({
    url: z.url().openapi({ description: 'Signed URL of the converted file, valid for 7 days.' }),
    previewUrl: z.url().optional().openapi({
      description: 'Signed URL of a PNG preview (long edge ≤ 1024 px); TIFF and PDF only.',
    }),
    format: ConvertFormatSchema,
    dpi: z.literal([300, 600]),
    creditsConsumed: z
      .int()
      .openapi({ description: 'Credits charged: 1 at 300 DPI, 2 at 600 DPI.' }),
  })
  .openapi('ConvertResult')

export const CreditsResultSchema = z
  .object({ balance: z.int().openapi({ description: 'Current credit balance.', example: 120 }) })
  .openapi('CreditsResult')
