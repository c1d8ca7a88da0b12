#!/usr/bin/env node

// packages/cli/src/cli.ts
import { parseArgs } from "node:util";

// packages/cli/src/commands/account.ts
import { createInterface } from "node:readline";

// node_modules/openapi-fetch/dist/index.mjs
var PATH_PARAM_RE = /\{[^{}]+\}/g;
var supportsRequestInitExt = () => {
  return typeof process === "object" && Number.parseInt(process?.versions?.node?.substring(0, 2)) >= 18 && process.versions.undici;
};
function randomID() {
  return Math.random().toString(36).slice(2, 11);
}
function createClient(clientOptions) {
  let {
    baseUrl = "",
    Request: CustomRequest = globalThis.Request,
    fetch: baseFetch = globalThis.fetch,
    querySerializer: globalQuerySerializer,
    bodySerializer: globalBodySerializer,
    pathSerializer: globalPathSerializer,
    headers: baseHeaders,
    requestInitExt = void 0,
    ...baseOptions
  } = { ...clientOptions };
  requestInitExt = supportsRequestInitExt() ? requestInitExt : void 0;
  baseUrl = removeTrailingSlash(baseUrl);
  const globalMiddlewares = [];
  async function coreFetch(schemaPath, fetchOptions) {
    const {
      baseUrl: localBaseUrl,
      fetch = baseFetch,
      Request: Request2 = CustomRequest,
      headers,
      params = {},
      parseAs = "json",
      querySerializer: requestQuerySerializer,
      bodySerializer = globalBodySerializer ?? defaultBodySerializer,
      pathSerializer: requestPathSerializer,
      body,
      middleware: requestMiddlewares = [],
      ...init
    } = fetchOptions || {};
    let finalBaseUrl = baseUrl;
    if (localBaseUrl) {
      finalBaseUrl = removeTrailingSlash(localBaseUrl) ?? baseUrl;
    }
    let querySerializer = typeof globalQuerySerializer === "function" ? globalQuerySerializer : createQuerySerializer(globalQuerySerializer);
    if (requestQuerySerializer) {
      querySerializer = typeof requestQuerySerializer === "function" ? requestQuerySerializer : createQuerySerializer({
        ...typeof globalQuerySerializer === "object" ? globalQuerySerializer : {},
        ...requestQuerySerializer
      });
    }
    const pathSerializer = requestPathSerializer || globalPathSerializer || defaultPathSerializer;
    const serializedBody = body === void 0 ? void 0 : bodySerializer(
      body,
      // Note: we declare mergeHeaders() both here and below because it’s a bit of a chicken-or-egg situation:
      // bodySerializer() needs all headers so we aren’t dropping ones set by the user, however,
      // the result of this ALSO sets the lowest-priority content-type header. So we re-merge below,
      // setting the content-type at the very beginning to be overwritten.
      // Lastly, based on the way headers work, it’s not a simple “present-or-not” check becauase null intentionally un-sets headers.
      mergeHeaders(baseHeaders, headers, params.header)
    );
    const finalHeaders = mergeHeaders(
      // with no body, we should not to set Content-Type
      serializedBody === void 0 || // if serialized body is FormData; browser will correctly set Content-Type & boundary expression
      serializedBody instanceof FormData ? {} : {
        "Content-Type": "application/json"
      },
      baseHeaders,
      headers,
      params.header
    );
    const finalMiddlewares = [...globalMiddlewares, ...requestMiddlewares];
    const requestInit = {
      redirect: "follow",
      ...baseOptions,
      ...init,
      body: serializedBody,
      headers: finalHeaders
    };
    let id;
    let options;
    let request = new Request2(
      createFinalURL(schemaPath, { baseUrl: finalBaseUrl, params, querySerializer, pathSerializer }),
      requestInit
    );
    let response;
    for (const key in init) {
      if (!(key in request)) {
        request[key] = init[key];
      }
    }
    if (finalMiddlewares.length) {
      id = randomID();
      options = Object.freeze({
        baseUrl: finalBaseUrl,
        fetch,
        parseAs,
        querySerializer,
        bodySerializer,
        pathSerializer
      });
      for (const m of finalMiddlewares) {
        if (m && typeof m === "object" && typeof m.onRequest === "function") {
          const result = await m.onRequest({
            request,
            schemaPath,
            params,
            options,
            id
          });
          if (result) {
            if (result instanceof Request2) {
              request = result;
            } else if (result instanceof Response) {
              response = result;
              break;
            } else {
              throw new Error("onRequest: must return new Request() or Response() when modifying the request");
            }
          }
        }
      }
    }
    if (!response) {
      try {
        response = await fetch(request, requestInitExt);
      } catch (error2) {
        let errorAfterMiddleware = error2;
        if (finalMiddlewares.length) {
          for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
            const m = finalMiddlewares[i];
            if (m && typeof m === "object" && typeof m.onError === "function") {
              const result = await m.onError({
                request,
                error: errorAfterMiddleware,
                schemaPath,
                params,
                options,
                id
              });
              if (result) {
                if (result instanceof Response) {
                  errorAfterMiddleware = void 0;
                  response = result;
                  break;
                }
                if (result instanceof Error) {
                  errorAfterMiddleware = result;
                  continue;
                }
                throw new Error("onError: must return new Response() or instance of Error");
              }
            }
          }
        }
        if (errorAfterMiddleware) {
          throw errorAfterMiddleware;
        }
      }
      if (finalMiddlewares.length) {
        for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
          const m = finalMiddlewares[i];
          if (m && typeof m === "object" && typeof m.onResponse === "function") {
            const result = await m.onResponse({
              request,
              response,
              schemaPath,
              params,
              options,
              id
            });
            if (result) {
              if (!(result instanceof Response)) {
                throw new Error("onResponse: must return new Response() when modifying the response");
              }
              response = result;
            }
          }
        }
      }
    }
    const contentLength = response.headers.get("Content-Length");
    if (response.status === 204 || request.method === "HEAD" || contentLength === "0" && !response.headers.get("Transfer-Encoding")?.includes("chunked")) {
      return response.ok ? { data: void 0, response } : { error: void 0, response };
    }
    if (response.ok) {
      const getResponseData = async () => {
        if (parseAs === "stream") {
          return response.body;
        }
        if (parseAs === "json" && !contentLength) {
          const raw = await response.text();
          return raw ? JSON.parse(raw) : void 0;
        }
        return await response[parseAs]();
      };
      return { data: await getResponseData(), response };
    }
    let error = await response.text();
    try {
      error = JSON.parse(error);
    } catch {
    }
    return { error, response };
  }
  return {
    request(method, url, init) {
      return coreFetch(url, { ...init, method: method.toUpperCase() });
    },
    /** Call a GET endpoint */
    GET(url, init) {
      return coreFetch(url, { ...init, method: "GET" });
    },
    /** Call a PUT endpoint */
    PUT(url, init) {
      return coreFetch(url, { ...init, method: "PUT" });
    },
    /** Call a POST endpoint */
    POST(url, init) {
      return coreFetch(url, { ...init, method: "POST" });
    },
    /** Call a DELETE endpoint */
    DELETE(url, init) {
      return coreFetch(url, { ...init, method: "DELETE" });
    },
    /** Call a OPTIONS endpoint */
    OPTIONS(url, init) {
      return coreFetch(url, { ...init, method: "OPTIONS" });
    },
    /** Call a HEAD endpoint */
    HEAD(url, init) {
      return coreFetch(url, { ...init, method: "HEAD" });
    },
    /** Call a PATCH endpoint */
    PATCH(url, init) {
      return coreFetch(url, { ...init, method: "PATCH" });
    },
    /** Call a TRACE endpoint */
    TRACE(url, init) {
      return coreFetch(url, { ...init, method: "TRACE" });
    },
    /** Register middleware */
    use(...middleware) {
      for (const m of middleware) {
        if (!m) {
          continue;
        }
        if (typeof m !== "object" || !("onRequest" in m || "onResponse" in m || "onError" in m)) {
          throw new Error("Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`");
        }
        globalMiddlewares.push(m);
      }
    },
    /** Unregister middleware */
    eject(...middleware) {
      for (const m of middleware) {
        const i = globalMiddlewares.indexOf(m);
        if (i !== -1) {
          globalMiddlewares.splice(i, 1);
        }
      }
    }
  };
}
function serializePrimitiveParam(name, value, options) {
  if (value === void 0 || value === null) {
    return "";
  }
  if (typeof value === "object") {
    throw new Error(
      "Deeply-nested arrays/objects aren’t supported. Provide your own `querySerializer()` to handle these."
    );
  }
  return `${name}=${options?.allowReserved === true ? value : encodeURIComponent(value)}`;
}
function serializeObjectParam(name, value, options) {
  if (!value || typeof value !== "object") {
    return "";
  }
  const values = [];
  const joiner = {
    simple: ",",
    label: ".",
    matrix: ";"
  }[options.style] || "&";
  if (options.style !== "deepObject" && options.explode === false) {
    for (const k in value) {
      values.push(k, options.allowReserved === true ? value[k] : encodeURIComponent(value[k]));
    }
    const final2 = values.join(",");
    switch (options.style) {
      case "form": {
        return `${name}=${final2}`;
      }
      case "label": {
        return `.${final2}`;
      }
      case "matrix": {
        return `;${name}=${final2}`;
      }
      default: {
        return final2;
      }
    }
  }
  for (const k in value) {
    const finalName = options.style === "deepObject" ? `${name}[${k}]` : k;
    values.push(serializePrimitiveParam(finalName, value[k], options));
  }
  const final = values.join(joiner);
  return options.style === "label" || options.style === "matrix" ? `${joiner}${final}` : final;
}
function serializeArrayParam(name, value, options) {
  if (!Array.isArray(value)) {
    return "";
  }
  if (options.explode === false) {
    const joiner2 = { form: ",", spaceDelimited: "%20", pipeDelimited: "|" }[options.style] || ",";
    const final = (options.allowReserved === true ? value : value.map((v) => encodeURIComponent(v))).join(joiner2);
    switch (options.style) {
      case "simple": {
        return final;
      }
      case "label": {
        return `.${final}`;
      }
      case "matrix": {
        return `;${name}=${final}`;
      }
      // case "spaceDelimited":
      // case "pipeDelimited":
      default: {
        return `${name}=${final}`;
      }
    }
  }
  const joiner = { simple: ",", label: ".", matrix: ";" }[options.style] || "&";
  const values = [];
  for (const v of value) {
    if (options.style === "simple" || options.style === "label") {
      values.push(options.allowReserved === true ? v : encodeURIComponent(v));
    } else {
      values.push(serializePrimitiveParam(name, v, options));
    }
  }
  return options.style === "label" || options.style === "matrix" ? `${joiner}${values.join(joiner)}` : values.join(joiner);
}
function createQuerySerializer(options) {
  return function querySerializer(queryParams) {
    const search = [];
    if (queryParams && typeof queryParams === "object") {
      for (const name in queryParams) {
        const value = queryParams[name];
        if (value === void 0 || value === null) {
          continue;
        }
        if (Array.isArray(value)) {
          if (value.length === 0) {
            continue;
          }
          search.push(
            serializeArrayParam(name, value, {
              style: "form",
              explode: true,
              ...options?.array,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        if (typeof value === "object") {
          search.push(
            serializeObjectParam(name, value, {
              style: "deepObject",
              explode: true,
              ...options?.object,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        search.push(serializePrimitiveParam(name, value, options));
      }
    }
    return search.join("&");
  };
}
function defaultPathSerializer(pathname, pathParams) {
  let nextURL = pathname;
  for (const match of pathname.match(PATH_PARAM_RE) ?? []) {
    let name = match.substring(1, match.length - 1);
    let explode = false;
    let style = "simple";
    if (name.endsWith("*")) {
      explode = true;
      name = name.substring(0, name.length - 1);
    }
    if (name.startsWith(".")) {
      style = "label";
      name = name.substring(1);
    } else if (name.startsWith(";")) {
      style = "matrix";
      name = name.substring(1);
    }
    if (!pathParams || pathParams[name] === void 0 || pathParams[name] === null) {
      continue;
    }
    const value = pathParams[name];
    if (Array.isArray(value)) {
      nextURL = nextURL.replace(match, serializeArrayParam(name, value, { style, explode }));
      continue;
    }
    if (typeof value === "object") {
      nextURL = nextURL.replace(match, serializeObjectParam(name, value, { style, explode }));
      continue;
    }
    if (style === "matrix") {
      nextURL = nextURL.replace(match, `;${serializePrimitiveParam(name, value)}`);
      continue;
    }
    nextURL = nextURL.replace(match, style === "label" ? `.${encodeURIComponent(value)}` : encodeURIComponent(value));
  }
  return nextURL;
}
function defaultBodySerializer(body, headers) {
  if (body instanceof FormData) {
    return body;
  }
  if (headers) {
    const contentType = headers.get instanceof Function ? headers.get("Content-Type") ?? headers.get("content-type") : headers["Content-Type"] ?? headers["content-type"];
    if (contentType === "application/x-www-form-urlencoded") {
      return new URLSearchParams(body).toString();
    }
  }
  return JSON.stringify(body);
}
function createFinalURL(pathname, options) {
  let finalURL = `${options.baseUrl}${pathname}`;
  if (options.params?.path) {
    finalURL = options.pathSerializer(finalURL, options.params.path);
  }
  let search = options.querySerializer(options.params.query ?? {});
  if (search.startsWith("?")) {
    search = search.substring(1);
  }
  if (search) {
    finalURL += `?${search}`;
  }
  return finalURL;
}
function mergeHeaders(...allHeaders) {
  const finalHeaders = new Headers();
  for (const h of allHeaders) {
    if (!h || typeof h !== "object") {
      continue;
    }
    const iterator = h instanceof Headers ? h.entries() : Object.entries(h);
    for (const [k, v] of iterator) {
      if (v === null) {
        finalHeaders.delete(k);
      } else if (Array.isArray(v)) {
        for (const v2 of v) {
          finalHeaders.append(k, v2);
        }
      } else if (v !== void 0) {
        finalHeaders.set(k, v);
      }
    }
  }
  return finalHeaders;
}
function removeTrailingSlash(url) {
  if (url.endsWith("/")) {
    return url.substring(0, url.length - 1);
  }
  return url;
}

// packages/sdk/src/file-input.ts
async function prepareFile(file, filename) {
  if (typeof file === "string") {
    const fs = await import("node:fs/promises");
    const bytes = await fs.readFile(file);
    return { blob: new Blob([bytes]), filename: filename ?? baseName(file) };
  }
  const name = filename ?? (isNamed(file) ? file.name : "image");
  if (file instanceof Blob) return { blob: file, filename: name };
  if (file instanceof ArrayBuffer) return { blob: new Blob([file]), filename: name };
  if (file instanceof Uint8Array) {
    return { blob: new Blob([file]), filename: name };
  }
  if (isReadableStream(file)) return { blob: await new Response(file).blob(), filename: name };
  throw new TypeError(
    `Expected a Blob, Uint8Array, ArrayBuffer, ReadableStream or path for file but received ${describe(file)}`
  );
}
var isNamed = (value) => typeof value.name === "string" && value.name.length > 0;
var isReadableStream = (value) => typeof value?.getReader === "function";
var baseName = (path) => path.split(/[\\/]/).pop() || "image";
var describe = (value) => value === null ? "null" : typeof value === "object" ? value.constructor?.name : typeof value;

// packages/sdk/src/errors.ts
var FigureApiError = class extends Error {
  name = "FigureApiError";
  /** Machine-readable code from the error envelope, e.g. `INSUFFICIENT_CREDITS`. */
  code;
  /** HTTP status, e.g. 402. */
  status;
  /** The X-Request-Id response header: quote it when you contact support. */
  requestId;
  /** Anything else the answer carried: extra envelope fields, or the body of a non-JSON answer. */
  details;
  /** Retry-After, seconds (409 REQUEST_IN_PROGRESS and 429), or null. */
  retryAfter;
  constructor(init) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details;
    this.retryAfter = init.retryAfter ?? null;
  }
};
var FigureApiConnectionError = class extends Error {
  name = "FigureApiConnectionError";
  /** How many attempts were made. */
  attempts;
  /** The Idempotency-Key the attempts carried (paid POSTs), to retry the call later. */
  idempotencyKey;
  constructor(message, options) {
    super(message, { cause: options.cause });
    this.attempts = options.attempts;
    this.idempotencyKey = options.idempotencyKey ?? null;
  }
};

// packages/sdk/src/retry.ts
function backoffMs(retry, policy, random = Math.random()) {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(step / 2 + step / 2 * random);
}
function retryAfterSeconds(value, now = Date.now()) {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1e3));
}
function sleep(ms, signal) {
  return new Promise((resolve4, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve4();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

// packages/sdk/src/request.ts
var MAX_DETAILS_CHARS = 2e3;
async function send(fetch, policy, call2, attempt) {
  const { signal, onRetry } = call2.options;
  for (let number = 1; ; number++) {
    let seen = null;
    const watched = async (request) => {
      seen = await fetch(request);
      return seen;
    };
    let error;
    let retryable;
    let waitMs = null;
    let reason;
    try {
      const outcome = await attempt(watched);
      if (outcome.ok) return outcome.value;
      const apiError = errorFromResponse(outcome.response, outcome.body);
      error = apiError;
      reason = apiError.code === "UNEXPECTED_RESPONSE" ? `HTTP_${apiError.status}` : apiError.code;
      retryable = isRetryable(apiError, call2.safe);
      if (apiError.retryAfter !== null) waitMs = apiError.retryAfter * 1e3;
    } catch (thrown) {
      if (signal?.aborted) throw signal.reason;
      if (thrown instanceof FigureApiError) throw thrown;
      if (thrown instanceof SyntaxError && seen !== null) {
        throw unexpected(seen, "The API answered with a body that is not JSON");
      }
      error = thrown instanceof Error ? thrown : new Error(String(thrown));
      reason = "NETWORK_ERROR";
      retryable = call2.safe;
    }
    const delayMs = waitMs ?? backoffMs(number, policy);
    if (!retryable || number > policy.maxRetries || delayMs > policy.maxRetryAfterMs) {
      if (reason !== "NETWORK_ERROR") throw error;
      throw new FigureApiConnectionError(
        `No answer from the Figure API after ${number} attempt${number === 1 ? "" : "s"}: ${error.message}`,
        { cause: error, attempts: number, idempotencyKey: call2.idempotencyKey }
      );
    }
    onRetry?.({ attempt: number + 1, delayMs, reason, error });
    await sleep(delayMs, signal);
  }
}
function isRetryable(error, safe) {
  if (error.status === 429) return true;
  if (error.status === 409) return error.code === "REQUEST_IN_PROGRESS";
  if (error.status >= 500) return safe && error.code !== "PROCESSING_FAILED";
  return false;
}
function errorFromResponse(response, body) {
  const requestId = response.headers.get("x-request-id");
  const retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
  const envelope = body;
  const inner = envelope?.error;
  if (envelope?.success === false && typeof inner?.code === "string" && typeof inner.message === "string") {
    const { code, message, ...rest } = inner;
    return new FigureApiError({
      code,
      status: response.status,
      message,
      requestId,
      details: Object.keys(rest).length > 0 ? rest : void 0,
      retryAfter
    });
  }
  const text = typeof body === "string" ? body : JSON.stringify(body ?? null);
  return new FigureApiError({
    code: "UNEXPECTED_RESPONSE",
    status: response.status,
    message: `The API answered ${response.status} without its error envelope`,
    requestId,
    details: text.slice(0, MAX_DETAILS_CHARS),
    retryAfter
  });
}
function dataOf(response, body) {
  const envelope = body;
  if (envelope?.success === true && envelope.data !== void 0) return envelope.data;
  throw unexpected(response, "The API answered without its success envelope");
}
function unexpected(response, message) {
  return new FigureApiError({
    code: "UNEXPECTED_RESPONSE",
    status: response.status,
    message,
    requestId: response.headers.get("x-request-id")
  });
}

// packages/sdk/src/version.ts
var SDK_VERSION = "1.0.0";

// packages/sdk/src/client.ts
var FigureApi = class {
  /** POST /figures. */
  figures;
  /** GET /credits. */
  credits;
  /** The account's API keys (/keys). */
  keys;
  #client;
  #fetch;
  #policy;
  #headers;
  constructor(options) {
    if (typeof options?.apiKey !== "string" || options.apiKey.length === 0) {
      throw new TypeError(
        `Expected a non-empty string for apiKey but received ${typeof options?.apiKey}`
      );
    }
    if (typeof options.baseUrl !== "string" || !/^https?:\/\//.test(options.baseUrl)) {
      throw new TypeError(
        `Expected an http(s) URL for baseUrl but received ${JSON.stringify(options.baseUrl)}`
      );
    }
    const maxRetries = options.maxRetries ?? 3;
    if (!Number.isInteger(maxRetries) || maxRetries < 0) {
      throw new TypeError(`Expected an integer ≥ 0 for maxRetries but received ${maxRetries}`);
    }
    this.#policy = {
      maxRetries,
      baseDelayMs: options.retryBaseDelayMs ?? 500,
      maxDelayMs: options.retryMaxDelayMs ?? 8e3,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 6e4
    };
    this.#fetch = options.fetch ?? ((request) => globalThis.fetch(request));
    this.#headers = { authorization: `Bearer ${options.apiKey}` };
    if (!("document" in globalThis)) {
      this.#headers["user-agent"] = options.userAgent ?? `figure-api-sdk/${SDK_VERSION}`;
    }
    this.#client = createClient({
      baseUrl: apiBase(options.baseUrl),
      headers: this.#headers
    });
    this.figures = {
      create: (input, callOptions = {}) => this.#paid(
        callOptions,
        (fetch, headers) => this.#client.POST("/figures", {
          body: input,
          headers,
          fetch,
          signal: callOptions.signal
        })
      )
    };
    this.credits = {
      get: (callOptions = {}) => this.#call(
        true,
        callOptions,
        (fetch) => this.#client.GET("/credits", { fetch, signal: callOptions.signal })
      )
    };
    this.keys = {
      // POST /keys takes no Idempotency-Key: a retry after a lost answer would create a second
      // key, so only answers that say the request did not run are retried.
      create: (input = {}, callOptions = {}) => this.#call(
        false,
        callOptions,
        (fetch) => this.#client.POST("/keys", { body: input, fetch, signal: callOptions.signal })
      ),
      list: (callOptions = {}) => this.#call(
        true,
        callOptions,
        (fetch) => this.#client.GET("/keys", { fetch, signal: callOptions.signal })
      ),
      // Revoking twice leaves the key revoked, so a lost answer may be retried; the retry then
      // gets 404 NOT_FOUND, because the key is no longer active.
      revoke: (id, callOptions = {}) => this.#call(
        true,
        callOptions,
        (fetch) => this.#client.DELETE("/keys/{id}", {
          params: { path: { id } },
          fetch,
          signal: callOptions.signal
        })
      )
    };
  }
  /** Turns an image into SVG, DXF or PDF vectors (POST /vectorize). */
  vectorize(input, options = {}) {
    return this.#image("/vectorize", input, options);
  }
  /** Upscales an image ×2 or ×4 and stamps its DPI (POST /enhance). */
  enhance(input, options = {}) {
    return this.#image("/enhance", input, options);
  }
  /** Exports a filing-ready PNG, TIFF or PDF at 300 or 600 DPI (POST /convert). */
  convert(input, options = {}) {
    return this.#image("/convert", input, options);
  }
  /**
   * Downloads a result file by its signed `url` (from any result). The API key is not sent: the
   * signature is the credential.
   * @returns the file's bytes
   * @throws FigureApiError 403 `URL_EXPIRED` or `INVALID_SIGNATURE`, 404 `NOT_FOUND`
   */
  download(url, options = {}) {
    return this.#download(url, options, async (response) => {
      return new Uint8Array(await response.arrayBuffer());
    });
  }
  /** Like download(), but returns the body as a stream once the answer's headers are in. */
  downloadStream(url, options = {}) {
    return this.#download(url, options, async (response) => {
      if (response.body === null) return new Blob([]).stream();
      return response.body;
    });
  }
  /** A paid POST: always with an Idempotency-Key, the same for every attempt of the call. */
  #paid(options, request) {
    const key = options.idempotencyKey ?? crypto.randomUUID();
    const headers = { "idempotency-key": key };
    return send(
      this.#fetch,
      this.#policy,
      { safe: true, idempotencyKey: key, options },
      (fetch) => request(fetch, headers).then((result) => {
        const outcome = outcomeOf(result);
        if (!outcome.ok) return outcome;
        const replayed = result.response.headers.get("idempotent-replayed") === "true";
        return { ok: true, value: { ...outcome.value, replayed } };
      })
    );
  }
  #call(safe, options, request) {
    return send(
      this.#fetch,
      this.#policy,
      { safe, idempotencyKey: null, options },
      (fetch) => request(fetch).then(outcomeOf)
    );
  }
  /** vectorize, enhance and convert: JSON for an imageUrl, multipart for a file. */
  async #image(path, input, options) {
    const { file, filename, imageUrl, ...fields } = input;
    if (typeof imageUrl === "string") {
      return this.#paid(
        options,
        (fetch, headers) => this.#client.POST(path, {
          body: { imageUrl, ...fields },
          headers,
          fetch,
          signal: options.signal
        })
      );
    }
    if (file === void 0 || file === null) {
      throw new TypeError(`Expected imageUrl or file for ${path.slice(1)} but received neither`);
    }
    const prepared = await prepareFile(file, filename);
    return this.#paid(options, (fetch, headers) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (value !== void 0 && value !== null) form.append(name, String(value));
      }
      form.append("file", prepared.blob, prepared.filename);
      return this.#client.POST(path, {
        body: form,
        headers,
        fetch,
        signal: options.signal
      });
    });
  }
  #download(url, options, read) {
    return send(
      this.#fetch,
      this.#policy,
      { safe: true, idempotencyKey: null, options },
      async (fetch) => {
        const headers = {};
        if (this.#headers["user-agent"]) headers["user-agent"] = this.#headers["user-agent"];
        const response = await fetch(new Request(url, { headers, signal: options.signal }));
        if (response.ok) return { ok: true, value: await read(response) };
        const text = await response.text();
        let body = text;
        try {
          body = JSON.parse(text);
        } catch {
        }
        return { ok: false, response, body };
      }
    );
  }
};
function outcomeOf(result) {
  if (result.response.ok) return { ok: true, value: dataOf(result.response, result.data) };
  return { ok: false, response: result.response, body: result.error };
}
function apiBase(baseUrl) {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return trimmed.endsWith("/v1") ? trimmed : `${trimmed}/v1`;
}

