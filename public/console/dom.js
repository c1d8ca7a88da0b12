/**
 * Small DOM helpers for the console: elements are built from properties and text, never from
 * HTML strings, so nothing the API or a user sends is ever parsed as markup.
 */

/** @typedef {Node | string | number | null | undefined | false} Child */

/**
 * Creates an element.
 * `class` sets the class list, `text` the text content, `on<event>` adds a listener, `true`
 * makes a boolean attribute, `false`/`null`/`undefined` leave it out; anything else is an
 * attribute (`value` and `checked` are set as properties too).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [props]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === false || value === null || value === undefined) continue
    if (name === 'class') element.className = String(value)
    else if (name === 'text') element.textContent = String(value)
    else if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2).toLowerCase(), /** @type {EventListener} */ (value))
    } else if (value === true) element.setAttribute(name, '')
    else element.setAttribute(name, String(value))
    if (name === 'value' || name === 'checked') {
      Reflect.set(element, name, value)
    }
  }
  append(element, children)
  return element
}

/**
 * An inline SVG icon drawn with strokes (decorative: hidden from assistive technology).
 * @param {string} d  path data in a 24 × 24 box
 * @returns {SVGSVGElement}
 */
export function icon(d) {
  const NS = 'http://www.w3.org/2000/svg'
  const svg = document.createElementNS(NS, 'svg')
  svg.setAttribute('viewBox', '0 0 24 24')
  svg.setAttribute('aria-hidden', 'true')
  svg.setAttribute('focusable', 'false')
  svg.setAttribute('class', 'icon')
  const path = document.createElementNS(NS, 'path')
  path.setAttribute('d', d)
  svg.append(path)
  return svg
}

/**
 * Appends children (nested arrays flattened, empty values skipped).
 * @param {Element} parent
 * @param {(Child | Child[])[]} children
 */
export function append(parent, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue
    parent.append(typeof child === 'number' ? String(child) : child)
  }
}

/**
 * Replaces every child of `parent`.
 * @param {Element} parent
 * @param {...(Child | Child[])} children
 */
export function replace(parent, ...children) {
  parent.replaceChildren()
  append(parent, children)
}

/**
 * Says `message` through the page's polite live region (screen readers read it once).
 * @param {string} message
 */
export function announce(message) {
  const region = document.getElementById('announcer')
  if (!region) return
  region.textContent = ''
  // A new text node after a tick is announced even when the message repeats.
  setTimeout(() => {
    region.textContent = message
  }, 50)
}

/**
 * Copies `text` to the clipboard, falling back to a selected textarea where the async
 * clipboard is refused (an insecure origin, a denied permission).
 * @param {string} text
 * @returns {Promise<boolean>} whether the text was copied
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    const area = h('textarea', { class: 'visually-hidden', readonly: true })
    area.value = text
    document.body.append(area)
    area.select()
    const copied = document.execCommand('copy')
    area.remove()
    return copied
  }
}

/**
 * A "Copy" button for the text `source()` returns; it confirms in place and aloud.
 * @param {() => string} source
 * @param {string} label  accessible name, e.g. "Copy the curl command"
 * @returns {HTMLButtonElement}
 */
export function copyButton(source, label) {
  const button = h('button', { type: 'button', class: 'button button--small', 'aria-label': label })
  const text = h('span', { text: 'Copy' })
  button.append(icon('M9 9h10v11H9zM5 15V4h10'), text)
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer
  button.addEventListener('click', async () => {
    const copied = await copyText(source())
    text.textContent = copied ? 'Copied' : 'Copy failed'
    announce(copied ? 'Copied to the clipboard' : 'Could not copy; select the text and copy it')
    clearTimeout(timer)
    timer = setTimeout(() => {
      text.textContent = 'Copy'
    }, 2000)
  })
  return button
}

/** Formats whole numbers with the reader's separators (1,000 / 1 000). */
export const formatNumber = new Intl.NumberFormat().format

/**
 * A date and time in the reader's locale, or `fallback` for null.
 * @param {string | null} iso
 * @param {string} fallback
 * @returns {HTMLTimeElement | string}
 */
export function dateTime(iso, fallback) {
  if (!iso) return fallback
  const date = new Date(iso)
  return h('time', {
    datetime: iso,
    title: date.toISOString(),
    text: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      date,
    ),
  })
}

/**
 * Bytes as a short size (KiB, MiB).
 * @param {number} bytes
 */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}
