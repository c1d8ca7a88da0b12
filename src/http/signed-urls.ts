/**
 * Worker-served signed URLs for output files (PLATFORM.md §5 rules 1-3):
 * `{origin}/v1/files/{objectKey}?exp=<unix s>&kid=<n>&sig=<base64url>`, where
 * sig = HMAC-SHA-256(secret of kid, "v1\n" + pathname + "\n" + exp). The URL is the credential.
 */

import type { Context } from 'hono'
import type { VersionedSecret } from '../config'
import type { AppEnv } from '../env'
import { fromBase64Url, toBase64Url } from '../lib/bytes'
import { hmacSha256, hmacSha256Verify } from '../lib/crypto'

/** Path prefix of the file route. */
export const FILES_PREFIX = '/v1/files/'

/** The signing keys: `current` signs, `previous` still verifies during a rotation. */
export interface UrlKeys {
  current: VersionedSecret | null
  previous: VersionedSecret | null
}

const message = (pathname: string, exp: number) => `v1\n${pathname}\n${exp}`

/** A signed URL for `objectKey`, valid for `ttlSeconds` from `nowMs`. */
export async function signFileUrl(
  origin: string,
  objectKey: string,
  keys: UrlKeys,
  ttlSeconds: number,
  nowMs = Date.now(),
): Promise<string> {
  if (!keys.current) throw new Error('OUTPUT_URL_SECRET is not configured')
  const pathname = FILES_PREFIX + objectKey
  const exp = Math.floor(nowMs / 1000) + ttlSeconds
  const sig = toBase64Url(await hmacSha256(keys.current.secret, message(pathname, exp)))
  return `${origin}${pathname}?exp=${exp}&kid=${keys.current.version}&sig=${sig}`
}

/** A signed URL for an output of this request, on the request's origin, with the configured TTL. */
export function outputUrl(c: Context<AppEnv>, objectKey: string): Promise<string> {
  const { config } = c.var.deps
  return signFileUrl(new URL(c.req.url).origin, objectKey, config.urlKeys, config.urlTtlSeconds)
}

/** The verdict on a presented file URL. */
export type UrlVerdict =
  | { ok: true; objectKey: string; expiresAt: number }
  | { ok: false; reason: 'invalid' | 'expired' }

/**
 * Checks the signature (constant time) and the expiry: `exp` must be in the future and no further
 * than `maxTtlSeconds` ahead (a URL cannot be signed to live longer than the policy).
 */
export async function verifyFileUrl(
  url: URL,
  keys: UrlKeys,
  maxTtlSeconds: number,
  nowMs = Date.now(),
): Promise<UrlVerdict> {
  const { pathname, searchParams } = url
  const objectKey = pathname.slice(FILES_PREFIX.length)
  if (!pathname.startsWith(FILES_PREFIX) || !/^[A-Za-z0-9_.\-/]+$/.test(objectKey)) {
    return { ok: false, reason: 'invalid' }
  }
  if (objectKey.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    return { ok: false, reason: 'invalid' }
  }
  // One spelling per URL, as signFileUrl writes it: no leading zeros, and a signature whose
  // unused trailing bits are zero (atob ignores them, so "…A" and "…B" could decode alike).
  const expText = searchParams.get('exp') ?? ''
  const kidText = searchParams.get('kid') ?? ''
  const sigText = searchParams.get('sig') ?? ''
  const sig = fromBase64Url(sigText)
  if (
    !/^[1-9][0-9]{0,11}$/.test(expText) ||
    !/^[1-9][0-9]{0,8}$/.test(kidText) ||
    !sig ||
    sig.length !== 32 ||
    toBase64Url(sig) !== sigText
  ) {
    return { ok: false, reason: 'invalid' }
  }
  const kid = Number(kidText)
  const key = [keys.current, keys.previous].find((k) => k && k.version === kid)
  if (!key) return { ok: false, reason: 'invalid' }
  const exp = Number(expText)
  if (!(await hmacSha256Verify(key.secret, message(pathname, exp), sig))) {
    return { ok: false, reason: 'invalid' }
  }
  const now = Math.floor(nowMs / 1000)
  if (exp <= now) return { ok: false, reason: 'expired' }
  if (exp > now + maxTtlSeconds + 60) return { ok: false, reason: 'invalid' }
  return { ok: true, objectKey, expiresAt: exp }
}
