/** Typed configuration read once per request from bindings (wrangler.toml [vars] and secrets). */

import type { GateLimits } from './adapters/ports'

/** A versioned secret (an API-key pepper or a URL-signing key). */
export interface VersionedSecret {
  version: number
  secret: string
}

export interface Config {
  rateLimits: GateLimits
  /** Peppers for API-key hashes: new keys use `current`; `previous` still verifies. */
  peppers: { current: VersionedSecret | null; previous: VersionedSecret | null }
  /** URL-signing keys by kid: new URLs use `current`; `previous` still verifies. */
  urlKeys: { current: VersionedSecret | null; previous: VersionedSecret | null }
  /** Lifetime of signed output URLs, seconds. */
  urlTtlSeconds: number
  /** The operator token; null turns the operator API off. */
  adminToken: string | null
  /** DNS-over-HTTPS endpoint (JSON API) for the SSRF guard. */
  dohUrl: string
}

/** The bindings config reads, including optional secrets `wrangler types` cannot know about. */
export type ConfigBindings = Pick<
  Env,
  | 'RL_PER_MINUTE'
  | 'RL_MAX_INFLIGHT'
  | 'API_KEY_PEPPER_VERSION'
  | 'OUTPUT_URL_KID'
  | 'OUTPUT_URL_TTL_SECONDS'
  | 'DOH_URL'
> & {
  ADMIN_TOKEN?: string
  API_KEY_PEPPER?: string
  API_KEY_PEPPER_PREVIOUS?: string
  OUTPUT_URL_SECRET?: string
  OUTPUT_URL_SECRET_PREVIOUS?: string
}

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value)
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : fallback
}

function versioned(
  secret: string | undefined,
  previous: string | undefined,
  version: number,
): Config['peppers'] {
  return {
    current: secret ? { version, secret } : null,
    previous: previous && version > 1 ? { version: version - 1, secret: previous } : null,
  }
}

/** Reads and validates configuration; bad numbers fall back to the documented defaults. */
export function readConfig(env: ConfigBindings): Config {
  return {
    rateLimits: {
      perMinute: positiveInt(env.RL_PER_MINUTE, 60),
      maxInflight: positiveInt(env.RL_MAX_INFLIGHT, 4),
    },
    peppers: versioned(
      env.API_KEY_PEPPER,
      env.API_KEY_PEPPER_PREVIOUS,
      positiveInt(env.API_KEY_PEPPER_VERSION, 1),
    ),
    urlKeys: versioned(
      env.OUTPUT_URL_SECRET,
      env.OUTPUT_URL_SECRET_PREVIOUS,
      positiveInt(env.OUTPUT_URL_KID, 1),
    ),
    urlTtlSeconds: positiveInt(env.OUTPUT_URL_TTL_SECONDS, 7 * 24 * 3600),
    adminToken: env.ADMIN_TOKEN ? env.ADMIN_TOKEN : null,
    dohUrl: env.DOH_URL || 'https://cloudflare-dns.com/dns-query',
  }
}
