/**
 * The signed-in API key. It lives in this tab's sessionStorage only (never localStorage or a
 * cookie), so closing the tab or signing out forgets it.
 */

const STORAGE_KEY = 'figure-api.console.key'

/** @returns {string | null} the key of this tab's session */
export function getKey() {
  try {
    return sessionStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

/** @param {string} key */
export function setKey(key) {
  sessionStorage.setItem(STORAGE_KEY, key)
}

export function clearKey() {
  sessionStorage.removeItem(STORAGE_KEY)
}

/**
 * How the console shows a key: its first 12 characters and last 4, as GET /v1/keys lists them.
 * @param {string} key
 */
export function maskKey(key) {
  return `${key.slice(0, 12)}…${key.slice(-4)}`
}
