/**
 * The equivalent request for what a try-it form holds: a curl command and an @figure-api/sdk
 * call. Neither contains the signed-in key; both read it from FIGAPI_KEY.
 */

import { API_BASE } from './api.js'

/**
 * @typedef {string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }} JsonValue
 */

/**
 * @typedef {object} RequestShape
 * @property {import('./endpoints.js').Endpoint} endpoint
 * @property {Record<string, JsonValue>} fields  the options and the prompt, or a figure structure
 * @property {{ kind: 'file', name: string } | { kind: 'url', url: string } | null} image
 * @property {string[]} [references]  figures: the names of reference images uploaded
 */

/** Width a snippet's lines are kept to where a value can be split, characters. */
const LINE_WIDTH = 90

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
 * `value` as a JSON or JavaScript literal: on one line when it fits in LINE_WIDTH after `lead`
 * characters, else one member per line, indented by two spaces a level (JavaScript: keys bare
 * where they can be, strings in single quotes, trailing commas).
 * @param {JsonValue} value
 * @param {'json' | 'js'} flavour
 * @param {string} indent  the indentation of the line the value starts on
 * @param {number} lead  characters on that line before the value
 * @returns {string}
 */
function literal(value, flavour, indent, lead) {
  const flat = flatLiteral(value, flavour)
  if (value === null || typeof value !== 'object' || lead + flat.length + 1 <= LINE_WIDTH) {
    return flat
  }
  const inner = `${indent}  `
  const lines = Array.isArray(value)
    ? value.map((item) => `${inner}${literal(item, flavour, inner, inner.length)}`)
    : Object.entries(value).map(([name, item]) => {
        const prefix = `${inner}${literalKey(name, flavour)}: `
        return `${prefix}${literal(item, flavour, inner, prefix.length)}`
      })
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
  return `${open}\n${lines.join(',\n')}${flavour === 'js' ? ',' : ''}\n${indent}${close}`
}

/**
 * `value` as a JSON or JavaScript literal on one line (`{ id: 'p1', label: 'SYSTEM' }`).
 * @param {JsonValue} value
 * @param {'json' | 'js'} flavour
 * @returns {string}
 */
function flatLiteral(value, flavour) {
  if (typeof value === 'string' && flavour === 'js') return jsString(value)
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map((item) => flatLiteral(item, flavour)).join(', ')}]`
  const members = Object.entries(value).map(
    ([name, item]) => `${literalKey(name, flavour)}: ${flatLiteral(item, flavour)}`,
  )
  return members.length ? `{ ${members.join(', ')} }` : '{}'
}

/**
 * An object key: bare in JavaScript when it is an identifier, else quoted.
 * @param {string} name
 * @param {'json' | 'js'} flavour
 */
const literalKey = (name, flavour) =>
  flavour === 'json'
    ? JSON.stringify(name)
    : /^[A-Za-z_$][\w$]*$/.test(name)
      ? name
      : jsString(name)

/**
 * Whether `fields` holds a structure (an object or a list), which is laid out over several lines.
 * @param {Record<string, JsonValue>} fields
 */
const hasStructure = (fields) =>
  Object.values(fields).some((value) => value !== null && typeof value === 'object')

/**
 * The curl command for `shape`.
 * @param {RequestShape} shape
 * @returns {string}
 */
export function curlCommand({ endpoint, fields, image, references = [] }) {
  const lines = [
    `curl ${API_BASE}${endpoint.path}`,
    '  -H "Authorization: Bearer $FIGAPI_KEY"',
    '  -H "Idempotency-Key: $(uuidgen)"',
  ]
  if (image?.kind === 'file' || references.length > 0) {
    if (image?.kind === 'file') lines.push(`  -F ${shellQuote(`file=@${image.name}`)}`)
    for (const name of references) lines.push(`  -F ${shellQuote(`referenceImages=@${name}`)}`)
    for (const [name, value] of Object.entries(fields)) {
      lines.push(`  -F ${shellQuote(`${name}=${value}`)}`)
    }
  } else {
    const body = image?.kind === 'url' ? { imageUrl: image.url, ...fields } : fields
    lines.push('  -H "Content-Type: application/json"')
    // A structure is laid out readably; a prompt request stays on one line.
    const json = hasStructure(body)
      ? literal(body, 'json', '', "  -d '".length)
      : JSON.stringify(body)
    lines.push(`  -d ${shellQuote(json)}`)
  }
  return lines.join(' \\\n')
}

/**
 * The @figure-api/sdk call for `shape` (Node: a file input may be a path).
 * @param {RequestShape} shape
 * @returns {string}
 */
export function sdkSnippet({ endpoint, fields, image, references = [] }) {
  /** @type {string[]} */
  const args = []
  if (image?.kind === 'file') args.push(`file: ${jsString(image.name)}`)
  if (references.length > 0) {
    args.push(`referenceImages: [${references.map((name) => jsString(name)).join(', ')}]`)
  }
  if (image?.kind === 'url') args.push(`imageUrl: ${jsString(image.url)}`)
  for (const [name, value] of Object.entries(fields)) {
    args.push(`${name}: ${literal(value, 'js', '  ', name.length + 4)}`)
  }
  const call = `await api.${endpoint.sdkMethod}({ ${args.join(', ')} })`
  const wrapped =
    `const result = ${call}`.length > LINE_WIDTH || hasStructure(fields)
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
