/**
 * A try-it page for one paid endpoint: a prompt or an image (dropped, chosen or by URL), its
 * options, the request sent with a fresh Idempotency-Key, then the result (preview, download,
 * credits charged, new balance) or the error envelope, and the same request as curl and SDK code.
 * Figures also show every sheet and the structure drawn, editable and redrawn (structure.js).
 */

import { ApiError, call, newIdempotencyKey } from '../api.js'
import { announce, formatBytes, formatNumber, h, icon, replace } from '../dom.js'
import { curlCommand, sdkSnippet } from '../snippets.js'
import { codeBlock, errorBox } from './parts.js'
import { structureEditor } from './structure.js'

/** Largest upload the API takes (spec §4.7), bytes. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024
/** Longest prompt (spec §4.2), characters. */
const MAX_PROMPT_CHARS = 10_000
/** Types a browser can preview in an <img> before upload (TIFF cannot). */
const PREVIEWABLE = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif'])

/**
 * @typedef {import('../endpoints.js').Endpoint} Endpoint
 * @typedef {Record<string, any>} ResultData  the envelope's data for `endpoint`
 * @typedef {{ url: string, label: string, width: number, height: number }} Sheet  one sheet of a figure
 */

/**
 * @param {import('../app.js').ViewContext} context
 * @param {Endpoint} endpoint
 * @returns {import('../app.js').View}
 */
