/** The SDK's version, sent in its User-Agent; kept equal to package.json by a test. */
export const SDK_VERSION = '1.0.0'
