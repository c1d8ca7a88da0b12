/** The SDK's version, sent in its User-Agent; kept equal to package.json by a test. */
export declare const SDK_VERSION = "1.0.0";
