/**
 * The Figures page's structure view: the elements and connections a drafted figure returned as
 * `figure`, editable (an element's label or numeral; delete or add a connection), and a Redraw
 * button that hands the edited structure to the page, which sends it back as `figure`.
 */

import { announce, h, replace } from '../dom.js'

/**
 * @typedef {object} FigureElement
 * @property {string} id
 * @property {string} [numeral]  as written: "102", "102a", "S1302"
 * @property {string} label
 * @property {'block' | 'container' | 'step' | 'decision' | 'terminal'} kind
 * @property {string} [parent]  the id of the container it is drawn inside
 */

/**
 * @typedef {object} FigureConnection
 * @property {string} from  element id
 * @property {string} to  element id
 * @property {string} [label]
 * @property {'none' | 'forward' | 'both'} [arrow]  forward when absent
 */

/**
 * @typedef {object} FigureStructure
 * @property {'block-diagram' | 'flowchart'} kind
 * @property {string} [label]  the legend, "FIG. 2"
 * @property {string} [numeral]  the whole's numeral
 * @property {string} [title]  what the whole is called
 * @property {FigureElement[]} elements
 * @property {FigureConnection[]} [connections]
 */

/** How each arrow reads, in words first (the glyph is decoration). */
const ARROWS = /** @type {const} */ ({
  forward: { text: 'forward', glyph: '→', hint: 'arrowhead at “to”' },
  none: { text: 'none', glyph: '—', hint: 'a plain line' },
  both: { text: 'both', glyph: '↔', hint: 'arrowheads at both ends' },
})

/** Where the structure came from, as `reader` says. */
const READERS = /** @type {Record<string, string>} */ ({
  rules: 'read from the prompt by the rule reader',
  model: 'read from the prompt by the text model (checked against the prompt)',
  sent: 'the structure sent',
})

/**
 * @typedef {object} StructureEditor
 * @property {HTMLElement} element  hidden until a drafted figure is shown
 * @property {(figure: FigureStructure | undefined, reader: string | undefined) => void} show
 *   shows a figure's structure for editing (hides the view when there is none)
 * @property {(busy: boolean) => void} setBusy  while a redraw runs
 * @property {(problem: Node | null) => void} showProblem  under the Redraw button
 */

/**
 * @param {string} idPrefix  unique prefix for the element ids
 * @param {(figure: FigureStructure) => void} onRedraw  called with a copy of the edited structure
 * @returns {StructureEditor}
 */
