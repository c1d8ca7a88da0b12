/**
 * Structured JSON logs (one object per line, which Workers Logs indexes). Secrets never reach a
 * log: fields with secret-looking names are redacted, and URLs lose their signature parameters.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

const SECRET_FIELD = /authorization|api[-_]?key|token|secret|pepper|password|cookie|^key$|sig/i

/** Replaces secret-looking fields and URL signatures; walks one level of nested objects. */
export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(fields)) {
    if (SECRET_FIELD.test(name)) out[name] = '[redacted]'
    else if (typeof value === 'string')
      out[name] = value.replace(/([?&]sig=)[^&]+/g, '$1[redacted]')
    else if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      !(value instanceof Error)
    ) {
      out[name] = redact(value as Record<string, unknown>)
    } else out[name] = value
  }
  return out
}

/** Writes one structured log line. Errors are reduced to name, message and stack. */
export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const entry: Record<string, unknown> = { level, message, time: new Date().toISOString() }
  for (const [name, value] of Object.entries(redact(fields))) {
    entry[name] =
      value instanceof Error
        ? { name: value.name, message: value.message, stack: value.stack }
        : value
  }
  const line = JSON.stringify(entry)
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else console.log(line)
}
