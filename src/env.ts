/** The Worker's bindings and the per-request context variables each middleware contributes. */

import type { ConfigBindings } from './config'
import type { AuthVariables } from './http/middleware/auth'
import type { IdempotencyKeyVariables } from './http/middleware/idempotency-key'
import type { RequestContextVariables } from './http/middleware/request-context'

/**
 * Generated bindings plus what `wrangler types` cannot list: the optional secrets, and the
 * Workers AI binding, which wrangler.toml leaves commented out (see its `[ai]` note). When it is
 * switched on, the generated `Env` carries `AI: Ai` and this intersection simply agrees.
 */
export type Bindings = Env &
  Pick<ConfigBindings, 'API_KEY_PEPPER_PREVIOUS' | 'OUTPUT_URL_SECRET_PREVIOUS'> & { AI?: Ai }

/** Context variables, merged from the middleware that sets them. */
export type Variables = RequestContextVariables & AuthVariables & IdempotencyKeyVariables

/** The Hono environment of every route. */
export interface AppEnv {
  Bindings: Bindings
  Variables: Variables
}
