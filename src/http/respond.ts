/** The two response envelopes (spec §2.1-2.2): `{ success: true, data }` and `{ success: false, error }`. */

import type { ErrorCode } from '../errors'

/** The success envelope. */
export interface SuccessEnvelope<T> {
  success: true
  data: T
}

/** The error envelope. */
export interface ErrorEnvelope {
  success: false
  error: { code: ErrorCode; message: string }
}

/** Builds a success envelope. */
export const successBody = <T>(data: T): SuccessEnvelope<T> => ({ success: true, data })

/** Builds an error envelope. */
export const errorBody = (code: ErrorCode, message: string): ErrorEnvelope => ({
  success: false,
  error: { code, message },
})

/** A JSON response with the error envelope. */
export function errorResponse(
  status: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(errorBody(code, message)), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}
