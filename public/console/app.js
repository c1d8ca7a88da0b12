/**
 * The console's entry: hash routes (#/sign-in, #/account, #/try/<endpoint>), the session, and
 * the page chrome (navigation, sign out, focus and title on every page change).
 */

import { announce } from './dom.js'
import { ENDPOINTS } from './endpoints.js'
import { clearKey, getKey, maskKey, setKey } from './session.js'
import { accountView } from './views/account.js'
import { signInView } from './views/sign-in.js'
import { tryView } from './views/try.js'

/**
 * @typedef {object} ViewContext
 * @property {string | null} key  the session's API key (set on every page but sign-in)
 * @property {string | null} flash  a message carried over from the previous page
 * @property {(key: string) => void} signIn
 * @property {(reason?: string) => void} signOut
 */

/**
 * @typedef {object} View
 * @property {string} title  for document.title
 * @property {HTMLElement} element
 * @property {HTMLElement} [focus]  what gets focus first (else the page's h1)
 * @property {() => void} [cleanup]  runs when the page is left
 */

/** @type {Record<string, (context: ViewContext) => View>} */
const ROUTES = {
  'sign-in': signInView,
  account: accountView,
  ...Object.fromEntries(
    Object.values(ENDPOINTS).map((endpoint) => [
      `try/${endpoint.id}`,
      (/** @type {ViewContext} */ context) => tryView(context, endpoint),
    ]),
  ),
}

const main = /** @type {HTMLElement} */ (document.getElementById('main'))
const nav = /** @type {HTMLElement} */ (document.getElementById('site-nav'))
const session = /** @type {HTMLElement} */ (document.getElementById('session'))
const sessionKey = /** @type {HTMLElement} */ (document.getElementById('session-key'))

/** @type {View | null} */
let current = null
/** @type {string | null} */
let flash = null
let firstRender = true

/** @param {string} route */
function go(route) {
  if (location.hash === `#/${route}`) render()
  else location.hash = `#/${route}`
}

/** @type {ViewContext['signIn']} */
function signIn(key) {
  setKey(key)
  announce('Signed in.')
  go('account')
}

/** @type {ViewContext['signOut']} */
function signOut(reason) {
  clearKey()
  flash = reason ?? null
  announce(reason ?? 'Signed out.')
  go('sign-in')
}

/** Shows the page the hash names; pages other than sign-in need a key. */
function render() {
  const hash = location.hash
  // In-page anchors (the skip link's #main) are not routes.
  if (current && hash && !hash.startsWith('#/')) return
  const key = getKey()
  let route = hash.startsWith('#/') ? hash.slice(2) : ''
  if (!ROUTES[route]) route = key ? 'account' : 'sign-in'
  if (!key && route !== 'sign-in') route = 'sign-in'
  if (key && route === 'sign-in') route = 'account'
  if (location.hash !== `#/${route}`) {
    history.replaceState(null, '', `#/${route}`)
  }

  current?.cleanup?.()
  const view = /** @type {(context: ViewContext) => View} */ (ROUTES[route])({
    key,
    flash,
    signIn,
    signOut,
  })
  flash = null
  current = view
  main.replaceChildren(view.element)
  document.title = `${view.title} · Figure API console`

  nav.hidden = !key
  session.hidden = !key
  sessionKey.textContent = key ? maskKey(key) : ''
  for (const link of nav.querySelectorAll('a')) {
    if (link.dataset.route === route) link.setAttribute('aria-current', 'page')
    else link.removeAttribute('aria-current')
  }

  // Keyboard and screen-reader users land on the new page, not on the link they left.
  const target = view.focus ?? view.element.querySelector('h1')
  if (!firstRender || view.focus) target?.focus()
  else window.scrollTo(0, 0)
  firstRender = false
}

document.querySelector('.skip-link')?.addEventListener('click', (event) => {
  event.preventDefault()
  main.focus()
})
document.getElementById('sign-out')?.addEventListener('click', () => signOut())
window.addEventListener('hashchange', render)
render()
