/** @figure-api/sdk: the typed client of the Figure API (Node 20+, browsers, Workers). */

export { apiBase, FigureApi, type FigureApiOptions } from './client.js'
export {
  FigureApiConnectionError,
  FigureApiError,
  type FigureApiErrorCode,
  type FigureApiErrorInit,
} from './errors.js'
export type { FetchLike } from './request.js'
export type { components, operations, paths } from './schema.js'
export type * from './types.js'
export { SDK_VERSION } from './version.js'
