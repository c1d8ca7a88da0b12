/**
 * Where the API key and base URL come from: --key / --base-url, then FIGAPI_KEY /
 * FIGAPI_BASE_URL, then the config file `figapi login` writes
 * ($XDG_CONFIG_HOME/figapi/config.json, mode 0600), then the default base URL.
 */

import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { CliError, EXIT } from './exit-codes'

/** The local service `npm run dev` starts; there is no public deployment to default to. */
export const DEFAULT_BASE_URL = 'http://localhost:8787'

/** What `figapi login` stores. */
export interface StoredConfig {
  apiKey?: string
  baseUrl?: string
}

/** The key and base URL a command uses, and where each came from (for messages). */
export interface Settings {
  apiKey?: string
  apiKeySource?: '--key' | 'FIGAPI_KEY' | 'config'
  baseUrl: string
  configPath: string
}

/** The config file: $XDG_CONFIG_HOME/figapi/config.json, else ~/.config/figapi/config.json. */
export function configPath(env: NodeJS.ProcessEnv): string {
  const root = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.config')
  return join(root, 'figapi', 'config.json')
}

/**
 * Reads the config file; a missing file is an empty config.
 * @throws CliError (usage) when the file is not a JSON object
 */
export async function readConfig(path: string): Promise<StoredConfig> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw error
  }
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error()
    const { apiKey, baseUrl } = parsed as Record<string, unknown>
    return {
      ...(typeof apiKey === 'string' ? { apiKey } : {}),
      ...(typeof baseUrl === 'string' ? { baseUrl } : {}),
    }
  } catch {
    throw new CliError(
      EXIT.USAGE,
      `The config file ${path} is not valid JSON: run figapi login again or delete it`,
    )
  }
}

/** Writes the config file readable by its owner only (folder 0700, file 0600). */
export async function writeConfig(path: string, config: StoredConfig): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 })
  // writeFile's mode applies only when it creates the file; an older file keeps its mode.
  await chmod(path, 0o600)
}

/** Deletes the config file; true when there was one. */
export async function removeConfig(path: string): Promise<boolean> {
  try {
    await rm(path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}

/** Removes a trailing slash and a trailing /v1 so that both spellings of the base URL work. */
export function normalizeBaseUrl(url: string): string {
  let trimmed = url.trim().replace(/\/+$/, '')
  if (/\/v1$/.test(trimmed)) trimmed = trimmed.slice(0, -3)
  try {
    const parsed = new URL(trimmed)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error()
  } catch {
    throw new CliError(EXIT.USAGE, `Expected an http(s) URL for the base URL but received ${url}`)
  }
  return trimmed
}

/** Resolves the settings: flags, then environment, then the config file, then the default. */
export async function resolveSettings(
  flags: { key?: string; baseUrl?: string },
  env: NodeJS.ProcessEnv,
): Promise<Settings> {
  const path = configPath(env)
  const needFile = !flags.key || !flags.baseUrl
  const stored = needFile ? await readConfig(path) : {}
  const envKey = env.FIGAPI_KEY?.trim() || undefined
  const apiKey = flags.key ?? envKey ?? stored.apiKey
  const apiKeySource = flags.key
    ? '--key'
    : envKey
      ? 'FIGAPI_KEY'
      : stored.apiKey
        ? 'config'
        : undefined
  const baseUrl = normalizeBaseUrl(
    flags.baseUrl ??
      (env.FIGAPI_BASE_URL?.trim() || undefined) ??
      stored.baseUrl ??
      DEFAULT_BASE_URL,
  )
  return {
    ...(apiKey ? { apiKey } : {}),
    ...(apiKeySource ? { apiKeySource } : {}),
    baseUrl,
    configPath: path,
  }
}