// packages/cli/src/config.ts
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

// packages/cli/src/exit-codes.ts
var EXIT = {
  /** Everything asked for was done. */
  OK: 0,
  /** At least one input failed (bad image, refused by the API, processing error); others may be done. */
  SOME_FAILED: 1,
  /** The command line is wrong: unknown option, bad value, no inputs matched. Nothing was sent. */
  USAGE: 2,
  /** No API key, or the key was refused (401). */
  AUTH: 3,
  /** The balance is lower than the cost: found before the batch or answered 402 by the API. */
  CREDITS: 4,
  /** The service could not be reached, or stayed unavailable (429 or 5xx after retries). */
  UNAVAILABLE: 5
};
var EXIT_CODE_HELP = `Exit codes:
  0  all inputs done
  1  some inputs failed (the others are done; see the summary)
  2  usage error: unknown option, bad value, no inputs (nothing was sent)
  3  authentication: no API key, or the key was refused
  4  insufficient credits (checked before a batch, or answered 402)
  5  network error, or the service stayed unavailable (429/5xx after retries)`;
var CliError = class extends Error {
  constructor(exitCode, message, refusal) {
    super(message);
    this.exitCode = exitCode;
    this.refusal = refusal;
  }
  exitCode;
  refusal;
  name = "CliError";
};
var usage = (message) => new CliError(EXIT.USAGE, message);

