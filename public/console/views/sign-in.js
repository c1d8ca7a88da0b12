/** The sign-in page: paste an API key, checked with GET /v1/credits before it is kept. */

import { ApiError, call } from '../api.js'
import { h } from '../dom.js'
import { errorBox } from './parts.js'

/**
 * @param {import('../app.js').ViewContext} context
 * @returns {import('../app.js').View}
 */
export function signInView(context) {
  const input = h('input', {
    id: 'api-key',
    name: 'api-key',
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    autocapitalize: 'off',
    required: true,
    'aria-describedby': 'api-key-hint',
  })
  const button = h('button', { type: 'submit', class: 'button button--primary', text: 'Sign in' })
  const feedback = h('div', { class: 'feedback', 'aria-live': 'polite' })
  if (context.flash) feedback.append(h('p', { class: 'notice', text: context.flash }))

  const form = h(
    'form',
    { class: 'card stack', novalidate: true },
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'api-key', text: 'API key' }),
      input,
      h('p', {
        class: 'hint',
        id: 'api-key-hint',
        text: "Starts with pfg_live_. It is kept in this tab's session storage only: closing the tab or signing out forgets it.",
      }),
    ),
    feedback,
    h('div', { class: 'actions' }, button),
  )

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const key = input.value.trim()
    if (!key) {
      feedback.replaceChildren(
        errorBox(new ApiError(0, 'MISSING_KEY', 'Paste your API key first.', null)),
      )
      input.focus()
      return
    }
    button.disabled = true
    button.textContent = 'Checking…'
    feedback.replaceChildren(h('p', { class: 'status', text: 'Checking the key…' }))
    try {
      await call('/credits', { key })
      context.signIn(key)
    } catch (error) {
      feedback.replaceChildren(errorBox(error))
      input.select()
      input.focus()
    } finally {
      button.disabled = false
      button.textContent = 'Sign in'
    }
  })

  return {
    title: 'Sign in',
    element: h(
      'div',
      { class: 'narrow' },
      h('h1', { tabindex: '-1', text: 'Sign in' }),
      h('p', {
        class: 'lead',
        text: 'Paste an API key to see your credits, manage your keys and try each endpoint.',
      }),
      form,
      h(
        'p',
        { class: 'hint' },
        'No key yet? Your account operator issues the first one; after that you create and revoke keys under Account. Reference: ',
        h('a', { href: '/v1/docs', text: 'API documentation' }),
        '.',
      ),
    ),
    focus: input,
  }
}
