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
      "Deeply-nested arrays/objects aren\u2019t supported. Provide your own `querySerializer()` to handle these."
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
  return new Promise((resolve, reject) => {
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
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

// packages/sdk/src/request.ts
var MAX_DETAILS_CHARS = 2e3;
async function send(fetch, policy, call, attempt) {
  const { signal, onRetry } = call.options;
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
      retryable = isRetryable(apiError, call.safe);
      if (apiError.retryAfter !== null) waitMs = apiError.retryAfter * 1e3;
    } catch (thrown) {
      if (signal?.aborted) throw signal.reason;
      if (thrown instanceof FigureApiError) throw thrown;
      if (thrown instanceof SyntaxError && seen !== null) {
        throw unexpected(seen, "The API answered with a body that is not JSON");
      }
      error = thrown instanceof Error ? thrown : new Error(String(thrown));
      reason = "NETWORK_ERROR";
      retryable = call.safe;
    }
    const delayMs = waitMs ?? backoffMs(number, policy);
    if (!retryable || number > policy.maxRetries || delayMs > policy.maxRetryAfterMs) {
      if (reason !== "NETWORK_ERROR") throw error;
      throw new FigureApiConnectionError(
        `No answer from the Figure API after ${number} attempt${number === 1 ? "" : "s"}: ${error.message}`,
        { cause: error, attempts: number, idempotencyKey: call.idempotencyKey }
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
      throw new TypeError(`Expected an integer \u2265 0 for maxRetries but received ${maxRetries}`);
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
      create: async (input, callOptions = {}) => {
        if (input.referenceImages === void 0) {
          return this.#paid(
            callOptions,
            (fetch, headers) => this.#client.POST("/figures", {
              body: input,
              headers,
              fetch,
              signal: callOptions.signal
            })
          );
        }
        const { referenceImages, ...fields } = input;
        const files = await Promise.all(referenceImages.map((file) => prepareFile(file)));
        return this.#paid(callOptions, (fetch, headers) => {
          const form = new FormData();
          for (const [name, value] of Object.entries(fields)) {
            if (value !== void 0 && value !== null) form.append(name, String(value));
          }
          for (const file of files) form.append("referenceImages", file.blob, file.filename);
          return this.#client.POST("/figures", {
            body: form,
            headers,
            fetch,
            signal: callOptions.signal
          });
        });
      }
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
export {
  FigureApi,
  FigureApiConnectionError,
  FigureApiError,
  SDK_VERSION,
  apiBase
};