// packages/cli/src/config.ts
var DEFAULT_BASE_URL = "http://localhost:8787";
function configPath(env) {
  const root = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), ".config");
  return join(root, "figapi", "config.json");
}
async function readConfig(path) {
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return {};
    throw error;
  }
  try {
    const parsed = JSON.parse(text);
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error();
    const { apiKey, baseUrl } = parsed;
    return {
      ...typeof apiKey === "string" ? { apiKey } : {},
      ...typeof baseUrl === "string" ? { baseUrl } : {}
    };
  } catch {
    throw new CliError(
      EXIT.USAGE,
      `The config file ${path} is not valid JSON: run figapi login again or delete it`
    );
  }
}
async function writeConfig(path, config) {
  await mkdir(dirname(path), { recursive: true, mode: 448 });
  await writeFile(path, `${JSON.stringify(config, null, 2)}
`, { mode: 384 });
  await chmod(path, 384);
}
async function removeConfig(path) {
  try {
    await rm(path);
    return true;
  } catch (error) {
    if (error.code === "ENOENT") return false;
    throw error;
  }
}
function normalizeBaseUrl(url) {
  let trimmed = url.trim().replace(/\/+$/, "");
  if (/\/v1$/.test(trimmed)) trimmed = trimmed.slice(0, -3);
  try {
    const parsed = new URL(trimmed);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error();
  } catch {
    throw new CliError(EXIT.USAGE, `Expected an http(s) URL for the base URL but received ${url}`);
  }
  return trimmed;
}
async function resolveSettings(flags, env) {
  const path = configPath(env);
  const needFile = !flags.key || !flags.baseUrl;
  const stored = needFile ? await readConfig(path) : {};
  const envKey = env.FIGAPI_KEY?.trim() || void 0;
  const apiKey = flags.key ?? envKey ?? stored.apiKey;
  const apiKeySource = flags.key ? "--key" : envKey ? "FIGAPI_KEY" : stored.apiKey ? "config" : void 0;
  const baseUrl = normalizeBaseUrl(
    flags.baseUrl ?? (env.FIGAPI_BASE_URL?.trim() || void 0) ?? stored.baseUrl ?? DEFAULT_BASE_URL
  );
  return {
    ...apiKey ? { apiKey } : {},
    ...apiKeySource ? { apiKeySource } : {},
    baseUrl,
    configPath: path
  };
}

