/**
 * The MCP tools' JSON Schemas, made by the generator that writes our OpenAPI document from the
 * same zod schemas, so a tool's fields carry the descriptions /v1/openapi.json shows.
 */

import { OpenAPIHono, type z } from '@hono/zod-openapi'

/** A JSON Schema object (the subset of keywords OpenAPI 3.1 and JSON Schema 2020-12 share). */
export type JsonSchema = Record<string, unknown>

const REF_PREFIX = '#/components/schemas/'

/**
 * JSON Schemas for `schemas`, by name, each self-contained: the shared parts the OpenAPI document
 * keeps as `$ref`s (Figure, FigureElement, ...) are inlined, since not every MCP client resolves
 * references, and OpenAPI's `example` becomes JSON Schema's `examples`.
 */
export function jsonSchemasOf<K extends string>(
  schemas: Record<K, z.ZodType>,
): Record<K, JsonSchema> {
  const generator = new OpenAPIHono()
  for (const [name, schema] of Object.entries<z.ZodType>(schemas)) {
    generator.openAPIRegistry.register(name, schema)
  }
  const document = generator.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Figure API MCP tools', version: '1.0.0' },
  })
  const components = (document.components?.schemas ?? {}) as Record<string, JsonSchema>
  const out = {} as Record<K, JsonSchema>
  for (const name of Object.keys(schemas) as K[]) {
    out[name] = inline(components[name], components, []) as JsonSchema
  }
  return out
}

/** Keywords whose value is a schema or a list of schemas. */
const SUBSCHEMA = new Set([
  'items',
  'prefixItems',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
])
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP = new Set(['properties', 'patternProperties', '$defs'])

/**
 * Copies schema `node`, replacing each component `$ref` with the component itself. Values that
 * are data (`enum`, `default`, `examples`) are kept as they are.
 */
function inline(node: unknown, components: Record<string, JsonSchema>, path: string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, components, path))
  if (node === null || typeof node !== 'object') return node
  const { $ref, example, ...rest } = node as JsonSchema
  const out: JsonSchema = {}
  if (typeof $ref === 'string' && $ref.startsWith(REF_PREFIX)) {
    const name = $ref.slice(REF_PREFIX.length)
    // The request and result schemas are trees; a cycle would be a bug in them.
    if (path.includes(name)) throw new Error(`schema ${name} refers to itself`)
    Object.assign(out, inline(components[name], components, [...path, name]))
  }
  for (const [key, value] of Object.entries(rest)) {
    if (SUBSCHEMA.has(key)) out[key] = inline(value, components, path)
    else if (SCHEMA_MAP.has(key) && value !== null && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, inline(schema, components, path)]),
      )
    } else out[key] = value
  }
  if (example !== undefined && out.examples === undefined) out.examples = [example]
  return out
}
