/**
 * Step 5: turns zod failures into 400 VALIDATION_ERROR with messages that name the field, in the
 * shape "Expected 300 or 600 for dpi but received 72" (STYLE.md §3, after sharp's lib/is.mjs).
 */

import type { z } from '@hono/zod-openapi'
import { ApiError } from '../errors'

type Issue = z.core.$ZodIssue

/** Shows a received value the way a caller typed it. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (value instanceof File) return 'a file'
  if (Array.isArray(value)) return `a list of ${value.length}`
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)
  if (typeof value === 'object') return 'an object'
  return String(value)
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

const fieldName = (path: readonly PropertyKey[]): string =>
  path.length === 0 ? 'the body' : path.map(String).join('.')

const listOf = (values: readonly unknown[]): string =>
  values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(' or ')

/** One issue as a sentence. */
export function describeIssue(issue: Issue, data: unknown): string {
  const field = fieldName(issue.path)
  const received = valueAt(data, issue.path)
  switch (issue.code) {
    case 'invalid_value':
      return `Expected ${listOf(issue.values)} for ${field} but received ${show(received)}`
    case 'invalid_type':
      if (received === undefined) return `${field} is required`
      return `Expected ${issue.expected === 'object' && issue.path.length === 0 ? 'a JSON object' : issue.expected} for ${field} but received ${show(received)}`
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}${issue.path.length ? ` in ${field}` : ''}`
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum
      const unit =
        issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''
      const relation = issue.code === 'too_small' ? 'at least' : 'at most'
      const size =
        typeof received === 'string' || Array.isArray(received)
          ? `${received.length}${unit}`
          : show(received)
      return `Expected ${relation} ${String(bound)}${unit} for ${field} but received ${size}`
    }
    case 'invalid_format':
      // A pattern says what it expects in its own message ("a reference numeral: 102, ...").
      if (issue.format === 'regex' && !issue.message.startsWith('Invalid')) {
        return `Expected ${issue.message} for ${field} but received ${show(received)}`
      }
      return `Expected a valid ${issue.format === 'url' ? 'URL' : issue.format} for ${field} but received ${show(received)}`
    default:
      return issue.message.includes(field) ? issue.message : `${field}: ${issue.message}`
  }
}

/** The 400 for a failed validation: every issue, in order, in one message. */
export function validationError(error: z.ZodError, data: unknown): ApiError {
  const message = error.issues.map((issue) => describeIssue(issue, data)).join('; ')
  return new ApiError('VALIDATION_ERROR', message || 'The request is invalid')
}

/** The OpenAPIHono `defaultHook`: throws the 400 so the one error handler renders it. */
export function validationHook(result: { success: boolean; error?: z.ZodError; data?: unknown }) {
  if (!result.success && result.error) throw validationError(result.error, result.data)
}