// packages/cli/src/context.ts
function client(ctx) {
  const { apiKey, baseUrl } = ctx.settings;
  if (!apiKey)
    throw new CliError(
      EXIT.AUTH,
      "No API key: set FIGAPI_KEY, pass --key, or run figapi login (keys: figapi keys create, or the web console)"
    );
  return new FigureApi({ apiKey, baseUrl });
}
function printJson(ctx, value) {
  ctx.io.stdout.write(`${JSON.stringify(value, null, 2)}
`);
}
function intChoice(value, allowed, option, fallback) {
  if (value === void 0) return fallback;
  const n = Number(value);
  if (!allowed.includes(n))
    throw usage(`Expected ${allowed.join(" or ")} for ${option} but received ${value}`);
  return n;
}
function wordChoice(value, allowed, option, fallback, aliases = {}) {
  if (value === void 0) return fallback;
  const word = value.toLowerCase();
  const found = aliases[word] ?? allowed.find((a) => a === word);
  if (!found) throw usage(`Expected ${allowed.join(" or ")} for ${option} but received ${value}`);
  return found;
}
function intRange(value, min, max, option, fallback) {
  if (value === void 0) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw usage(`Expected a whole number from ${min} to ${max} for ${option} but received ${value}`);
  return n;
}

// packages/cli/src/errors.ts
var FIELD_OPTIONS = {
  dpi: "--dpi",
  format: "--format",
  engine: "--engine",
  scale: "--scale",
  prompt: "the prompt argument",
  figure: "the --from file",
  output: "--svg",
  labeled: "--labeled",
  referenceImageUrls: "--ref",
  imageUrl: "the input URL",
  file: "the input file",
  name: "--name"
};
function insufficientMessage(balance, needed, need) {
  const fixes = ["top up"];
  if (need?.cheaper && (balance === null || need.cheaper.costEach * need.count <= balance))
    fixes.push(need.cheaper.advice);
  else if (need && balance !== null && need.count > 1 && balance >= need.costEach)
    fixes.push(`process at most ${Math.floor(balance / need.costEach)} inputs`);
  if (balance === null || needed === null)
    return `Not enough credits for this request: ${fixes.join(" or ")}`;
  return `balance ${balance}, this needs ${needed} credits: ${fixes.join(" or ")}`;
}
function optionHint(message) {
  for (const [field, option] of Object.entries(FIELD_OPTIONS)) {
    if (new RegExp(`\\b(?:for|field|fields)\\s+${field}\\b|^${field}\\b`).test(message))
      return ` (check ${option})`;
  }
  return "";
}
function describeError(error, baseUrl, need) {
  if (error instanceof CliError)
    return { ...error.refusal, exitCode: error.exitCode, message: error.message };
  if (error instanceof FigureApiError) {
    const base = {
      code: error.code,
      status: error.status,
      ...error.requestId ? { requestId: error.requestId } : {}
    };
    if (error.status === 401)
      return {
        ...base,
        exitCode: EXIT.AUTH,
        message: `The API key was refused (${error.code}): set FIGAPI_KEY or run figapi login`
      };
    if (error.status === 402) {
      const match = /needs (\d+) credits; the balance is (\d+)/.exec(error.message);
      return {
        ...base,
        exitCode: EXIT.CREDITS,
        message: insufficientMessage(
          match ? Number(match[2]) : null,
          match ? Number(match[1]) : null,
          need && { ...need, count: 1 }
        )
      };
    }
    if (error.status === 429 || error.status === 502 || error.status === 503 || error.status === 504)
      return {
        ...base,
        exitCode: EXIT.UNAVAILABLE,
        message: `The service is busy or unavailable (${error.status} ${error.code}) after retries: try again later or lower --concurrency`
      };
    if (error.status === 422)
      return {
        ...base,
        exitCode: EXIT.SOME_FAILED,
        message: `${error.message}: the URL must be a public http(s) image (or download it and pass the file)`
      };
    if (error.code === "PROMPT_NOT_UNDERSTOOD")
      return {
        ...base,
        exitCode: EXIT.SOME_FAILED,
        message: `${error.message} (rewrite the prompt, or send the structure itself with --from FILE)`
      };
    if (error.status === 400)
      return {
        ...base,
        exitCode: EXIT.SOME_FAILED,
        message: `${error.message}${optionHint(error.message)}`
      };
    return {
      ...base,
      exitCode: EXIT.SOME_FAILED,
      message: `${error.message} (${error.status} ${error.code})`
    };
  }
  if (error instanceof FigureApiConnectionError)
    return {
      exitCode: EXIT.UNAVAILABLE,
      message: `Could not reach ${baseUrl} (${error.message}): check --base-url or FIGAPI_BASE_URL, or start the service (npm run dev)`
    };
  if (error instanceof Error && error.name === "AbortError")
    return { exitCode: EXIT.SOME_FAILED, message: "Interrupted" };
  return {
    exitCode: EXIT.SOME_FAILED,
    message: error instanceof Error ? error.message : String(error)
  };
}
function failureError(failure, message = failure.message) {
  const { code, status, requestId } = failure;
  return new CliError(
    failure.exitCode,
    message,
    code !== void 0 && status !== void 0 ? { code, status, ...requestId ? { requestId } : {} } : void 0
  );
}
var STOPS_BATCH = /* @__PURE__ */ new Set([
  EXIT.AUTH,
  EXIT.CREDITS,
  EXIT.UNAVAILABLE
]);
function worstExit(codes) {
  const order = [
    EXIT.AUTH,
    EXIT.CREDITS,
    EXIT.UNAVAILABLE,
    EXIT.SOME_FAILED,
    EXIT.USAGE
  ];
  const all = new Set(codes);
  return order.find((c) => all.has(c)) ?? EXIT.OK;
}

// packages/cli/src/table.ts
function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells) => cells.map((cell, i) => i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}
var credits = (n) => `${n} credit${n === 1 ? "" : "s"}`;

// packages/cli/src/commands/account.ts
async function call(ctx, work) {
  try {
    return await work();
  } catch (error) {
    const failure = describeError(error, ctx.settings.baseUrl);
    if (failure.status === 404)
      throw failureError(
        { ...failure, exitCode: EXIT.SOME_FAILED },
        `${failure.message}: see figapi keys list`
      );
    throw failureError(failure);
  }
}
async function runCredits(ctx, args) {
  if (args.length) throw usage(`credits takes no arguments but received ${args.join(" ")}`);
  const api = client(ctx);
  const { balance } = await call(ctx, () => api.credits.get({ signal: ctx.signal }));
  if (ctx.json) printJson(ctx, { balance });
  else ctx.io.stdout.write(`${credits(balance)}
`);
  return EXIT.OK;
}
var keysOptions = { name: { type: "string", short: "n" } };
var day = (iso) => iso ? iso.slice(0, 16).replace("T", " ") : "never";
async function runKeys(ctx, values, args) {
  const [action, ...rest] = args;
  if (action === "create") {
    if (rest.length) throw usage(`keys create takes --name, not ${rest.join(" ")}`);
    const api = client(ctx);
    const name = typeof values.name === "string" ? values.name : void 0;
    const created = await call(
      ctx,
      () => api.keys.create(name ? { name } : {}, { signal: ctx.signal })
    );
    if (ctx.json) printJson(ctx, created);
    else {
      ctx.io.stderr.write(
        `Created ${created.id} (${created.name}). The key is shown only now: store it.
`
      );
      ctx.io.stdout.write(`${created.key}
`);
    }
    return EXIT.OK;
  }
  if (action === "list") {
    if (rest.length) throw usage(`keys list takes no arguments but received ${rest.join(" ")}`);
    const api = client(ctx);
    const { keys } = await call(ctx, () => api.keys.list({ signal: ctx.signal }));
    if (ctx.json) printJson(ctx, { keys });
    else
      ctx.io.stdout.write(
        `${table(
          ["id", "name", "key", "created", "last used"],
          keys.map((k) => [
            k.id,
            k.name,
            `${k.prefix}…${k.last4}`,
            day(k.createdAt),
            day(k.lastUsedAt)
          ])
        )}
`
      );
    return EXIT.OK;
  }
  if (action === "revoke") {
    if (rest.length !== 1) throw usage("keys revoke takes one key id (see figapi keys list)");
    const api = client(ctx);
    const revoked = await call(ctx, () => api.keys.revoke(rest[0], { signal: ctx.signal }));
    if (ctx.json) printJson(ctx, revoked);
    else ctx.io.stdout.write(`Revoked ${revoked.id} at ${revoked.revokedAt}
`);
    return EXIT.OK;
  }
  throw usage(
    action === void 0 ? "keys needs an action: create, list or revoke <id>" : `Expected create, list or revoke after keys but received ${action}`
  );
}
async function readKey(ctx) {
  const { stdin, stderr } = ctx.io;
  if (!stdin.isTTY) {
    let text = "";
    for await (const chunk of stdin) text += String(chunk);
    return text.split("\n")[0].trim();
  }
  stderr.write("API key: ");
  const rl = createInterface({ input: stdin, terminal: true });
  rl._writeToOutput = () => {
  };
  const key = await new Promise((resolve4) => rl.once("line", resolve4));
  rl.close();
  stderr.write("\n");
  return key.trim();
}
async function runLogin(ctx, values, args) {
  if (args.length) throw usage(`login takes --key and --base-url, not ${args.join(" ")}`);
  const key = typeof values.key === "string" ? values.key : await readKey(ctx);
  if (!key) throw new CliError(EXIT.AUTH, "No API key given: pass --key, or type or pipe it in");
  const { baseUrl, configPath: configPath2 } = ctx.settings;
  const api = new FigureApi({ apiKey: key, baseUrl });
  const { balance } = await call(ctx, () => api.credits.get({ signal: ctx.signal }));
  const stored = await readConfig(configPath2);
  await writeConfig(configPath2, { ...stored, apiKey: key, baseUrl });
  if (ctx.json) printJson(ctx, { configPath: configPath2, baseUrl, balance });
  else
    ctx.io.stdout.write(
      `Saved the key for ${baseUrl} to ${configPath2} (balance ${credits(balance)})
`
    );
  return EXIT.OK;
}
async function runLogout(ctx, args) {
  if (args.length) throw usage(`logout takes no arguments but received ${args.join(" ")}`);
  const removed = await removeConfig(ctx.settings.configPath);
  if (ctx.json) printJson(ctx, { removed, configPath: ctx.settings.configPath });
  else
    ctx.io.stdout.write(
      removed ? `Removed ${ctx.settings.configPath}
` : `No config file at ${ctx.settings.configPath}
`
    );
  return EXIT.OK;
}

