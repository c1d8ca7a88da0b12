/** The Worker's bindings and the per-request context variables each middleware contributes. */

import type { ConfigBindings } from './config'
import type { AuthVariables } from './http/middleware/auth'
import type { IdempotencyKeyVariables } from './http/middleware/idempotency-key'
import type { RequestContextVariables } from './http/middleware/request-context'

/** Generated bindings plus the optional secrets `wrangler types` cannot list. */
export type Bindings = Env &
  Pick<ConfigBindings, 'API_KEY_PEPPER_PREVIOUS' | 'OUTPUT_URL_SECRET_PREVIOUS'>

/** Context variables, merged from the middleware that sets them. */
export type Variables = RequestContextVariables & AuthVariables & IdempotencyKeyVariables

/** The Hono environment of every route. */
export interface AppEnv {
  Bindings: Bindings
  Variables: Variables
}
