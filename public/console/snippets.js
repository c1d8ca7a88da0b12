/**
 * The equivalent request for what a try-it form holds: a curl command and an @figure-api/sdk
 * call. Neither contains the signed-in key; both read it from FIGAPI_KEY.
 */

import { API_BASE } from './api.js'

/**
 * @typedef {object} RequestShape
 * @property {import('./endpoints.js').Endpoint} endpoint
 * @property {Record<string, string | number | boolean>} fields  the options and the prompt
 * @property {{ kind: 'file', name: string } | { kind: 'url', url: string } | null} image
 */

/**
 * Quotes `text` for a POSIX shell.
 * @param {string} text
 */
const shellQuote = (text) =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`

/**
 * A JavaScript string literal in single quotes.
 * @param {string} text
 */
const jsString = (text) =>
  `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`

/**
 * The curl command for `shape`.
 * @param {RequestShape} shape
 * @returns {string}
 */
export function curlCommand({ endpoint, fields, image }) {
  const lines = [
    `curl ${API_BASE}${endpoint.path}`,
    '  -H "Authorization: Bearer $FIGAPI_KEY"',
    '  -H "Idempotency-Key: $(uuidgen)"',
  ]
  if (image?.kind === 'file') {
    lines.push(`  -F ${shellQuote(`file=@${image.name}`)}`)
    for (const [name, value] of Object.entries(fields)) {
      lines.push(`  -F ${shellQuote(`${name}=${value}`)}`)
    }
  } else {
    const body = image?.kind === 'url' ? { imageUrl: image.url, ...fields } : fields
    lines.push('  -H "Content-Type: application/json"')
    lines.push(`  -d ${shellQuote(JSON.stringify(body))}`)
  }
  return lines.join(' \\\n')
}

/**
 * The @figure-api/sdk call for `shape` (Node: a file input may be a path).
 * @param {RequestShape} shape
 * @returns {string}
 */
export function sdkSnippet({ endpoint, fields, image }) {
  /** @type {string[]} */
  const args = []
  if (image?.kind === 'file') args.push(`file: ${jsString(image.name)}`)
  if (image?.kind === 'url') args.push(`imageUrl: ${jsString(image.url)}`)
  for (const [name, value] of Object.entries(fields)) {
    args.push(`${name}: ${typeof value === 'string' ? jsString(value) : String(value)}`)
  }
  const call = `await api.${endpoint.sdkMethod}({ ${args.join(', ')} })`
  const wrapped =
    `const result = ${call}`.length > 90
      ? `await api.${endpoint.sdkMethod}({\n  ${args.join(',\n  ')},\n})`
      : call
  return [
    "import { FigureApi } from '@figure-api/sdk'",
    '',
    'const api = new FigureApi({',
    '  apiKey: process.env.FIGAPI_KEY,',
    `  baseUrl: ${jsString(API_BASE)},`,
    '})',
    `const result = ${wrapped}`,
    'console.log(result.url, result.creditsConsumed)',
  ].join('\n')
}