export function tryView(context, endpoint) {
  const key = /** @type {string} */ (context.key)
  const ids = (/** @type {string} */ name) => `${endpoint.id}-${name}`
  /** @type {AbortController | null} */
  let inflight = null
  /** @type {string[]} object URLs to release when the page goes */
  const objectUrls = []
  /** What the figure shown was drawn from, for its images' text alternative. */
  let drawnFrom = ''
  /** Figures: the structure drawn, editable, and its Redraw button. */
  const structure = endpoint.id === 'figures' ? structureEditor(ids('structure'), redraw) : null
  /**
   * Figures: the structure the last Redraw sent, which the snippets show (with the options
   * above) until the prompt is edited or drawn again; null while they show the prompt request.
   * @type {import('./structure.js').FigureStructure | null}
   */
  let redrawnFigure = null

  // Input: a prompt, or an image from a file or a URL ----------------------------------------

  const prompt = h('textarea', {
    id: ids('prompt'),
    name: 'prompt',
    rows: '7',
    maxlength: String(MAX_PROMPT_CHARS),
    'aria-describedby': `${ids('prompt-hint')} ${ids('prompt-count')}`,
    placeholder:
      'A system 100 comprising a processor 102, a memory 104 coupled to the processor, and a network interface 106 that communicates with a remote server 110.',
  })
  const promptCount = h('p', { class: 'hint hint--end', id: ids('prompt-count') })
  const labeled = h('input', { type: 'checkbox', id: ids('labeled'), name: 'labeled' })
  /** Figures: reference images uploaded with the prompt (sketches, photos, prior figures). */
  const referenceInput = h('input', {
    type: 'file',
    id: ids('references'),
    name: 'referenceImages',
    multiple: true,
    accept: 'image/png,image/jpeg,image/webp,image/tiff,.png,.jpg,.jpeg,.webp,.tif,.tiff',
    'aria-describedby': ids('references-hint'),
  })
  /** The chosen reference files (at most 4 are sent). */
  const references = () => Array.from(referenceInput.files ?? []).slice(0, 4)

  const fileInput = h('input', {
    type: 'file',
    id: ids('file'),
    name: 'file',
    accept: 'image/png,image/jpeg,image/webp,image/tiff,.png,.jpg,.jpeg,.webp,.tif,.tiff',
    'aria-describedby': ids('file-hint'),
  })
  const chosen = h('div', { class: 'chosen', 'aria-live': 'polite' })
  const urlInput = h('input', {
    type: 'url',
    id: ids('url'),
    name: 'imageUrl',
    inputmode: 'url',
    placeholder: 'https://example.com/figure-1.png',
    'aria-describedby': ids('url-hint'),
  })
  const filePanel = h(
    'div',
    { class: 'dropzone', id: ids('file-panel') },
    icon('M12 16V4M7 9l5-5 5 5M4 16v4h16v-4'),
    h('label', { for: ids('file'), class: 'dropzone__label', text: 'Image file' }),
    h('p', { class: 'dropzone__or', text: 'Drop an image here, or choose one:' }),
    fileInput,
    h('p', { class: 'hint', id: ids('file-hint'), text: 'PNG, JPEG, WebP or TIFF, up to 10 MiB.' }),
    chosen,
  )
  const urlPanel = h(
    'div',
    { class: 'field', id: ids('url-panel'), hidden: true },
    h('label', { for: ids('url'), text: 'Image URL' }),
    urlInput,
    h('p', {
      class: 'hint',
      id: ids('url-hint'),
      text: 'A public http(s) address; the API downloads it (up to 10 MiB).',
    }),
  )
  /** @type {'file' | 'url'} */
  let source = 'file'
  const sourceChoice = (/** @type {'file' | 'url'} */ value, /** @type {string} */ label) =>
    h(
      'label',
      { class: 'choice' },
      h('input', {
        type: 'radio',
        name: ids('source'),
        value,
        checked: value === source,
        onchange: () => {
          source = value
          filePanel.hidden = value !== 'file'
          urlPanel.hidden = value !== 'url'
          update()
        },
      }),
      h('span', { class: 'choice__body' }, h('span', { class: 'choice__label', text: label })),
    )

  const inputSection =
    endpoint.input === 'prompt'
      ? [
          h(
            'div',
            { class: 'field' },
            h('label', { for: ids('prompt'), text: 'Prompt' }),
            h('p', {
              class: 'hint',
              id: ids('prompt-hint'),
              text: 'Name the parts and how they connect ("coupled to", "sends … to"), or list the steps of a method. Numerals you write are kept.',
            }),
            prompt,
            promptCount,
          ),
          h(
            'div',
            { class: 'check' },
            labeled,
            h(
              'label',
              { for: ids('labeled') },
              'Reference numerals ',
              h('span', { class: 'hint-inline', text: '(100, 102, … with lead lines)' }),
            ),
          ),
          h(
            'div',
            { class: 'field' },
            h('label', { for: ids('references'), text: 'Reference images (optional)' }),
            h('p', {
              class: 'hint',
              id: ids('references-hint'),
              text: 'Up to 4 sketches, photos or prior figures to draw from (PNG, JPEG, WebP or TIFF, 10 MiB each); with them the prompt may be left empty.',
            }),
            referenceInput,
          ),
        ]
      : [
          h(
            'fieldset',
            { class: 'segmented' },
            h('legend', { text: 'Image source' }),
            h(
              'div',
              { class: 'segmented__choices' },
              sourceChoice('file', 'Upload a file'),
              sourceChoice('url', 'From a URL'),
            ),
          ),
          filePanel,
          urlPanel,
        ]

  /** Shows which file is chosen (with a thumbnail when the browser can draw it). */
  function showChosen() {
    const file = fileInput.files?.[0]
    if (!file) {
      chosen.replaceChildren()
      filePanel.classList.remove('dropzone--filled')
      return
    }
    filePanel.classList.add('dropzone--filled')
    let thumb = null
    if (PREVIEWABLE.has(file.type)) {
      const url = URL.createObjectURL(file)
      objectUrls.push(url)
      thumb = h('img', { class: 'chosen__thumb', src: url, alt: '' })
    }
    replace(
      chosen,
      thumb,
      h(
        'p',
        { class: 'chosen__text' },
        h('span', { class: 'chosen__name', text: file.name }),
        h('span', { class: 'hint', text: ` ${formatBytes(file.size)}` }),
      ),
      file.size > MAX_IMAGE_BYTES
        ? h('p', { class: 'notice notice--warn', text: 'Over 10 MiB: the API will refuse it.' })
        : null,
    )
  }

  fileInput.addEventListener('change', () => {
    showChosen()
    update()
  })
  for (const type of ['dragenter', 'dragover']) {
    filePanel.addEventListener(type, (event) => {
      event.preventDefault()
      filePanel.classList.add('dropzone--over')
    })
  }
  filePanel.addEventListener('dragleave', (event) => {
    if (!filePanel.contains(/** @type {Node | null} */ (event.relatedTarget))) {
      filePanel.classList.remove('dropzone--over')
    }
  })
  filePanel.addEventListener('drop', (event) => {
    event.preventDefault()
    filePanel.classList.remove('dropzone--over')
    const files = event.dataTransfer?.files
    if (!files?.length) return
    const transfer = new DataTransfer()
    transfer.items.add(/** @type {File} */ (files[0]))
    fileInput.files = transfer.files
    fileInput.dispatchEvent(new Event('change'))
  })

  // Options ----------------------------------------------------------------------------------

  const optionSets = endpoint.options.map((option) =>
    h(
      'fieldset',
      { class: 'segmented' },
      h('legend', { text: option.legend }),
      h(
        'div',
        { class: 'segmented__choices' },
        option.choices.map((choice, index) =>
          h(
            'label',
            { class: 'choice' },
            h('input', {
              type: 'radio',
              name: option.name,
              value: choice.value,
              checked: index === 0,
              onchange: () => update(),
            }),
            h(
              'span',
              { class: 'choice__body' },
              h('span', { class: 'choice__label', text: choice.label }),
              choice.hint ? h('span', { class: 'choice__hint', text: choice.hint }) : null,
            ),
          ),
        ),
      ),
    ),
  )

  /** The chosen options, numbers where the JSON body wants numbers. */
  function optionValues() {
    /** @type {Record<string, string | number | boolean>} */
    const values = {}
    for (const option of endpoint.options) {
      const checked = /** @type {HTMLInputElement | null} */ (
        form.querySelector(`input[name="${option.name}"]:checked`)
      )
      const value = checked?.value ?? /** @type {string} */ (option.choices[0]?.value)
      values[option.name] = option.numeric ? Number(value) : value
    }
    return values
  }

  // Snippets ---------------------------------------------------------------------------------

  const curl = codeBlock('curl', ids('curl-title'))
  const sdk = codeBlock('SDK (JavaScript)', ids('sdk-title'))
  /** Says when the snippets show the last Redraw rather than the form. */
  const snippetsSource = h('p', {
    class: 'hint',
    hidden: true,
    text: 'These show the last Redraw: the structure as sent, with the options above. Edit the prompt to see its request again.',
  })

  /** The request the form describes now, or the last Redraw's, for the snippets. */
  function shape() {
    /** @type {import('../snippets.js').RequestShape} */
    const described = { endpoint, fields: {}, image: null }
    if (redrawnFigure) {
      described.fields = {
        figure: /** @type {import('../snippets.js').JsonValue} */ (redrawnFigure),
        labeled: labeled.checked,
        ...optionValues(),
      }
    } else if (endpoint.input === 'prompt') {
      const files = references().map((file) => file.name)
      described.fields = {
        ...(prompt.value.trim() || files.length === 0
          ? { prompt: prompt.value.trim() || 'A system 100 comprising …' }
          : {}),
        labeled: labeled.checked,
        ...optionValues(),
      }
      if (files.length > 0) described.references = files
    } else {
      described.fields = optionValues()
      described.image =
        source === 'file'
          ? { kind: 'file', name: fileInput.files?.[0]?.name ?? 'drawing.png' }
          : { kind: 'url', url: urlInput.value.trim() || 'https://example.com/figure-1.png' }
    }
    return described
  }

  function update() {
    promptCount.textContent = `${formatNumber(prompt.value.length)} / ${formatNumber(MAX_PROMPT_CHARS)} characters`
    const described = shape()
    curl.update(curlCommand(described))
    sdk.update(sdkSnippet(described))
    snippetsSource.hidden = !redrawnFigure
  }
  referenceInput.addEventListener('change', () => update())
  prompt.addEventListener('input', () => {
    redrawnFigure = null
    update()
  })
  labeled.addEventListener('change', update)
  urlInput.addEventListener('input', update)

  // Submit -----------------------------------------------------------------------------------

  const submit = h('button', { type: 'submit', class: 'button button--primary button--wide' })
  const submitLabel = h('span', { text: endpoint.submit })
  submit.append(submitLabel)
  const formProblem = h('div', { 'aria-live': 'assertive' })
  const form = h(
    'form',
    { class: 'card stack try-form', novalidate: true, 'aria-labelledby': ids('form-title') },
    h('h2', { id: ids('form-title'), class: 'card__title', text: 'Request' }),
    inputSection,
    optionSets,
    formProblem,
    h('div', { class: 'actions' }, submit),
  )

  const result = h(
    'section',
    {
      class: 'card result',
      'aria-labelledby': ids('result-title'),
      'aria-live': 'polite',
      'aria-busy': 'false',
    },
    h('h2', { id: ids('result-title'), class: 'card__title', text: 'Result' }),
    h('div', { class: 'result__body' }, h('p', { class: 'placeholder', text: placeholderText() })),
  )
  const resultBody = /** @type {HTMLElement} */ (result.querySelector('.result__body'))

  function placeholderText() {
    return endpoint.input === 'prompt'
      ? 'Write a prompt and draw: the figure appears here with what it cost.'
      : 'Choose an image and submit: the result appears here with what it cost.'
  }

  /**
   * What is missing before the request can go, or null.
   * @returns {string | null}
   */
  function missingInput() {
    if (endpoint.input === 'prompt') {
      return prompt.value.trim() || references().length
        ? null
        : 'Write a prompt or choose reference images first.'
    }
    if (source === 'file') return fileInput.files?.length ? null : 'Choose an image file first.'
    return urlInput.value.trim() ? null : 'Enter the image URL first.'
  }

  /**
   * Sends `request` to the endpoint (cancelling one still in flight), then reads the balance.
   * @param {import('../api.js').CallOptions} request
   * @throws {ApiError | DOMException} as call() does
   */
  async function send(request) {
    inflight?.abort()
    inflight = new AbortController()
    request.signal = inflight.signal
    const started = performance.now()
    const response = /** @type {import('../api.js').CallResult<ResultData>} */ (
      await call(endpoint.path, request)
    )
    const seconds = (performance.now() - started) / 1000
    const balance = await call('/credits', { key, signal: inflight.signal }).then(
      (answer) => /** @type {{ balance: number }} */ (answer.data).balance,
      () => null,
    )
    return { response, balance, seconds }
  }

  /**
   * What to tell the user when a request failed: the error, and whether it was charged.
   * @param {unknown} error
   */
  function failure(error) {
    // An error envelope means the request was refused or refunded; a bare status (a proxy,
    // a network failure) says nothing either way.
    const enveloped =
      error instanceof ApiError && error.status > 0 && !error.code.startsWith('HTTP_')
    if (error instanceof ApiError && error.status === 401) {
      context.signOut('Your key was refused (401): it may have been revoked. Sign in again.')
    }
    return [
      errorBox(error),
      h('p', {
        class: 'hint',
        text: enveloped
          ? 'Nothing was charged.'
          : 'The API gave no error envelope: check the balance under Account before you retry.',
      }),
    ]
  }

  /** @param {boolean} busy */
  function setBusy(busy) {
    submit.disabled = busy
    submitLabel.textContent = busy ? endpoint.working : endpoint.submit
    result.setAttribute('aria-busy', String(busy))
    structure?.setBusy(busy)
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const missing = missingInput()
    if (missing) {
      formProblem.replaceChildren(h('p', { class: 'notice notice--warn', text: missing }))
      const target = endpoint.input === 'prompt' ? prompt : source === 'file' ? fileInput : urlInput
      target.focus()
      return
    }
    formProblem.replaceChildren()
    if (redrawnFigure) {
      redrawnFigure = null
      update()
    }
    /** @type {import('../api.js').CallOptions} */
    const request = { key, idempotencyKey: newIdempotencyKey() }
    if (endpoint.input === 'prompt' && references().length > 0) {
      const body = new FormData()
      if (prompt.value.trim()) body.append('prompt', prompt.value.trim())
      body.append('labeled', String(labeled.checked))
      for (const [name, value] of Object.entries(optionValues())) body.append(name, String(value))
      for (const file of references()) body.append('referenceImages', file)
      request.form = body
    } else if (endpoint.input === 'prompt') {
      request.json = { prompt: prompt.value.trim(), labeled: labeled.checked, ...optionValues() }
    } else if (source === 'file') {
      const body = new FormData()
      body.append('file', /** @type {File} */ (fileInput.files?.[0]))
      for (const [name, value] of Object.entries(optionValues())) body.append(name, String(value))
      request.form = body
    } else {
      request.json = { imageUrl: urlInput.value.trim(), ...optionValues() }
    }

    setBusy(true)
    structure?.show(undefined, undefined)
    replace(
      resultBody,
      h('p', { class: 'status status--busy' }, h('span', { class: 'spinner' }), endpoint.working),
    )
    try {
      const { response, balance, seconds } = await send(request)
      drawnFrom = prompt.value.trim()
      showResult(response.data, balance, response.requestId, seconds)
      announce(
        `Done: ${response.data.creditsConsumed} credits charged${balance === null ? '' : `, balance ${balance}`}.`,
      )
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return
      replace(resultBody, failure(error))
    } finally {
      setBusy(false)
    }
  })

  /**
   * Draws an edited structure (the Redraw button): POST { figure, labeled, output }. The drawing
   * shown stays until the new one arrives; a refusal is shown beside the structure.
   * @param {import('./structure.js').FigureStructure} figure
   */
  async function redraw(figure) {
    setBusy(true)
    // The snippets show this request from now on, whatever the answer.
    redrawnFigure = figure
    update()
    try {
      const { response, balance, seconds } = await send({
        key,
        idempotencyKey: newIdempotencyKey(),
        json: { figure, labeled: labeled.checked, ...optionValues() },
      })
      const labels = figure.elements.map((e) => e.label).join(', ')
      drawnFrom = `redrawn from its structure: ${labels}`
      showResult(response.data, balance, response.requestId, seconds)
      announce(
        `Redrawn: ${response.data.creditsConsumed} credits charged${balance === null ? '' : `, balance ${balance}`}.`,
      )
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return
      structure?.showProblem(h('div', { class: 'stack' }, failure(error)))
    } finally {
      setBusy(false)
    }
  }

  // Result -----------------------------------------------------------------------------------

  /**
   * @param {ResultData} data
   * @param {number | null} balance  after the charge, or null when it could not be read
   * @param {string | null} requestId
   * @param {number} seconds  round trip
   */
  function showResult(data, balance, requestId, seconds) {
    const format = String(data.format ?? 'png')
    const stem = stemOf()
    /** @type {[string, string][]} */
    const facts = [
      ['Credits charged', formatNumber(data.creditsConsumed)],
      ['New balance', balance === null ? '—' : formatNumber(balance)],
      ['Format', format.toUpperCase()],
    ]
    if (data.engine) facts.push(['Engine', data.engine])
    if (data.dpi) facts.push(['DPI', String(data.dpi)])
    if (data.scale) facts.push(['Scale', `${data.scale}×`])
    if (data.width && data.height) {
      facts.push(['Size', `${formatNumber(data.width)} × ${formatNumber(data.height)} px`])
    }
    if (data.method) facts.push(['Drawn by', data.method])
    if (data.reader) facts.push(['Reader', data.reader])
    if (data.sheets?.length > 1) facts.push(['Sheets', String(data.sheets.length)])
    if (data.mode) facts.push(['Mode', data.mode])
    if (data.page) facts.push(['Page', String(data.page).toUpperCase()])
    if (data.paths !== undefined) facts.push(['Paths', formatNumber(data.paths)])
    facts.push(['Time', `${seconds.toFixed(1)} s`])

    /** @type {Sheet[]} */
    const sheets = Array.isArray(data.sheets) ? data.sheets : []
    const previewUrl = previewOf(data, format)
    const preview =
      sheets.length > 1
        ? h(
            'ol',
            { class: 'sheets', 'aria-label': `${sheets.length} sheets` },
            sheets.map((sheet, index) =>
              h(
                'li',
                {},
                sheetFigure(sheet.url, altText(format, false, sheet.label, sheets.length), [
                  h('span', { class: 'sheets__label', text: sheet.label }),
                  downloadLink(
                    sheet.url,
                    `${stem}-${sheetSuffix(sheet.label, index)}.${format}`,
                    `Download ${sheet.label}`,
                  ),
                ]),
              ),
            ),
          )
        : previewUrl
          ? sheetFigure(
              previewUrl,
              altText(format, previewUrl !== data.url),
              previewUrl !== data.url
                ? 'PNG preview of the filed page'
                : (sheets[0]?.label ?? null),
            )
          : h('p', {
              class: 'notice',
              text: `${format.toUpperCase()} has no preview here: download it to open it in your CAD or PDF tool.`,
            })

    const links = h(
      'p',
      { class: 'downloads' },
      sheets.length > 1
        ? null
        : downloadLink(data.url, `${stem}.${format}`, `Download ${format.toUpperCase()}`),
      previewUrl && previewUrl !== data.url
        ? h('a', {
            class: 'button button--quiet',
            href: previewUrl,
            target: '_blank',
            rel: 'noopener',
            text: 'Open the preview',
          })
        : null,
    )

    replace(
      resultBody,
      h(
        'dl',
        { class: 'facts' },
        facts.map(([term, value]) =>
          h('div', { class: 'facts__item' }, h('dt', { text: term }), h('dd', { text: value })),
        ),
      ),
      links,
      preview,
      data.warnings?.length
        ? h(
            'div',
            { class: 'notice notice--warn' },
            h('p', { text: 'Warnings' }),
            h(
              'ul',
              {},
              data.warnings.map((/** @type {string} */ w) => h('li', { text: w })),
            ),
          )
        : null,
      data.references?.length
        ? h(
            'details',
            { class: 'references' },
            h('summary', { text: `Reference numerals (${data.references.length})` }),
            h(
              'ul',
              {},
              data.references.map((/** @type {{ numeral: string, label: string }} */ r) =>
                h('li', {}, h('strong', { text: r.numeral }), ` ${r.label}`),
              ),
            ),
          )
        : null,
      requestId ? h('p', { class: 'hint', text: `Request ${requestId}` }) : null,
    )
    structure?.show(data.figure, data.reader)
  }

  /**
   * One drawing in a frame, with its caption; replaced by a notice if it cannot be loaded.
   * @param {string} src
   * @param {string} alt
   * @param {string | Node[] | null} caption
   */
  function sheetFigure(src, alt, caption) {
    const frame = h(
      'figure',
      { class: 'preview' },
      h('img', {
        src,
        alt,
        decoding: 'async',
        onerror: () => {
          frame.replaceWith(h('p', { class: 'notice', text: 'The preview could not be loaded.' }))
        },
      }),
      caption ? h('figcaption', {}, caption) : null,
    )
    return frame
  }

  /** The base name for downloads: the uploaded file's, or the endpoint's. */
  function stemOf() {
    const name = endpoint.input === 'image' && source === 'file' ? fileInput.files?.[0]?.name : null
    const base = name
      ? name.replace(/\.[^.]+$/, '')
      : endpoint.id === 'figures'
        ? 'figure'
        : 'image'
    return `${base}-${endpoint.id}`
  }

  /**
   * What the <img> shows: the output itself when a browser can draw it, the API's PNG preview
   * for TIFF and PDF, nothing for DXF. SVG is drawn through <img> (never inlined), so its
   * scripts, if any, never run.
   * @param {ResultData} data
   * @param {string} format
   * @returns {string | null}
   */
  function previewOf(data, format) {
    if (format === 'png' || format === 'svg') return data.url
    return typeof data.previewUrl === 'string' ? data.previewUrl : null
  }

  /**
   * @param {string} format
   * @param {boolean} isPreview
   * @param {string} [sheet]  the sheet's legend, when the figure has several
   * @param {number} [count]  how many sheets
   */
  function altText(format, isPreview, sheet, count) {
    if (endpoint.id === 'figures') {
      const text = drawnFrom.length > 120 ? `${drawnFrom.slice(0, 117)}…` : drawnFrom
      return sheet
        ? `Generated figure, ${sheet} of ${count} sheets: ${text}`
        : `Generated figure: ${text}`
    }
    return isPreview
      ? `Preview of the ${format.toUpperCase()} output`
      : `The ${endpoint.title.toLowerCase()} result (${format.toUpperCase()})`
  }

  update()

  return {
    title: `Try ${endpoint.title}`,
    element: h(
      'div',
      { class: 'stack-lg' },
      h(
        'div',
        { class: 'page-head' },
        h('p', { class: 'eyebrow', text: `POST /v1${endpoint.path}` }),
        h('h1', { tabindex: '-1', text: endpoint.title }),
        h('p', { class: 'lead', text: endpoint.lead }),
      ),
      h('div', { class: 'try-grid' }, form, result),
      structure?.element,
      h(
        'section',
        { class: 'snippets', 'aria-labelledby': ids('snippets-title') },
        h('h2', { id: ids('snippets-title'), text: 'The same request in code' }),
        h('p', {
          class: 'hint',
          text: 'Set FIGAPI_KEY to one of your keys; the console never puts your key in a snippet.',
        }),
        snippetsSource,
        h('div', { class: 'snippets__grid' }, curl.element, sdk.element),
      ),
    ),
    cleanup: () => {
      inflight?.abort()
      for (const url of objectUrls) URL.revokeObjectURL(url)
    },
  }
}

/**
 * What a sheet's file name ends with: its legend's letter (FIG. 3B -> B), else its place.
 * @param {string} label
 * @param {number} index
 */
function sheetSuffix(label, index) {
  const tail = /^FIG\.\s*\d+(.*)$/i.exec(label.trim())?.[1] ?? ''
  return tail.replace(/^-/, '').replace(/[^A-Za-z0-9-]/g, '') || String(index + 1)
}

/**
 * A link that downloads `href` (a signed, same-origin file URL) under `filename`.
 * @param {string} href
 * @param {string} filename
 * @param {string} label
 */
function downloadLink(href, filename, label) {
  const link = h('a', { class: 'button button--primary', href, download: filename })
  link.append(icon('M12 4v12M7 11l5 5 5-5M4 20h16'), h('span', { text: label }))
  return link
}
