/**
 * FigureApi: the typed client. Each method builds its request with openapi-fetch and the
 * generated `paths` types, and runs it through the retry loop (request.ts).
 */
import { type FetchLike } from './request.js';
import type { ConvertInput, ConvertResult, CreatedKey, CreateKeyInput, CreditsResult, EnhanceInput, EnhanceResult, FigureInput, FigureResult, KeyList, RequestOptions, RevokedKey, VectorizeInput, VectorizeResult } from './types.js';
/** Options of `new FigureApi()`. */
export interface FigureApiOptions {
    /** Your API key (`pfg_live_...`), sent as `Authorization: Bearer <key>`. */
    apiKey: string;
    /** Where the API is, e.g. `https://api.example.com`; a trailing `/` or `/v1` is fine. */
    baseUrl: string;
    /** The transport; `globalThis.fetch` by default. Any function that takes a Request. */
    fetch?: FetchLike;
    /** Retries after the first attempt; 3 by default, 0 turns retrying off. */
    maxRetries?: number;
    /** First backoff step, milliseconds (doubles at each retry, with jitter); 500 by default. */
    retryBaseDelayMs?: number;
    /** Cap on one backoff step, milliseconds; 8000 by default. */
    retryMaxDelayMs?: number;
    /** The longest Retry-After the SDK waits for, milliseconds; 60000 by default. */
    maxRetryAfterMs?: number;
    /** User-Agent outside browsers (browsers send their own); `figure-api-sdk/<version>` by default. */
    userAgent?: string;
}
/**
 * A client of the Figure API.
 * @example
 * const api = new FigureApi({ apiKey: process.env.FIGAPI_KEY!, baseUrl: 'https://api.example.com' })
 * const { url } = await api.convert({ file: './fig1.png', format: 'tiff', dpi: 300 })
 */
export declare class FigureApi {
    #private;
    /** POST /figures. */
    readonly figures: {
        /**
         * Draws a patent figure from a prompt, a `figure` structure (for example an edited
         * `result.figure`), reference images (URLs, or files as `referenceImages`), or a prompt with
         * either (POST /figures). A drafted
         * figure returns its structure (`figure`), where it came from (`reader`) and every sheet
         * (`sheets`: one, or FIG. nA, nB, ... for a figure continued over sheets).
         * @throws FigureApiError 400 `PROMPT_NOT_UNDERSTOOD` (the message quotes the prompt),
         * `VALIDATION_ERROR` (a structure that does not hold together, naming the element),
         * `PROMPT_NOT_DRAWABLE`, `FIGURE_TOO_COMPLEX`
         */
        create(input: FigureInput, options?: RequestOptions): Promise<FigureResult>;
    };
    /** GET /credits. */
    readonly credits: {
        /** The account's credit balance (GET /credits). */
        get(options?: RequestOptions): Promise<CreditsResult>;
    };
    /** The account's API keys (/keys). */
    readonly keys: {
        /** Creates a key; its secret (`key`) is in this result only (POST /keys). Never retried on a lost answer: that could make two keys. */
        create(input?: CreateKeyInput, options?: RequestOptions): Promise<CreatedKey>;
        /** The active keys, without secrets (GET /keys). */
        list(options?: RequestOptions): Promise<KeyList>;
        /** Revokes a key by id; its next request gets 401 (DELETE /keys/{id}). */
        revoke(id: string, options?: RequestOptions): Promise<RevokedKey>;
    };
    constructor(options: FigureApiOptions);
    /** Turns an image into SVG, DXF or PDF vectors (POST /vectorize). */
    vectorize(input: VectorizeInput, options?: RequestOptions): Promise<VectorizeResult>;
    /** Upscales an image ×2 or ×4 and stamps its DPI (POST /enhance). */
    enhance(input: EnhanceInput, options?: RequestOptions): Promise<EnhanceResult>;
    /** Exports a filing-ready PNG, TIFF or PDF at 300 or 600 DPI (POST /convert). */
    convert(input: ConvertInput, options?: RequestOptions): Promise<ConvertResult>;
    /**
     * Downloads a result file by its signed `url` (from any result). The API key is not sent: the
     * signature is the credential.
     * @returns the file's bytes
     * @throws FigureApiError 403 `URL_EXPIRED` or `INVALID_SIGNATURE`, 404 `NOT_FOUND`
     */
    download(url: string, options?: RequestOptions): Promise<Uint8Array>;
    /** Like download(), but returns the body as a stream once the answer's headers are in. */
    downloadStream(url: string, options?: RequestOptions): Promise<ReadableStream<Uint8Array>>;
}
/** The API's root, with the version prefix: `https://host` and `https://host/v1/` both give `https://host/v1`. */
export declare function apiBase(baseUrl: string): string;
