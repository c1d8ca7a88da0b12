/**
 * The account page: the credit balance and the API keys section (spec §5 rule 3): create a key
 * (its secret shown once), list the active keys, revoke one after a confirmation dialog.
 */

import { ApiError, call } from '../api.js'
import { announce, copyButton, dateTime, formatNumber, h, icon, replace } from '../dom.js'
import { maskKey } from '../session.js'
import { errorBox } from './parts.js'

/**
 * @typedef {object} KeyInfo  one row of GET /v1/keys
 * @property {string} id
 * @property {string} name
 * @property {string} prefix
 * @property {string} last4
 * @property {string} createdAt
 * @property {string | null} lastUsedAt
 */

/**
 * @param {import('../app.js').ViewContext} context
 * @returns {import('../app.js').View}
 */
export function accountView(context) {
  const key = /** @type {string} */ (context.key)
  const balance = h('p', { class: 'balance__value', 'aria-live': 'polite', text: '…' })
  const balanceError = h('div')
  const keysBody = h('tbody')
  const keysFeedback = h('div', { 'aria-live': 'polite' })
  const secretSlot = h('div')
  /** @type {KeyInfo[]} */
  let keys = []

  /**
   * Runs an API call with the session key; a 401 means the key itself was refused.
   * @template T
   * @param {string} path
   * @param {Omit<import('../api.js').CallOptions, 'key'>} [options]
   * @returns {Promise<T>}
   */
  async function api(path, options = {}) {
    try {
      return /** @type {{ data: T }} */ (await call(path, { ...options, key })).data
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        context.signOut(
          'Your key was refused (401): it may have been revoked. Sign in with another key.',
        )
      }
      throw error
    }
  }

  async function loadBalance() {
    try {
      const data = /** @type {{ balance: number }} */ (await api('/credits'))
      balance.textContent = formatNumber(data.balance)
      balanceError.replaceChildren()
    } catch (error) {
      balance.textContent = '—'
      balanceError.replaceChildren(errorBox(error))
    }
  }

  async function loadKeys() {
    try {
      keys = /** @type {{ keys: KeyInfo[] }} */ (await api('/keys')).keys
      renderKeys()
    } catch (error) {
      keysFeedback.replaceChildren(errorBox(error))
    }
  }

  /** Is `info` the key this tab is signed in with? */
  const isSessionKey = (/** @type {KeyInfo} */ info) =>
    key.startsWith(info.prefix) && key.endsWith(info.last4)

  function renderKeys() {
    if (!keys.length) {
      replace(
        keysBody,
        h('tr', {}, h('td', { colspan: '5', class: 'empty', text: 'No active keys.' })),
      )
      return
    }
    replace(
      keysBody,
      keys.map((info) =>
        h(
          'tr',
          { 'data-key-id': info.id },
          h(
            'th',
            { scope: 'row', 'data-label': 'Name' },
            h('span', { class: 'key-name', text: info.name }),
            isSessionKey(info) ? h('span', { class: 'badge', text: 'This session' }) : null,
          ),
          h(
            'td',
            { 'data-label': 'Key' },
            h('code', { class: 'key-mask', text: `${info.prefix}…${info.last4}` }),
          ),
          h('td', { 'data-label': 'Created' }, dateTime(info.createdAt, '—')),
          h('td', { 'data-label': 'Last used' }, dateTime(info.lastUsedAt, 'Never')),
          h(
            'td',
            { class: 'cell-actions' },
            h('button', {
              type: 'button',
              class: 'button button--danger-quiet button--small',
              text: 'Revoke',
              'aria-label': `Revoke key ${info.name} (${info.prefix}…${info.last4})`,
              onclick: () => confirmRevoke(info),
            }),
          ),
        ),
      ),
    )
  }

  // Create -----------------------------------------------------------------------------------

  const nameInput = h('input', {
    id: 'key-name',
    name: 'name',
    maxlength: '100',
    autocomplete: 'off',
    placeholder: 'e.g. Drafting plugin',
    'aria-describedby': 'key-name-hint',
  })
  const createButton = h('button', { type: 'submit', class: 'button button--primary' })
  createButton.append(icon('M12 5v14M5 12h14'), h('span', { text: 'Create key' }))
  const createForm = h(
    'form',
    { class: 'create-key' },
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'key-name', text: 'Key name' }),
      h('p', {
        class: 'hint',
        id: 'key-name-hint',
        text: 'A label to tell keys apart, such as the tool or machine that uses it.',
      }),
      h('div', { class: 'inline-form' }, nameInput, createButton),
    ),
  )
  createForm.addEventListener('submit', async (event) => {
    event.preventDefault()
    createButton.disabled = true
    keysFeedback.replaceChildren()
    try {
      const name = nameInput.value.trim()
      const created = /** @type {{ id: string, key: string, name: string }} */ (
        await api('/keys', { method: 'POST', json: name ? { name } : {} })
      )
      nameInput.value = ''
      showSecret(created.name, created.key)
      await loadKeys()
    } catch (error) {
      keysFeedback.replaceChildren(errorBox(error))
    } finally {
      createButton.disabled = false
    }
  })

  /**
   * Shows a new key's secret, once: it lives in this element only and is gone when the page
   * changes or reloads.
   * @param {string} name
   * @param {string} secret
   */
  function showSecret(name, secret) {
    const field = h('input', {
      id: 'new-key-secret',
      class: 'secret__value',
      readonly: true,
      value: secret,
      spellcheck: 'false',
      'aria-describedby': 'new-key-warning',
    })
    field.addEventListener('focus', () => field.select())
    const done = h('button', {
      type: 'button',
      class: 'button',
      text: "I've stored it",
      onclick: () => {
        secretSlot.replaceChildren()
        nameInput.focus()
      },
    })
    const panel = h(
      'section',
      { class: 'secret', 'aria-labelledby': 'new-key-title' },
      h('h3', { id: 'new-key-title', tabindex: '-1', text: `New key “${name}”` }),
      h(
        'p',
        { class: 'secret__warning', id: 'new-key-warning' },
        h('strong', { text: "Copy it now: you won't see it again." }),
        ' Store it in a password manager or your CI secrets. If it is lost, revoke it and create another.',
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'new-key-secret', text: 'Secret key' }),
        h(
          'div',
          { class: 'inline-form' },
          field,
          copyButton(() => secret, 'Copy the new key'),
        ),
      ),
      h('div', { class: 'actions' }, done),
    )
    secretSlot.replaceChildren(panel)
    const title = /** @type {HTMLElement} */ (panel.querySelector('h3'))
    title.focus()
    announce(`Key ${name} created. Copy it now: you won't see it again.`)
  }

  // Revoke -----------------------------------------------------------------------------------

  const dialogTitle = h('h2', { id: 'revoke-title' })
  const dialogText = h('p', { id: 'revoke-text' })
  const dialogSelf = h('p', {
    class: 'notice notice--warn',
    hidden: true,
    text: 'This is the key you are signed in with: you will be signed out.',
  })
  const cancel = h('button', { value: 'cancel', class: 'button', text: 'Cancel' })
  const dialog = h(
    'dialog',
    { class: 'dialog', 'aria-labelledby': 'revoke-title', 'aria-describedby': 'revoke-text' },
    h(
      'form',
      { method: 'dialog', class: 'stack' },
      dialogTitle,
      dialogText,
      dialogSelf,
      h(
        'div',
        { class: 'actions actions--end' },
        cancel,
        h('button', { value: 'revoke', class: 'button button--danger', text: 'Revoke key' }),
      ),
    ),
  )

  /**
   * Asks before revoking `info`, then revokes it (DELETE /v1/keys/{id}).
   * @param {KeyInfo} info
   */
  function confirmRevoke(info) {
    const self = isSessionKey(info)
    dialogTitle.textContent = `Revoke “${info.name}”?`
    dialogText.textContent = `Requests with ${info.prefix}…${info.last4} will be refused at once (401). This cannot be undone.`
    dialogSelf.hidden = !self
    dialog.returnValue = ''
    const opener = /** @type {HTMLElement | null} */ (document.activeElement)
    dialog.addEventListener(
      'close',
      async () => {
        if (dialog.returnValue !== 'revoke') {
          opener?.focus()
          return
        }
        try {
          await api(`/keys/${encodeURIComponent(info.id)}`, { method: 'DELETE' })
          announce(`Key ${info.name} revoked.`)
          if (self) {
            context.signOut('You revoked the key this tab was signed in with.')
            return
          }
          keysFeedback.replaceChildren(
            h('p', { class: 'notice notice--ok', text: `Key “${info.name}” revoked.` }),
          )
          await loadKeys()
          nameInput.focus()
        } catch (error) {
          keysFeedback.replaceChildren(errorBox(error))
        }
      },
      { once: true },
    )
    dialog.showModal()
    // The safe choice has focus: Enter or Escape keeps the key.
    cancel.focus()
  }

  // Page -------------------------------------------------------------------------------------

  const refresh = h('button', {
    type: 'button',
    class: 'button button--quiet button--small',
    text: 'Refresh',
    onclick: () => loadBalance(),
  })

  const element = h(
    'div',
    { class: 'stack-lg' },
    h(
      'div',
      { class: 'page-head' },
      h('h1', { tabindex: '-1', text: 'Account' }),
      h('p', { class: 'lead' }, 'Signed in with ', h('code', { text: maskKey(key) }), '.'),
    ),
    h(
      'section',
      { class: 'card balance', 'aria-labelledby': 'balance-title' },
      h(
        'div',
        { class: 'balance__head' },
        h('h2', { id: 'balance-title', text: 'Credit balance' }),
        refresh,
      ),
      balance,
      h('p', {
        class: 'hint',
        text: 'Every POST reports what it cost; a request that fails is not charged.',
      }),
      balanceError,
    ),
    h(
      'section',
      { class: 'card stack', 'aria-labelledby': 'keys-title' },
      h('h2', { id: 'keys-title', text: 'API keys' }),
      h('p', {
        class: 'hint',
        text: 'Any active key can call every endpoint and manage the keys of this account. A key is shown once, when it is created.',
      }),
      createForm,
      secretSlot,
      keysFeedback,
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { class: 'data-table' },
          h('caption', { class: 'visually-hidden', text: 'Active API keys' }),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col', text: 'Name' }),
              h('th', { scope: 'col', text: 'Key' }),
              h('th', { scope: 'col', text: 'Created' }),
              h('th', { scope: 'col', text: 'Last used' }),
              h('th', { scope: 'col' }, h('span', { class: 'visually-hidden', text: 'Actions' })),
            ),
          ),
          keysBody,
        ),
      ),
    ),
    dialog,
  )

  replace(keysBody, h('tr', {}, h('td', { colspan: '5', class: 'empty', text: 'Loading keys…' })))
  loadBalance()
  loadKeys()
  return { title: 'Account', element }
}