// packages/cli/src/commands/figure.ts
import { access, readFile as readFile2 } from "node:fs/promises";
import { extname as extname2, resolve as resolve3 } from "node:path";

// packages/cli/src/files.ts
import { mkdir as mkdir2, rename, rm as rm2, writeFile as writeFile2 } from "node:fs/promises";
import { dirname as dirname2 } from "node:path";
async function saveFile(path, bytes) {
  await mkdir2(dirname2(path), { recursive: true });
  const temporary = `${path}.${process.pid}.part`;
  try {
    await writeFile2(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm2(temporary, { force: true });
    throw error;
  }
}

// src/operations/pricing.ts
var PRICES = {
  convertImage: { 300: 1, 600: 2 },
  vectorizeImage: 2,
  enhanceImage: { 2: 2, 4: 4 },
  generateFigure: { png: 10, svg: 8 }
};
var convertCost = (dpi) => PRICES.convertImage[dpi];
var vectorizeCost = () => PRICES.vectorizeImage;
var enhanceCost = (scale) => PRICES.enhanceImage[scale];
var figureCost = (output) => PRICES.generateFigure[output];

// packages/cli/src/batch.ts
async function runBatch(items, concurrency, work, stop = () => false) {
  const results = new Array(items.length).fill(void 0);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker)
  );
  return results;
}

// packages/cli/src/inputs.ts
import { stat } from "node:fs/promises";
import { basename, extname, join as join3, relative, resolve as resolve2 } from "node:path";

// packages/cli/src/glob.ts
import { readdir } from "node:fs/promises";
import { join as join2, resolve } from "node:path";
var hasMagic = (text) => /[*?[{]/.test(text);
var escapeRegExp = (text) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
function segmentSource(segment) {
  let source = "";
  for (let i = 0; i < segment.length; i++) {
    const ch = segment[i];
    if (ch === "*") source += "[^/]*";
    else if (ch === "?") source += "[^/]";
    else if (ch === "[") {
      const close = segment.indexOf("]", i + 2);
      if (close < 0) {
        source += "\\[";
        continue;
      }
      let body = segment.slice(i + 1, close);
      const negate = body.startsWith("!") || body.startsWith("^");
      if (negate) body = body.slice(1);
      source += `[${negate ? "^" : ""}${body.replace(/[\\\]]/g, "\\$&")}]`;
      i = close;
    } else if (ch === "{") {
      const close = segment.indexOf("}", i + 1);
      if (close < 0) {
        source += "\\{";
        continue;
      }
      const options = segment.slice(i + 1, close).split(",");
      source += `(?:${options.map(segmentSource).join("|")})`;
      i = close;
    } else source += escapeRegExp(ch);
  }
  return source;
}
function globToRegExp(pattern) {
  const segments = pattern.split("/").filter((s) => s !== "");
  let source = "";
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === "**") source += last ? ".*" : "(?:[^/]+/)*";
    else source += segmentSource(segment) + (last ? "" : "/");
  });
  return new RegExp(`^${source}$`);
}
function splitPattern(pattern) {
  const normalized = pattern.replace(/\\/g, "/");
  const segments = normalized.split("/");
  const firstMagic = segments.findIndex(hasMagic);
  if (firstMagic < 0) return { base: normalized, rest: "" };
  const baseSegments = segments.slice(0, firstMagic);
  const base = baseSegments.length === 0 ? "." : baseSegments.join("/") || "/";
  return { base, rest: segments.slice(firstMagic).join("/") };
}
async function expandGlob(pattern, cwd) {
  const { base, rest } = splitPattern(pattern);
  const matcher = globToRegExp(rest);
  const deep = rest.split("/").includes("**");
  const depth = deep ? Number.POSITIVE_INFINITY : rest.split("/").filter(Boolean).length;
  const root = resolve(cwd, base);
  const found = [];
  await walk(root, "", depth, (rel, path) => {
    if (matcher.test(rel)) found.push({ path, rel });
  });
  return found.sort((a, b) => a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0);
}
async function walk(dir, rel, depth, visit) {
  if (depth < 1) return;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const childRel = rel ? `${rel}/${entry.name}` : entry.name;
    const childPath = join2(dir, entry.name);
    if (entry.isDirectory()) await walk(childPath, childRel, depth - 1, visit);
    else if (entry.isFile()) visit(childRel, childPath);
  }
}

// packages/cli/src/inputs.ts
var IMAGE_EXTENSIONS = /* @__PURE__ */ new Set([".png", ".jpg", ".jpeg", ".webp", ".tif", ".tiff"]);
var OUTPUT_NAME = /\.(?:300dpi|600dpi|lineart|trace|x2|x4)\.[a-z]+$/i;
var isUrl = (text) => /^https?:\/\//i.test(text);
var isImageName = (name) => IMAGE_EXTENSIONS.has(extname(name).toLowerCase()) && !OUTPUT_NAME.test(name);
function urlName(url) {
  let name = "";
  try {
    const segment = new URL(url).pathname.split("/").filter(Boolean).pop() ?? "";
    name = decodeURIComponent(segment);
  } catch {
    name = "";
  }
  name = name.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^\.+/, "");
  return name || "image";
}
async function expandInputs(args, options) {
  const inputs = [];
  const seen = /* @__PURE__ */ new Set();
  const add = (input) => {
    const id = input.kind === "file" ? input.path : input.url;
    if (seen.has(id)) return;
    seen.add(id);
    inputs.push(input);
  };
  for (const arg of args) {
    if (isUrl(arg)) {
      add({ kind: "url", url: arg, rel: urlName(arg), label: arg });
      continue;
    }
    const path = resolve2(options.cwd, arg);
    const info = await stat(path).catch(() => null);
    if (info?.isFile()) {
      add({ kind: "file", path, rel: basename(path), label: arg });
      continue;
    }
    if (info?.isDirectory()) {
      const found = [];
      await walk(path, "", options.recursive ? Number.POSITIVE_INFINITY : 1, (rel, file) => {
        if (isImageName(basename(rel)))
          found.push({ kind: "file", path: file, rel, label: join3(arg, rel) });
      });
      if (found.length === 0)
        throw usage(
          `No PNG, JPEG, WebP or TIFF files in the folder ${arg}${options.recursive ? "" : " (add --recursive to look in its sub-folders)"}`
        );
      found.sort((a, b) => a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0).forEach(add);
      continue;
    }
    if (hasMagic(arg)) {
      const matches = (await expandGlob(arg, options.cwd)).filter(
        (m) => isImageName(basename(m.rel))
      );
      if (matches.length === 0) throw usage(`No image files match ${arg}`);
      for (const m of matches)
        add({ kind: "file", path: m.path, rel: m.rel, label: relative(options.cwd, m.path) });
      continue;
    }
    throw usage(`No such file or folder: ${arg}`);
  }
  return inputs;
}
function outputPathFor(input, naming) {
  if (naming.output !== void 0) {
    const output = resolve2(naming.cwd, naming.output);
    if (input.kind === "file" && output === input.path)
      throw usage(`-o ${naming.output} would overwrite the input: choose another name`);
    return output;
  }
  const rel = input.rel;
  const stem = rel.slice(0, rel.length - extname(rel).length) || rel;
  const name = `${stem}${naming.suffix}.${naming.extension}`;
  if (naming.outDir !== void 0) return resolve2(naming.cwd, naming.outDir, name);
  if (input.kind === "url") return resolve2(naming.cwd, name);
  return join3(input.path.slice(0, input.path.length - rel.length), name);
}

