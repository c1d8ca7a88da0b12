// Fixture bytes inside workerd, which has no file system: each test file globs its fixtures with
// `import.meta.glob(..., { query: '?inline' })` (Vite must see the literal call) and Vite hands
// them over as base64 data URLs, decoded here.

/** The bytes of base64 text, or of a base64 data URL (what follows its comma). */
export function base64Bytes(text: string): Uint8Array {
  const binary = atob(text.slice(text.indexOf(',') + 1))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/**
 * The bytes of the fixture whose path ends with `/name` in a glob of inlined fixtures.
 * @throws Error naming the fixture when the glob has none of that name
 */
export function fixtureBytes(inlined: Record<string, string>, name: string): Uint8Array {
  const url = Object.entries(inlined).find(([path]) => path.endsWith(`/${name}`))?.[1]
  if (!url) throw new Error(`no fixture ${name}`)
  return base64Bytes(url)
}
