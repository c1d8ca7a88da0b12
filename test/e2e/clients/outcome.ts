/**
 * What the generated-client callers report back to test/e2e/generated-clients.test.ts: each call
 * by name, with its status and the envelope's `data` or error `code`. Types only, so the test can
 * load the callers at run time without compiling against clients that do not exist yet.
 */

/** One call as the client saw it. */
export interface Outcome {
  /** HTTP status of the answer. */
  status: number
  /** The success envelope's `data`. */
  data?: unknown
  /** The error envelope's `code`. */
  code?: string
}

/** Every call a caller made, by name (e.g. `convertImage upload`). */
export type Outcomes = Record<string, Outcome>

/** What a caller needs: where the Worker is, the operator token and the images to send. */
export interface CallContext {
  /** The API base, `<origin>/v1`. */
  baseUrl: string
  /** The operator token (the Worker's ADMIN_TOKEN secret). */
  adminToken: string
  /** A line drawing for /convert and /vectorize. */
  drawing: Blob
  /** A smaller one for /enhance, so the upscaler stays quick. */
  smallDrawing: Blob
  /** An image URL the Worker refuses before fetching anything (no network needed): 422. */
  unfetchableUrl: string
}

/** The export of each caller module. */
export type CallEveryOperation = (context: CallContext) => Promise<Outcomes>