// packages/cli/src/progress.ts
var silentProgress = {
  start() {
  },
  done() {
  },
  retry() {
  },
  finish() {
  }
};
function lineProgress(stream) {
  return {
    start() {
    },
    done(o) {
      const replay = o.replayed ? ", replayed" : "";
      const spent = o.credits === void 0 ? "" : ` (${credits(o.credits)}${replay})`;
      stream.write(
        o.ok ? `ok      ${o.label} -> ${o.detail}${spent}
` : `failed  ${o.label}: ${o.detail}
`
      );
    },
    retry(label, info) {
      stream.write(
        `retry   ${label}: ${info.reason}, attempt ${info.attempt} in ${(info.delayMs / 1e3).toFixed(1)} s
`
      );
    },
    finish() {
    }
  };
}
function barProgress(stream, total) {
  let finished = 0;
  let failed = 0;
  const running = [];
  const draw = () => {
    const width = 24;
    const filled = total === 0 ? width : Math.round(finished / total * width);
    const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}]`;
    const failures = failed ? `  ${failed} failed` : "";
    let line = `${bar} ${finished}/${total}${failures}  ${running.join(", ")}`;
    const columns = stream.columns || 80;
    if (line.length > columns - 1) line = `${line.slice(0, columns - 2)}…`;
    stream.write(`\r\x1B[K${line}`);
  };
  return {
    start(label) {
      running.push(label);
      draw();
    },
    done(o) {
      finished++;
      if (!o.ok) {
        failed++;
        stream.write(`\r\x1B[Kfailed  ${o.label}: ${o.detail}
`);
      }
      const at = running.indexOf(o.label);
      if (at >= 0) running.splice(at, 1);
      draw();
    },
    retry(label, info) {
      stream.write(
        `\r\x1B[Kretry   ${label}: ${info.reason}, in ${(info.delayMs / 1e3).toFixed(1)} s
`
      );
      draw();
    },
    finish() {
      stream.write("\r\x1B[K");
    }
  };
}

// packages/cli/src/commands/image.ts
var BATCH_OPTIONS = {
  output: { type: "string", short: "o" },
  "out-dir": { type: "string" },
  concurrency: { type: "string" },
  recursive: { type: "boolean", short: "r" },
  "no-check": { type: "boolean" }
};
var str = (v) => typeof v === "string" ? v : void 0;
var FORMAT_OF_EXTENSION = {
  png: "png",
  tif: "tiff",
  tiff: "tiff",
  pdf: "pdf",
  svg: "svg",
  dxf: "dxf"
};
var impliedFormat = (values) => {
  const output = str(values.output);
  const extension = output?.split(".").pop()?.toLowerCase();
  return str(values.format) ?? (extension ? FORMAT_OF_EXTENSION[extension] : void 0);
};
var convert = {
  name: "convert",
  options: {
    format: { type: "string", short: "f" },
    dpi: { type: "string" },
    mode: { type: "string" },
    page: { type: "string" }
  },
  plan(values) {
    const implied = impliedFormat(values);
    const format = wordChoice(
      implied && ["png", "tiff", "pdf"].includes(implied) ? implied : str(values.format),
      ["png", "tiff", "pdf"],
      "--format",
      "png",
      { tif: "tiff" }
    );
    const dpi = intChoice(str(values.dpi), [300, 600], "--dpi", 300);
    const mode = wordChoice(
      str(values.mode),
      ["auto", "bilevel", "gray"],
      "--mode",
      "auto"
    );
    const page = str(values.page);
    if (page !== void 0 && format !== "pdf")
      throw usage("--page applies to PDF only: add --format pdf");
    const fields = { format, dpi, mode };
    if (page !== void 0)
      fields.page = wordChoice(page, ["a4", "letter"], "--page", "a4");
    return {
      fields,
      costEach: convertCost(dpi),
      ...dpi === 600 ? { cheaper: { advice: "use --dpi 300", costEach: convertCost(300) } } : {},
      suffix: `.${dpi}dpi`,
      extension: format === "tiff" ? "tif" : format
    };
  },
  call: (api, input, options) => api.convert(input, options)
};
var vectorize = {
  name: "vectorize",
  options: {
    format: { type: "string", short: "f" },
    engine: { type: "string", short: "e" }
  },
  plan(values) {
    const implied = impliedFormat(values);
    const format = wordChoice(
      implied && ["svg", "dxf", "pdf"].includes(implied) ? implied : str(values.format),
      ["svg", "dxf", "pdf"],
      "--format",
      "svg"
    );
    const engine = wordChoice(
      str(values.engine),
      ["lineart", "trace"],
      "--engine",
      "lineart"
    );
    return {
      fields: { format, engine },
      costEach: vectorizeCost(),
      suffix: `.${engine}`,
      extension: format
    };
  },
  call: (api, input, options) => api.vectorize(input, options)
};
var enhance = {
  name: "enhance",
  options: {
    scale: { type: "string", short: "s" },
    dpi: { type: "string" }
  },
  plan(values) {
    const scale = intChoice(str(values.scale), [2, 4], "--scale", 2);
    const dpi = intChoice(str(values.dpi), [300, 600], "--dpi", 300);
    return {
      fields: { scale, dpi },
      costEach: enhanceCost(scale),
      ...scale === 4 ? { cheaper: { advice: "use --scale 2", costEach: enhanceCost(2) } } : {},
      suffix: `.x${scale}`,
      extension: "png"
    };
  },
  call: (api, input, options) => api.enhance(input, options)
};
async function ensureCredits(ctx, api, need) {
  let balance;
  try {
    balance = (await api.credits.get({ signal: ctx.signal })).balance;
  } catch (error) {
    throw failureError(describeError(error, ctx.settings.baseUrl));
  }
  const needed = need.count * need.costEach;
  if (balance < needed) throw new CliError(EXIT.CREDITS, insufficientMessage(balance, needed, need));
}
function progressFor(ctx, total) {
  if (ctx.json) return silentProgress;
  return ctx.io.stderr.isTTY ? barProgress(ctx.io.stderr, total) : lineProgress(ctx.io.stderr);
}
async function runImageCommand(ctx, command, values, args) {
  const plan = command.plan(values);
  if (args.length === 0)
    throw usage(
      `${command.name} needs at least one input: a file, folder, glob or URL (see figapi help ${command.name})`
    );
  const output = str(values.output);
  const outDir = str(values["out-dir"]);
  if (output !== void 0 && outDir !== void 0) throw usage("Use -o or --out-dir, not both");
  const concurrency = intRange(str(values.concurrency), 1, 16, "--concurrency", 2);
  const inputs = await expandInputs(args, { cwd: ctx.io.cwd, recursive: values.recursive === true });
  if (output !== void 0 && inputs.length > 1)
    throw usage(
      `-o names one output file but there are ${inputs.length} inputs: use --out-dir instead`
    );
  const naming = {
    suffix: plan.suffix,
    extension: plan.extension,
    cwd: ctx.io.cwd,
    ...output === void 0 ? {} : { output },
    ...outDir === void 0 ? {} : { outDir }
  };
  const outputs = inputs.map((input) => outputPathFor(input, naming));
  const api = client(ctx);
  const need = {
    count: inputs.length,
    costEach: plan.costEach,
    ...plan.cheaper ? { cheaper: plan.cheaper } : {}
  };
  if (values["no-check"] !== true) await ensureCredits(ctx, api, need);
  const progress = progressFor(ctx, inputs.length);
  let stopped;
  const results = await runBatch(
    inputs,
    concurrency,
    async (input, index) => {
      const target = outputs[index];
      progress.start(input.label);
      let result;
      try {
        result = await command.call(
          api,
          { ...sourceOf(input), ...plan.fields },
          { signal: ctx.signal, onRetry: (info) => progress.retry(input.label, info) }
        );
        await saveFile(target, await api.download(result.url, { signal: ctx.signal }));
      } catch (error) {
        const failure = describeError(error, ctx.settings.baseUrl, need);
        const message = result ? `${failure.message}; the result was made and charged, download it from ${result.url}` : failure.message;
        if (STOPS_BATCH.has(failure.exitCode) && !stopped) stopped = { ...failure, message };
        progress.done({ label: input.label, ok: false, detail: message });
        return {
          input: input.label,
          status: "failed",
          exitCode: failure.exitCode,
          ...result ? { creditsConsumed: result.creditsConsumed, data: result } : {},
          error: {
            message,
            ...failure.code ? { code: failure.code } : {},
            ...failure.status ? { status: failure.status } : {},
            ...failure.requestId ? { requestId: failure.requestId } : {}
          }
        };
      }
      progress.done({
        label: input.label,
        ok: true,
        detail: displayPath(ctx, target),
        credits: result.creditsConsumed,
        replayed: result.replayed
      });
      return {
        input: input.label,
        status: "ok",
        output: target,
        creditsConsumed: result.creditsConsumed,
        data: result
      };
    },
    () => stopped !== void 0 || ctx.signal.aborted
  );
  progress.finish();
  const rows = results.map((row, i) => row ?? { input: inputs[i].label, status: "skipped" });
  const exitCode = worstExit(rows.flatMap((r) => r.exitCode === void 0 ? [] : [r.exitCode]));
  const spent = rows.reduce((sum, r) => sum + (r.creditsConsumed ?? 0), 0);
  const skipped = rows.filter((r) => r.status === "skipped").length;
  if (ctx.json) {
    printJson(ctx, {
      ok: exitCode === EXIT.OK,
      exitCode,
      creditsConsumed: spent,
      results: rows.map(({ exitCode: _, ...row }) => row)
    });
  } else {
    ctx.io.stdout.write(
      `${table(
        ["file", "status", "credits", "output"],
        rows.map((r) => [
          r.input,
          r.status,
          r.creditsConsumed === void 0 ? "-" : String(r.creditsConsumed),
          r.output ? displayPath(ctx, r.output) : r.error?.message ?? ""
        ])
      )}
`
    );
    const done = rows.filter((r) => r.status === "ok").length;
    const failed = rows.filter((r) => r.status === "failed").length;
    ctx.io.stdout.write(
      `${done} done, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}; ${credits(spent)} used
`
    );
  }
  if (stopped)
    ctx.io.stderr.write(
      `figapi: ${stopped.message}${skipped ? ` (${skipped} inputs not started)` : ""}
`
    );
  return exitCode;
}
var sourceOf = (input) => input.kind === "url" ? { imageUrl: input.url } : { file: input.path, filename: input.rel.split("/").pop() ?? input.rel };
function displayPath(ctx, path) {
  const prefix = ctx.io.cwd.endsWith("/") ? ctx.io.cwd : `${ctx.io.cwd}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

// packages/cli/src/commands/figure.ts
var figureOptions = {
  labeled: { type: "boolean", short: "l" },
  svg: { type: "boolean" },
  ref: { type: "string", multiple: true },
  from: { type: "string" },
  structure: { type: "string" },
  output: { type: "string", short: "o" },
  "out-dir": { type: "string" },
  "no-check": { type: "boolean" }
};
var exists = (path) => access(path).then(
  () => true,
  () => false
);
function sheetPaths(path, labels) {
  if (labels.length <= 1) return [path];
  const extension = extname2(path);
  const stem = path.slice(0, path.length - extension.length);
  const suffixes = labels.map((label, i) => {
    const tail = /^FIG\.\s*\d+(.*)$/i.exec(label.trim())?.[1] ?? "";
    const suffix = tail.replace(/^-/, "").replace(/[^A-Za-z0-9-]/g, "");
    return suffix || letterAt(i);
  });
  const unique = new Set(suffixes).size === suffixes.length;
  return labels.map((_, i) => `${stem}-${unique ? suffixes[i] : letterAt(i)}${extension}`);
}
function letterAt(index) {
  const letter = String.fromCharCode(65 + index % 26);
  return index < 26 ? letter : `${letterAt(Math.floor(index / 26) - 1)}${letter}`;
}
async function freeName(dir, extension, labels) {
  for (let n = 1; ; n++) {
    const path = resolve3(dir, `figure${n === 1 ? "" : `-${n}`}.${extension}`);
    const taken = await Promise.all([path, ...sheetPaths(path, labels)].map(exists));
    if (!taken.includes(true)) return path;
  }
}
async function readStdin(stdin) {
  const chunks = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
async function readStructure(cwd, file) {
  let text;
  try {
    text = await readFile2(resolve3(cwd, file), "utf8");
  } catch (error) {
    const code = error.code;
    throw usage(
      `Could not read --from ${file}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : error.message}`
    );
  }
  let json;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw usage(`--from ${file} is not valid JSON: ${jsonProblem(text, error)}`);
  }
  const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
  const candidates = isObject(json) ? [json, json.figure, isObject(json.data) ? json.data.figure : void 0] : [];
  const found = candidates.find((c) => isObject(c) && Array.isArray(c.elements));
  if (!found)
    throw usage(
      `Expected a figure structure in --from ${file} (an object with kind, elements and connections, as --structure writes it) but received ${Array.isArray(json) ? "a list" : isObject(json) ? "an object without elements" : typeof json}`
    );
  return found;
}
function jsonProblem(text, error) {
  const message = error.message.replace(/\.$/, "");
  const at = /at position (\d+)/.exec(message);
  if (!at || /line \d+/.test(message)) return message;
  const before = text.slice(0, Number(at[1]));
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return `${message} (line ${line}, column ${column})`;
}
async function runFigure(ctx, values, args) {
  const refs = (values.ref ?? []).map(String);
  let prompt = args.join(" ").trim();
  if (prompt === "-") prompt = (await readStdin(ctx.io.stdin)).trim();
  const from = typeof values.from === "string" ? values.from : void 0;
  if (!prompt && refs.length === 0 && from === void 0)
    throw usage(
      'figure needs a prompt ("a system 100 comprising ..."), a structure (--from figure.json) or at least one --ref URL'
    );
  if (refs.length > 4) throw usage(`Expected at most 4 --ref URLs but received ${refs.length}`);
  for (const ref of refs)
    if (!/^https?:\/\//i.test(ref))
      throw usage(`Expected an http(s) URL for --ref but received ${ref}`);
  const format = values.svg === true ? "svg" : "png";
  const output = typeof values.output === "string" ? values.output : void 0;
  const outDir = typeof values["out-dir"] === "string" ? values["out-dir"] : void 0;
  if (output !== void 0 && outDir !== void 0) throw usage("Use -o or --out-dir, not both");
  const structurePath = typeof values.structure === "string" ? resolve3(ctx.io.cwd, values.structure) : void 0;
  const figure = from === void 0 ? void 0 : await readStructure(ctx.io.cwd, from);
  const api = client(ctx);
  const need = {
    count: 1,
    costEach: figureCost(format),
    ...format === "png" ? { cheaper: { advice: "use --svg", costEach: figureCost("svg") } } : {}
  };
  if (values["no-check"] !== true) await ensureCredits(ctx, api, need);
  const input = {
    ...prompt ? { prompt } : {},
    ...figure ? { figure } : {},
    ...refs.length ? { referenceImageUrls: refs } : {},
    output: format,
    labeled: values.labeled === true
  };
  let result;
  try {
    result = await api.figures.create(input, {
      signal: ctx.signal,
      onRetry: (info) => ctx.json || ctx.io.stderr.write(
        `retry   figure: ${info.reason}, in ${(info.delayMs / 1e3).toFixed(1)} s
`
      )
    });
  } catch (error) {
    throw failureError(describeError(error, ctx.settings.baseUrl, need));
  }
  const sheets = result.sheets?.length ? result.sheets : [{ url: result.url, label: "", ...result.svg === void 0 ? {} : { svg: result.svg } }];
  const labels = sheets.map((s) => s.label);
  const target = output !== void 0 ? resolve3(ctx.io.cwd, output) : await freeName(resolve3(ctx.io.cwd, outDir ?? "."), format, labels);
  const paths = sheetPaths(target, labels);
  try {
    for (const [i, sheet] of sheets.entries()) {
      const bytes = sheet.svg ?? await api.download(sheet.url, { signal: ctx.signal });
      await saveFile(paths[i], bytes);
    }
    if (structurePath !== void 0 && result.figure)
      await saveFile(structurePath, `${JSON.stringify(result.figure, null, 2)}
`);
  } catch (error) {
    const failure = describeError(error, ctx.settings.baseUrl);
    throw failureError(
      failure,
      `${failure.message}; the figure was made and charged, download it from ${sheets.map((s) => s.url).join(" ")}`
    );
  }
  const structureSaved = structurePath !== void 0 && result.figure !== void 0;
  if (structurePath !== void 0 && !structureSaved)
    ctx.io.stderr.write(
      `note: ${displayPath(ctx, structurePath)} not written: a ${result.method} figure has no structure (drafted block diagrams and flowcharts have one)
`
    );
  if (ctx.json) {
    printJson(ctx, {
      ok: true,
      exitCode: EXIT.OK,
      output: paths[0],
      sheets: sheets.map((s, i) => ({ label: s.label, output: paths[i] })),
      ...structureSaved ? { structure: structurePath } : {},
      creditsConsumed: result.creditsConsumed,
      data: result
    });
    return EXIT.OK;
  }
  for (const warning of result.warnings ?? []) ctx.io.stderr.write(`warning: ${warning}
`);
  const made = `(${result.method ?? "figure"}, ${credits(result.creditsConsumed)}${result.replayed ? ", replayed" : ""})`;
  if (sheets.length === 1) ctx.io.stdout.write(`${displayPath(ctx, paths[0])}  ${made}
`);
  else
    ctx.io.stdout.write(
      `${sheets.length} sheets  ${made}
${table(
        ["sheet", "file"],
        sheets.map((s, i) => [s.label, displayPath(ctx, paths[i])])
      )}
`
    );
  if (structureSaved)
    ctx.io.stdout.write(
      `${displayPath(ctx, structurePath)}  (the structure drawn: edit it, then figapi figure --from ${displayPath(ctx, structurePath)})
`
    );
  if (result.references?.length)
    ctx.io.stdout.write(
      `${table(
        ["numeral", "label"],
        result.references.map((r) => [r.numeral, r.label])
      )}
`
    );
  return EXIT.OK;
}

// packages/cli/src/help.ts
var GLOBAL = `Options for every command:
  --key KEY         API key (else FIGAPI_KEY, else the config file from figapi login)
  --base-url URL    service address (else FIGAPI_BASE_URL, else the config file, else ${DEFAULT_BASE_URL})
  --json            machine-readable results on stdout, no progress
  -h, --help        help for the command`;
var INPUTS = `Inputs: files, folders (their PNG/JPEG/WebP/TIFF files; -r for sub-folders), globs
("scans/**/*.png", quoted so the shell leaves them), and http(s) URLs (the API fetches them).
Folders and globs skip hidden files and figapi's own outputs (*.600dpi.tif, *.lineart.svg, *.x4.png).
Each result is saved next to its input as NAME.SUFFIX.EXT; an input is never overwritten.
  -o, --output FILE     the output file (one input only)
  --out-dir DIR         save outputs under DIR (keeping their paths below the folder or glob)
  --concurrency N       requests in flight, 1-16 (default 2)
  -r, --recursive       look in sub-folders of folder inputs
  --no-check            skip the balance check before the batch (the API still answers 402)
Before the batch its cost is compared with the balance (GET /credits); nothing is sent if it is short.`;
var COMMAND_HELP = {
  convert: `figapi convert INPUT... [--format png|tiff|pdf] [--dpi 300|600] [--mode auto|bilevel|gray] [--page a4|letter]

Filing-ready raster files. Output: NAME.300dpi.png, NAME.600dpi.tif, NAME.300dpi.pdf, ...
  -f, --format   png (default), tiff or pdf; -o out.tif alone implies tiff
  --dpi          300 (default, 2K preset) or 600 (4K preset)
  --mode         auto (default), bilevel (1-bit) or gray
  --page         a4 (default) or letter, PDF only
Price: ${PRICES.convertImage[300]} credit at 300 DPI, ${PRICES.convertImage[600]} at 600 DPI.

${INPUTS}

Example: figapi convert drawing.png --format tiff --dpi 600 -o out.tif`,
  vectorize: `figapi vectorize INPUT... [--engine lineart|trace] [--format svg|dxf|pdf]

Raster to vector. Output: NAME.lineart.svg, NAME.trace.dxf, ...
  -e, --engine   lineart (default, single-stroke centerlines) or trace (filled outlines)
  -f, --format   svg (default), dxf or pdf
Price: ${PRICES.vectorizeImage} credits.

${INPUTS}

Example: figapi vectorize sketch.jpg --engine lineart --format dxf`,
  enhance: `figapi enhance INPUT... [--scale 2|4] [--dpi 300|600]

Super-resolution upscaling to PNG. Output: NAME.x2.png or NAME.x4.png
  -s, --scale    2 (default) or 4
  --dpi          300 (default) or 600, stamped in the PNG
Price: ${PRICES.enhanceImage[2]} credits at x2, ${PRICES.enhanceImage[4]} at x4.

${INPUTS}

Example: figapi enhance scan.png --scale 4 --dpi 600`,
  figure: `figapi figure ["PROMPT"] [--from FILE] [--labeled] [--svg] [--ref URL]... [-o FILE | --out-dir DIR] [--structure FILE]

A patent figure from a prompt, a structure file, reference image URLs (up to 4), or a prompt with
either. PROMPT "-" reads stdin. Saved as figure.png / figure.svg (figure-2.svg, ... when taken) or
at -o; a figure continued over several sheets is saved one file per sheet, named after each
sheet's legend (FIG. 2A, FIG. 2B -> fig2-A.png, fig2-B.png for -o fig2.png) and listed.
  -l, --labeled      reference numerals with lead lines (listed after the file name)
  --svg              stroke-only SVG instead of a 1-bit PNG
  --ref URL          a public image URL to draw from (repeat up to 4 times)
  --from FILE        draw the structure in FILE (JSON, as --structure writes it), exactly as
                     written; with a PROMPT too, what the prompt does not say is warned about
  --structure FILE   save the structure drawn (elements, numerals, connections) as JSON, to
                     correct and send back with --from
  --no-check         skip the balance check before the request (the API still answers 402)
Warnings (drawing rules not fully met, inputs not used) go to stderr.
Price: ${PRICES.generateFigure.png} credits for PNG, ${PRICES.generateFigure.svg} for SVG.

Examples:
  figapi figure "A system 100 comprising a processor 102 coupled to a memory 104." --labeled --svg
  figapi figure "A method 200 comprising: ..." --labeled -o fig2.png --structure fig2.json
  figapi figure --from fig2.json --labeled -o fig2.png     # after editing fig2.json`,
  credits: `figapi credits

Prints the credit balance.`,
  keys: `figapi keys create [--name NAME] | list | revoke ID

The account's API keys. create prints the new key on stdout (shown once only; notes go to
stderr, so KEY=$(figapi keys create --name ci) works); list shows prefix, name, created and last
used; revoke stops a key at once (its next request gets 401).`,
  login: `figapi login [--key KEY] [--base-url URL]

Checks the key (GET /credits) and stores it with the base URL in
$XDG_CONFIG_HOME/figapi/config.json (else ~/.config/figapi/config.json), readable by you only
(mode 0600). Without --key it asks for the key (or reads it from a pipe).
figapi logout deletes that file.`,
  logout: `figapi logout

Deletes the config file figapi login wrote.`
};
var OVERVIEW = `figapi: the Figure API from the command line

Commands:
  figapi convert INPUT... [--format png|tiff|pdf] [--dpi 300|600]     filing-ready PNG/TIFF/PDF
  figapi vectorize INPUT... [--engine lineart|trace] [--format svg|dxf|pdf]
  figapi enhance INPUT... [--scale 2|4] [--dpi 300|600]               super-resolution PNG
  figapi figure "PROMPT" [--from FILE] [--ref URL]... [--labeled]     a patent figure
  figapi credits                                                      the balance
  figapi keys create [--name NAME] | list | revoke ID                 API keys
  figapi login [--key KEY] | logout                                   store or forget the key
  figapi help [COMMAND]                                               this text, or a command's
  figapi --version

${GLOBAL}

The key: --key, else FIGAPI_KEY, else figapi login's config file.
The service: --base-url, else FIGAPI_BASE_URL, else the config file, else ${DEFAULT_BASE_URL}
(the local service from npm run dev).

${EXIT_CODE_HELP}`;
function helpText(command) {
  if (command === void 0) return OVERVIEW;
  const text = COMMAND_HELP[command];
  return text === void 0 ? void 0 : `${text}

${GLOBAL}

${EXIT_CODE_HELP}`;
}

// packages/cli/src/cli.ts
var VERSION = true ? "1.0.0" : "0.0.0-dev";
var GLOBAL_OPTIONS = {
  key: { type: "string" },
  "base-url": { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" }
};
var IMAGE_COMMANDS = { convert, vectorize, enhance };
var COMMAND_OPTIONS = {
  convert: { ...convert.options, ...BATCH_OPTIONS },
  vectorize: { ...vectorize.options, ...BATCH_OPTIONS },
  enhance: { ...enhance.options, ...BATCH_OPTIONS },
  figure: figureOptions,
  credits: {},
  keys: keysOptions,
  login: {},
  logout: {},
  help: {}
};
var ALL_OPTIONS = Object.assign({}, GLOBAL_OPTIONS, ...Object.values(COMMAND_OPTIONS));
function findCommand(argv) {
  const { tokens } = parseArgs({
    args: [...argv],
    options: ALL_OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true
  });
  return tokens.find((t) => t.kind === "positional")?.value;
}
function parseProblem(error) {
  const option = /'(-[^' ]*)/.exec(error.message)?.[1];
  const code = error.code;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option) return `Unknown option ${option}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option)
    return `Option ${option} ${/argument missing/.test(error.message) ? "needs a value" : "takes no value"}`;
  return error.message.split("\n")[0].replace(/\.$/, "");
}
async function run(argv, io, signal) {
  let json = argv.includes("--json");
  try {
    const command = findCommand(argv);
    if (command !== void 0 && !(command in COMMAND_OPTIONS))
      throw usage(`Unknown command ${command}: see figapi help`);
    let parsed;
    try {
      parsed = parseArgs({
        args: [...argv],
        options: { ...GLOBAL_OPTIONS, ...command ? COMMAND_OPTIONS[command] : {} },
        strict: true,
        allowPositionals: true
      });
    } catch (error) {
      throw usage(`${parseProblem(error)}: see figapi help${command ? ` ${command}` : ""}`);
    }
    const values = parsed.values;
    json = values.json === true;
    const args = parsed.positionals.slice(1);
    if (values.version) {
      io.stdout.write(`${VERSION}
`);
      return EXIT.OK;
    }
    if (command === void 0 || command === "help" || values.help) {
      const topic = command === "help" ? args[0] : command;
      const text = helpText(topic);
      if (text === void 0) throw usage(`No help for ${topic}: see figapi help`);
      (command === void 0 && !values.help ? io.stderr : io.stdout).write(`${text}
`);
      return command === void 0 && !values.help ? EXIT.USAGE : EXIT.OK;
    }
    const settings = await resolveSettings(
      {
        ...typeof values.key === "string" ? { key: values.key } : {},
        ...typeof values["base-url"] === "string" ? { baseUrl: values["base-url"] } : {}
      },
      io.env
    );
    const ctx = { io, json, settings, signal };
    const image = IMAGE_COMMANDS[command];
    if (image) return await runImageCommand(ctx, image, values, args);
    switch (command) {
      case "figure":
        return await runFigure(ctx, values, args);
      case "credits":
        return await runCredits(ctx, args);
      case "keys":
        return await runKeys(ctx, values, args);
      case "login":
        return await runLogin(ctx, values, args);
      case "logout":
        return await runLogout(ctx, args);
    }
    throw usage(`Unknown command ${command}: see figapi help`);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    io.stderr.write(`figapi: ${error.message}
`);
    if (json)
      io.stdout.write(
        `${JSON.stringify({ ok: false, exitCode: error.exitCode, error: { ...error.refusal, message: error.message } }, null, 2)}
`
      );
    return error.exitCode;
  }
}

// packages/cli/src/main.ts
var WIND_DOWN_MS = 2e3;
var controller = new AbortController();
process.once("SIGINT", () => {
  controller.abort();
  process.once("SIGINT", () => process.exit(130));
});
var readerGone = false;
function onStreamError(error) {
  if (error.code !== "EPIPE") throw error;
  if (readerGone) return;
  readerGone = true;
  process.exitCode = EXIT.OK;
  controller.abort();
  setTimeout(() => process.exit(EXIT.OK), WIND_DOWN_MS).unref();
}
process.stdout.on("error", onStreamError);
process.stderr.on("error", onStreamError);
run(
  process.argv.slice(2),
  {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd()
  },
  controller.signal
).then(
  (code) => {
    process.exitCode = readerGone ? EXIT.OK : code;
  },
  (error) => {
    if (readerGone) return;
    process.stderr.write(
      `figapi: unexpected error: ${error instanceof Error ? error.stack ?? error.message : String(error)}
`
    );
    process.exitCode = 1;
  }
);
