/** Pieces shared by the console's pages: the error box and the copyable code block. */

import { ApiError } from '../api.js'
import { copyButton, h } from '../dom.js'

/**
 * An error envelope shown readably: the code, the message, the status and the request id.
 * @param {unknown} error
 * @returns {HTMLElement}
 */
export function errorBox(error) {
  const known =
    error instanceof ApiError
      ? error
      : new ApiError(
          0,
          'CONSOLE_ERROR',
          error instanceof Error ? error.message : String(error),
          null,
        )
  const facts = [
    known.status ? `HTTP ${known.status}` : null,
    known.requestId ? `request ${known.requestId}` : null,
  ].filter(Boolean)
  return h(
    'div',
    { class: 'error-box', role: 'alert' },
    h(
      'p',
      { class: 'error-box__title' },
      h('span', { class: 'visually-hidden', text: 'Error: ' }),
      h('code', { class: 'error-box__code', text: known.code }),
    ),
    h('p', { class: 'error-box__message', text: known.message }),
    facts.length ? h('p', { class: 'error-box__facts', text: facts.join(' · ') }) : null,
  )
}

/**
 * A titled, copyable code block whose text can change (`update`).
 * @param {string} title  e.g. "curl"
 * @param {string} id  a unique id for its heading
 * @returns {{ element: HTMLElement, update: (text: string) => void }}
 */
export function codeBlock(title, id) {
  const code = h('code')
  const element = h(
    'section',
    { class: 'code-block', 'aria-labelledby': id },
    h(
      'div',
      { class: 'code-block__bar' },
      h('h3', { id, text: title }),
      copyButton(() => code.textContent ?? '', `Copy the ${title} snippet`),
    ),
    h('pre', { tabindex: '0', 'aria-labelledby': id }, code),
  )
  return {
    element,
    update: (text) => {
      code.textContent = text
    },
  }
}