export function structureEditor(idPrefix, onRedraw) {
  const ids = (/** @type {string} */ name) => `${idPrefix}-${name}`
  /** @type {FigureStructure | null} */
  let draft = null

  const summary = h('p', { class: 'hint', id: ids('summary') })
  const elementsBody = h('div')
  const connectionsBody = h('div')
  const addForm = h('div')
  const problem = h('div', { 'aria-live': 'assertive' })
  const redraw = h('button', {
    type: 'button',
    class: 'button button--primary',
    'aria-describedby': ids('redraw-hint'),
  })
  const redrawLabel = h('span', { text: 'Redraw' })
  redraw.append(redrawLabel)
  redraw.addEventListener('click', () => {
    if (!draft) return
    const empty = draft.elements.find((e) => !e.label.trim())
    if (empty) {
      showProblem(
        h('p', {
          class: 'notice notice--warn',
          text: `Element ${empty.id} needs a label.`,
        }),
      )
      document.getElementById(ids(`label-${empty.id}`))?.focus()
      return
    }
    showProblem(null)
    onRedraw(structuredClone(draft))
  })

  const element = h(
    'section',
    { class: 'card structure stack', 'aria-labelledby': ids('title'), hidden: true },
    h('h2', { id: ids('title'), class: 'card__title', text: 'Structure' }),
    summary,
    h('h3', { id: ids('elements-title'), text: 'Elements' }),
    elementsBody,
    h('h3', { id: ids('connections-title'), text: 'Connections' }),
    connectionsBody,
    addForm,
    h(
      'div',
      { class: 'actions' },
      redraw,
      h('p', {
        class: 'hint',
        id: ids('redraw-hint'),
        text: 'Draws this structure as it stands, with the Output and Reference numerals options above; charged like a new figure.',
      }),
    ),
    problem,
  )

  /** @param {Node | null} node */
  function showProblem(node) {
    replace(problem, node)
  }

  /**
   * An element as people read it: its current label and its id.
   * @param {string} id
   */
  function nameOf(id) {
    const found = draft?.elements.find((e) => e.id === id)
    return found ? `${found.label || '(no label)'} (${id})` : id
  }

  /**
   * A span that shows an element's name and follows edits to its label.
   * @param {string} id
   */
  function nameSpan(id) {
    return h('span', { 'data-element': id, text: nameOf(id) })
  }

  /** @param {string} id */
  function refreshNames(id) {
    for (const node of element.querySelectorAll(`[data-element="${CSS.escape(id)}"]`)) {
      node.textContent = nameOf(id)
    }
  }

  function renderElements() {
    if (!draft) return
    const figure = draft
    replace(
      elementsBody,
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { class: 'data-table structure-table', 'aria-labelledby': ids('elements-title') },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col', text: 'ID' }),
              h('th', { scope: 'col', text: 'Numeral' }),
              h('th', { scope: 'col', text: 'Label' }),
              h('th', { scope: 'col', text: 'Kind' }),
              h('th', { scope: 'col', text: 'Inside' }),
            ),
          ),
          h(
            'tbody',
            {},
            figure.elements.map((item) => {
              const numeralId = ids(`numeral-${item.id}`)
              const labelId = ids(`label-${item.id}`)
              const numeral =
                item.kind === 'terminal'
                  ? h('span', { class: 'hint', text: 'not numbered' })
                  : [
                      h('label', {
                        class: 'visually-hidden',
                        for: numeralId,
                        text: `Numeral of ${item.id}`,
                      }),
                      h('input', {
                        type: 'text',
                        id: numeralId,
                        class: 'structure-table__numeral',
                        value: item.numeral ?? '',
                        autocomplete: 'off',
                        spellcheck: 'false',
                        oninput: (/** @type {Event} */ event) => {
                          const value = /** @type {HTMLInputElement} */ (event.target).value.trim()
                          if (value) item.numeral = value
                          else delete item.numeral
                        },
                      }),
                    ]
              return h(
                'tr',
                {},
                h('th', { scope: 'row' }, h('code', { text: item.id })),
                h('td', { 'data-label': 'Numeral' }, numeral),
                h(
                  'td',
                  { 'data-label': 'Label' },
                  h('label', {
                    class: 'visually-hidden',
                    for: labelId,
                    text: `Label of ${item.id}`,
                  }),
                  h('input', {
                    type: 'text',
                    id: labelId,
                    value: item.label,
                    required: true,
                    autocomplete: 'off',
                    oninput: (/** @type {Event} */ event) => {
                      item.label = /** @type {HTMLInputElement} */ (event.target).value
                      refreshNames(item.id)
                      renderConnections()
                    },
                  }),
                ),
                h('td', { 'data-label': 'Kind', text: item.kind }),
                h(
                  'td',
                  { 'data-label': 'Inside' },
                  item.parent ? nameSpan(item.parent) : h('span', { class: 'hint', text: '—' }),
                ),
              )
            }),
          ),
        ),
      ),
    )
  }

  function renderConnections() {
    if (!draft) return
    const connections = draft.connections ?? []
    replace(
      connectionsBody,
      connections.length === 0
        ? h('p', { class: 'hint', text: 'No connections.' })
        : h(
            'div',
            { class: 'table-wrap' },
            h(
              'table',
              { class: 'data-table structure-table', 'aria-labelledby': ids('connections-title') },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  h('th', { scope: 'col', text: 'From' }),
                  h('th', { scope: 'col', text: 'To' }),
                  h('th', { scope: 'col', text: 'Label' }),
                  h('th', { scope: 'col', text: 'Arrow' }),
                  h(
                    'th',
                    { scope: 'col' },
                    h('span', { class: 'visually-hidden', text: 'Actions' }),
                  ),
                ),
              ),
              h(
                'tbody',
                {},
                connections.map((connection, index) => {
                  const arrow = ARROWS[connection.arrow ?? 'forward']
                  return h(
                    'tr',
                    {},
                    h('td', { 'data-label': 'From' }, nameSpan(connection.from)),
                    h('td', { 'data-label': 'To' }, nameSpan(connection.to)),
                    h(
                      'td',
                      { 'data-label': 'Label' },
                      connection.label ?? h('span', { class: 'hint', text: '—' }),
                    ),
                    h(
                      'td',
                      { 'data-label': 'Arrow', class: 'nowrap' },
                      h('span', { 'aria-hidden': 'true', text: `${arrow.glyph} ` }),
                      arrow.text,
                    ),
                    h(
                      'td',
                      { class: 'cell-actions' },
                      h('button', {
                        type: 'button',
                        class: 'button button--small button--danger-quiet',
                        'aria-label': `Delete connection ${index + 1}: ${nameOf(connection.from)} to ${nameOf(connection.to)}`,
                        text: 'Delete',
                        onclick: () => deleteConnection(index),
                      }),
                    ),
                  )
                }),
              ),
            ),
          ),
    )
  }

  /** @param {number} index */
  function deleteConnection(index) {
    if (!draft?.connections) return
    const [gone] = draft.connections.splice(index, 1)
    renderConnections()
    announce(
      gone ? `Deleted the connection from ${nameOf(gone.from)} to ${nameOf(gone.to)}.` : 'Deleted.',
    )
    // Focus stays in the list: the row that took its place, else the heading.
    const buttons = connectionsBody.querySelectorAll('button')
    const next = buttons[Math.min(index, buttons.length - 1)]
    if (next instanceof HTMLElement) next.focus()
    else document.getElementById(ids('add-from'))?.focus()
  }

  function renderAddForm() {
    if (!draft) return
    const figure = draft
    const options = (/** @type {string} */ selected) =>
      figure.elements.map((item) =>
        h('option', {
          value: item.id,
          selected: item.id === selected,
          'data-element': item.id,
          text: nameOf(item.id),
        }),
      )
    const from = h('select', { id: ids('add-from') }, options(figure.elements[0]?.id ?? ''))
    const to = h('select', { id: ids('add-to') }, options(figure.elements[1]?.id ?? ''))
    const label = h('input', {
      type: 'text',
      id: ids('add-label'),
      maxlength: '24',
      autocomplete: 'off',
      'aria-describedby': ids('add-label-hint'),
    })
    const arrow = h(
      'select',
      { id: ids('add-arrow') },
      Object.entries(ARROWS).map(([value, shown]) =>
        h('option', { value, text: `${shown.glyph} ${shown.text}: ${shown.hint}` }),
      ),
    )
    const field = (
      /** @type {string} */ id,
      /** @type {string} */ text,
      /** @type {Node[]} */ ...rest
    ) => h('div', { class: 'field' }, h('label', { for: id, text }), ...rest)
    const addProblem = h('div', { 'aria-live': 'assertive' })
    replace(
      addForm,
      h(
        'fieldset',
        { class: 'add-connection' },
        h('legend', { text: 'Add a connection' }),
        h(
          'div',
          { class: 'add-connection__fields' },
          field(ids('add-from'), 'Connection from', from),
          field(ids('add-to'), 'Connection to', to),
          field(
            ids('add-label'),
            'Connection label',
            label,
            h('p', {
              class: 'hint',
              id: ids('add-label-hint'),
              text: 'Optional: YES / NO, or a short signal name.',
            }),
          ),
          field(ids('add-arrow'), 'Connection arrow', arrow),
        ),
        addProblem,
        h('button', {
          type: 'button',
          class: 'button',
          text: 'Add connection',
          onclick: () => {
            if (from.value === to.value) {
              replace(
                addProblem,
                h('p', {
                  class: 'notice notice--warn',
                  text: 'A connection joins two different elements: choose another “Connection to”.',
                }),
              )
              to.focus()
              return
            }
            replace(addProblem)
            /** @type {FigureConnection} */
            const added = {
              from: from.value,
              to: to.value,
              arrow: /** @type {FigureConnection['arrow']} */ (arrow.value),
            }
            if (label.value.trim()) added.label = label.value.trim()
            figure.connections = [...(figure.connections ?? []), added]
            label.value = ''
            renderConnections()
            announce(`Added a connection from ${nameOf(added.from)} to ${nameOf(added.to)}.`)
          },
        }),
      ),
    )
  }

  /** @type {StructureEditor['show']} */
  function show(figure, reader) {
    element.hidden = !figure
    showProblem(null)
    if (!figure) {
      draft = null
      return
    }
    draft = structuredClone(figure)
    const facts = [
      figure.label ?? 'FIG. 1',
      figure.kind === 'flowchart' ? 'a flowchart' : 'a block diagram',
      figure.numeral
        ? `the whole numbered ${figure.numeral}${figure.title ? ` (${figure.title})` : ''}`
        : null,
      reader && READERS[reader] ? READERS[reader] : null,
    ].filter(Boolean)
    summary.textContent = `${facts.join(', ')}. Correct a label or a numeral, delete or add a connection, then redraw.`
    renderElements()
    renderConnections()
    renderAddForm()
  }

  return {
    element,
    show,
    setBusy: (busy) => {
      redraw.disabled = busy
      redrawLabel.textContent = busy ? 'Redrawing…' : 'Redraw'
    },
    showProblem,
  }
}
