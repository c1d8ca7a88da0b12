// The web console in headless Chromium (Debian's chromium, driven by playwright-core) against
// `wrangler dev` with fresh state: sign in, create a key and see it once, revoke it, convert an
// image and download the file, draw a figure, edit its structure and redraw it (the snippets
// then show the request sent), see every sheet of a long one, read an error. Screenshots go to test/e2e/out/.
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { newAccount, ROOT, startWranglerDev, type WranglerDev } from '../node/support/wrangler-dev'
import { lineDrawingPng } from './support/png'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const OUT = join(ROOT, 'test/e2e/out')
/** Opening balance of the test account, credits. */
const OPENING_CREDITS = 100
const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 375, height: 812 }
/** Longest wait for one browser action or element, ms. */
const ACTION_TIMEOUT_MS = 60_000
/** Longest wait for a paid request's result (the figure drafter is the slowest), ms. */
const RESULT_TIMEOUT_MS = 120_000

const hasChromium = existsSync(CHROMIUM)
if (!hasChromium) {
  console.warn(
    `e2e: skipped: ${CHROMIUM} is absent. Install Debian's chromium (apt-get install chromium; .ci/run does) or set CHROMIUM_PATH.`,
  )
}

describe.skipIf(!hasChromium)('web console in headless Chromium against wrangler dev', () => {
  let dev: WranglerDev
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let apiKey: string
  /** Page errors, CSP violations and console errors other than failed (4xx) requests. */
  const problems: string[] = []

  /** GET /v1/credits with `key`, straight to the API (not through the page). */
  const credits = async (key: string) => {
    const response = await fetch(`${dev.url}/v1/credits`, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(ACTION_TIMEOUT_MS),
    })
    const body = (await response.json()) as { data?: { balance: number } }
    return { status: response.status, balance: body.data?.balance }
  }

  /** GET `path` from wrangler dev, straight (not through the page). */
  const get = (path: string) =>
    fetch(`${dev.url}${path}`, { signal: AbortSignal.timeout(ACTION_TIMEOUT_MS) })

  const watch = (target: Page) => {
    target.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    target.on('console', (message) => {
      const text = message.text()
      if (message.type() === 'error' && !/Failed to load resource.* 4\d\d/.test(text)) {
        problems.push(`console: ${text}`)
      }
    })
  }

  const shot = (target: Page, name: string) =>
    target.screenshot({ path: join(OUT, `${name}.png`), fullPage: true })

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true })
    dev = await startWranglerDev(join(OUT, `state-${process.pid}`))
    apiKey = await newAccount(dev.url, OPENING_CREDITS)
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dev.url })
    // Generous: `npm test` runs the workerd projects beside this one on the same cores.
    context.setDefaultTimeout(ACTION_TIMEOUT_MS)
    page = await context.newPage()
    watch(page)
  }, 240_000)

  // A failing step leaves a picture of the page behind, for CI logs.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return
    console.error(`wrangler dev, last output:\n${dev?.logs().slice(-3000)}`)
    if (page && !page.isClosed()) {
      await shot(page, `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}`)
    }
  })

  afterAll(async () => {
    await browser?.close()
    await dev?.stop()
  })

  it('serves the console at / under a strict CSP while /v1 stays the API', async () => {
    const home = await get('/')
    expect(home.status).toBe(200)
    expect(home.headers.get('content-type')).toMatch(/^text\/html/)
    const csp = home.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    const html = await home.text()
    expect(html).toContain('/console/app.js')
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|\sstyle=|\son[a-z]+=/i)

    const missing = await get('/v1/no-such-route')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } })
    const wrongMethod = await get('/v1/convert')
    expect(wrongMethod.status).toBe(405)
    expect((await get('/v1/docs/scalar/standalone.js')).status).toBe(200)
    expect((await get('/_headers')).status).toBe(404)
  })

  it('signs in with a pasted key, checked by the API and kept in sessionStorage only', async () => {
    await page.goto(`${dev.url}/`)
    await expect.poll(() => inPage(page, 'location.hash')).toBe('#/sign-in')
    expect(await inPage(page, 'document.activeElement?.id')).toBe('api-key')

    // A wrong key: the API's own error code and status are shown.
    const wrongKey = 'pfg_live_not-a-real-key'
    const refused = (await (
      await fetch(`${dev.url}/v1/credits`, { headers: { authorization: `Bearer ${wrongKey}` } })
    ).json()) as { error: { code: string } }
    await page.getByLabel('API key').fill(wrongKey)
    await page.getByRole('button', { name: 'Sign in' }).click()
    const error = page.locator('.error-box')
    await error.waitFor()
    expect(await error.locator('code').textContent()).toBe(refused.error.code)
    expect(await error.textContent()).toContain('HTTP 401')

    await page.getByLabel('API key').fill(apiKey)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor()
    await expect
      .poll(() => page.locator('.balance__value').textContent())
      .toBe(String(OPENING_CREDITS))
    const storage = await inPage(
      page,
      '({ session: Object.values(sessionStorage), local: localStorage.length, cookies: document.cookie })',
    )
    expect(storage).toEqual({ session: [apiKey], local: 0, cookies: '' })
    // The signed-in key is listed and marked.
    await expect
      .poll(() => page.locator('tbody tr').filter({ hasText: 'This session' }).count())
      .toBe(1)
  })

  it('creates a key and shows its secret once, with a working Copy button', async () => {
    await page.getByLabel('Key name').fill('CI runner')
    await page.getByRole('button', { name: 'Create key' }).click()
    const secretField = page.getByLabel('Secret key')
    await secretField.waitFor()
    const secret = await secretField.inputValue()
    expect(secret).toMatch(/^pfg_live_[A-Za-z0-9]{38}$/)
    expect(await page.locator('.secret').textContent()).toContain("you won't see it again")
    expect((await credits(secret)).status).toBe(200)

    await page.getByRole('button', { name: 'Copy the new key' }).click()
    await expect.poll(() => inPage(page, 'navigator.clipboard.readText()')).toBe(secret)

    const row = page.locator('tbody tr').filter({ hasText: 'CI runner' })
    await row.waitFor()
    expect(await row.textContent()).toContain(`${secret.slice(0, 12)}…${secret.slice(-4)}`)
    expect(await row.textContent()).toContain('Never')
    await shot(page, 'account-new-key-desktop')

    // Gone after leaving the page, and after a reload; never stored.
    await openView(page, 'Convert')
    await openView(page, 'Account')
    await row.waitFor()
    expect(await page.getByLabel('Secret key').count()).toBe(0)
    expect(await page.content()).not.toContain(secret)
    await page.reload()
    await row.waitFor()
    expect(await page.content()).not.toContain(secret)
    // After a load, the skip link is the first stop for keyboard users, and it lands on <main>.
    await page.keyboard.press('Tab')
    expect(await inPage(page, 'document.activeElement?.textContent')).toBe('Skip to content')
    await page.keyboard.press('Enter')
    expect(await inPage(page, 'document.activeElement?.id')).toBe('main')
    expect(
      await inPage(
        page,
        'JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage })',
      ),
    ).not.toContain(secret)

    // Revoke, after a confirmation dialog; Escape keeps the key.
    await row.getByRole('button', { name: /^Revoke key CI runner/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('Revoke “CI runner”?')
    await shot(page, 'account-revoke-dialog-desktop')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(await row.count()).toBe(1)
    expect((await credits(secret)).status).toBe(200)

    await row.getByRole('button', { name: /^Revoke key CI runner/ }).click()
    await dialog.getByRole('button', { name: 'Revoke key' }).click()
    await row.waitFor({ state: 'detached' })
    await page.getByText('Key “CI runner” revoked.').waitFor()
    expect((await credits(secret)).status).toBe(401)
    expect((await credits(apiKey)).status).toBe(200)
  })

  it('converts an uploaded PNG to a 600 DPI TIFF, charges 2 credits and downloads it', async () => {
    await openView(page, 'Convert')
    await page.getByLabel('Image file').setInputFiles({
      name: 'drawing.png',
      mimeType: 'image/png',
      buffer: lineDrawingPng(),
    })
    await page.getByRole('radio', { name: /^TIFF/ }).check()
    await page.getByRole('radio', { name: '600 DPI' }).check()

    const curl = (await page.locator('pre').nth(0).textContent()) ?? ''
    expect(curl).toContain(`curl ${dev.url}/v1/convert`)
    expect(curl).toContain('-F file=@drawing.png')
    expect(curl).toContain('-F format=tiff')
    expect(curl).toContain('-F dpi=600')
    expect(curl).not.toContain(apiKey)
    const sdk = (await page.locator('pre').nth(1).textContent()) ?? ''
    expect(sdk).toContain("api.convert({ file: 'drawing.png', format: 'tiff', dpi: 600 })")
    expect(sdk).toContain("from '@figure-api/sdk'")

    const sent = page.waitForRequest((r) => r.url().endsWith('/v1/convert'))
    await page.getByRole('button', { name: 'Convert', exact: true }).click()
    const request = await sent
    expect(request.headers()['idempotency-key']).toMatch(/^[A-Za-z0-9._:-]{1,255}$/)

    await resultOf(page)
    expect(await factOf(page, 'Credits charged')).toBe('2')
    expect(await factOf(page, 'New balance')).toBe(String(OPENING_CREDITS - 2))
    expect(await factOf(page, 'Format')).toBe('TIFF')
    expect(await factOf(page, 'DPI')).toBe('600')
    const preview = page.getByRole('img', { name: 'Preview of the TIFF output' })
    await preview.waitFor()
    await expect
      .poll(() => loadedWidth(page, '.preview img'), { timeout: ACTION_TIMEOUT_MS })
      .toBeGreaterThan(0)
    await shot(page, 'convert-result-desktop')

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download TIFF' }).click()
    const download = await downloading
    // The file route may name it (Content-Disposition); either way it is a TIFF.
    expect(download.suggestedFilename()).toMatch(/\.tiff?$/)
    const bytes = readFileSync((await download.path())!)
    const magic = bytes.subarray(0, 4).toString('latin1')
    expect(['II*\0', 'MM\0*']).toContain(magic)
    expect((await credits(apiKey)).balance).toBe(OPENING_CREDITS - 2)
  })

  it('shows the error envelope readably when the upload is not an image, and charges nothing', async () => {
    await page.getByLabel('Image file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('claims 1-20, not a drawing'),
    })
    await page.getByRole('button', { name: 'Convert', exact: true }).click()
    const error = page.locator('.error-box')
    await error.waitFor()
    expect(await error.locator('code').textContent()).toBe('UNSUPPORTED_IMAGE_TYPE')
    expect(await error.textContent()).toContain('HTTP 400')
    expect(await error.textContent()).toMatch(/Expected a PNG, JPEG, WebP or TIFF/)
    expect((await credits(apiKey)).balance).toBe(OPENING_CREDITS - 2)
    await shot(page, 'convert-error-desktop')
  })

  it('draws a figure from a prompt and shows it as an image', async () => {
    await openView(page, 'Figures')
    await page
      .getByLabel('Prompt')
      .fill(
        'A system 100 comprising a processor 102, a memory 104 coupled to the processor, and a network interface 106. The network interface communicates with a remote server 110.',
      )
    await page.getByLabel(/Reference numerals/).check()
    await page.getByRole('button', { name: 'Draw figure' }).click()
    const figure = page.getByRole('img', { name: /^Generated figure: A system 100/ })
    await resultOf(page)
    await figure.waitFor()
    await expect
      .poll(() => loadedWidth(page, '.preview img'), { timeout: ACTION_TIMEOUT_MS })
      .toBeGreaterThan(0)
    expect(await factOf(page, 'Credits charged')).toBe('10')
    expect(await factOf(page, 'New balance')).toBe(String(OPENING_CREDITS - 12))
    expect(await page.locator('.references').textContent()).toContain('100')
    expect(await factOf(page, 'Reader')).toBe('rules')
    expect(await page.locator('.preview figcaption').textContent()).toBe('FIG. 1')
    await shot(page, 'figure-result-desktop')
  })

  it("shows the figure's structure and redraws it after a label is edited", async () => {
    const structure = page.locator('section.structure')
    await structure.getByRole('heading', { name: 'Structure' }).waitFor()
    expect(await structure.textContent()).toContain('read from the prompt by the rule reader')
    // Every element with its numeral (a string, as drawn), label, kind and container.
    const memoryRow = structure
      .locator('tbody tr')
      .filter({ has: page.locator('input[value="MEMORY"]') })
    const memoryId = (await memoryRow.locator('th code').textContent())!
    expect(await structure.getByLabel(`Numeral of ${memoryId}`, { exact: true }).inputValue()).toBe(
      '104',
    )
    expect(await memoryRow.textContent()).toContain('block')
    expect(await memoryRow.textContent()).toContain('SYSTEM (')
    const connections = structure.getByRole('button', { name: /^Delete connection / })
    const before = await connections.count()
    expect(before).toBeGreaterThan(0)

    // Edit a label and a numeral, delete a connection and add one.
    await structure.getByLabel(`Label of ${memoryId}`, { exact: true }).fill('MAIN MEMORY')
    await structure.getByLabel(`Numeral of ${memoryId}`, { exact: true }).fill('104a')
    await connections.first().click()
    await expect.poll(() => connections.count()).toBe(before - 1)
    const processorId = (await structure
      .locator('tbody tr')
      .filter({ has: page.locator('input[value="PROCESSOR"]') })
      .locator('th code')
      .textContent())!
    const serverId = (await structure
      .locator('tbody tr')
      .filter({ has: page.locator('input[value="REMOTE SERVER"]') })
      .locator('th code')
      .textContent())!
    await structure.getByLabel('Connection from').selectOption(processorId)
    await structure.getByLabel('Connection to').selectOption(serverId)
    await structure.getByLabel('Connection label').fill('REQ')
    await structure.getByRole('button', { name: 'Add connection' }).click()
    await expect.poll(() => connections.count()).toBe(before)
    expect(await structure.locator('tbody tr').last().textContent()).toContain('REQ')
    // Names elsewhere follow the edited label.
    expect(await structure.getByLabel('Connection from').textContent()).toContain(
      `MAIN MEMORY (${memoryId})`,
    )

    const sent = page.waitForRequest((r) => r.url().endsWith('/v1/figures'))
    await structure.getByRole('button', { name: 'Redraw' }).click()
    const body = JSON.parse((await sent).postData() ?? '{}') as {
      figure: {
        elements: { id: string; numeral?: string; label: string }[]
        connections: unknown[]
      }
    }
    expect(Object.keys(body).sort()).toEqual(['figure', 'labeled', 'output'])
    expect(body).toMatchObject({ labeled: true, output: 'png' })
    expect(body.figure.elements.find((e) => e.id === memoryId)).toMatchObject({
      numeral: '104a',
      label: 'MAIN MEMORY',
    })
    expect(body.figure.connections).toContainEqual({
      from: processorId,
      to: serverId,
      label: 'REQ',
      arrow: 'forward',
    })

    await expect.poll(() => factOf(page, 'Reader'), { timeout: RESULT_TIMEOUT_MS }).toBe('sent')
    await page
      .getByRole('img', { name: /^Generated figure: redrawn from its structure: .*MAIN MEMORY/ })
      .waitFor()
    await expect
      .poll(() => loadedWidth(page, '.preview img'), { timeout: ACTION_TIMEOUT_MS })
      .toBeGreaterThan(0)
    expect(await factOf(page, 'New balance')).toBe(String(OPENING_CREDITS - 22))
    expect(await page.locator('.references').textContent()).toContain('104a MAIN MEMORY')
    // The structure shown is the one just drawn, ready for the next correction.
    expect(await structure.getByLabel(`Label of ${memoryId}`, { exact: true }).inputValue()).toBe(
      'MAIN MEMORY',
    )
    expect(await structure.textContent()).toContain('the structure sent')
    // The snippets show the request the Redraw sent, not the prompt's, and say so.
    const curl = (await page.locator('pre').nth(0).textContent()) ?? ''
    expect(curl).toContain(`curl ${dev.url}/v1/figures`)
    expect(curl).not.toContain(apiKey)
    expect(curlBody(curl)).toEqual(body)
    const sdk = (await page.locator('pre').nth(1).textContent()) ?? ''
    expect(sdk).toContain("from '@figure-api/sdk'")
    expect(sdk).toContain("label: 'MAIN MEMORY'")
    expect(sdkArgument(sdk, 'figures.create')).toEqual(body)
    expect(await page.getByText('These show the last Redraw').isVisible()).toBe(true)
    await shot(page, 'figure-structure-desktop')
  })

  it('shows every sheet of a figure continued over several, each with its legend', async () => {
    const steps = Array.from(
      { length: 30 },
      (_, i) => `processing batch number ${i + 1} of the records (step ${302 + 2 * i})`,
    )
    await page
      .getByLabel('Prompt')
      .fill(`FIG. 3 is a flowchart of a method 300 comprising: ${steps.join('; ')}.`)
    await page.getByRole('radio', { name: /^SVG/ }).check()
    // Editing the prompt brings its request back to the snippets.
    expect(curlBody((await page.locator('pre').nth(0).textContent()) ?? '')).toEqual({
      prompt: `FIG. 3 is a flowchart of a method 300 comprising: ${steps.join('; ')}.`,
      labeled: true,
      output: 'svg',
    })
    expect(await page.getByText('These show the last Redraw').isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Draw figure' }).click()
    await resultOf(page)
    const sheets = page.locator('.sheets > li')
    const count = Number(await factOf(page, 'Sheets'))
    expect(count).toBeGreaterThan(1)
    expect(await sheets.count()).toBe(count)
    expect(await page.locator('.sheets figcaption .sheets__label').allTextContents()).toEqual(
      Array.from({ length: count }, (_, i) => `FIG. 3${String.fromCharCode(65 + i)}`),
    )
    await page
      .getByRole('img', { name: /^Generated figure, FIG\. 3B of \d+ sheets: FIG\. 3 is/ })
      .waitFor()
    await page.getByRole('link', { name: 'Download FIG. 3B' }).waitFor()
    expect(await page.locator('.sheets img').count()).toBe(count)
    await expect
      .poll(
        () =>
          inPage(
            page,
            "[...document.querySelectorAll('.sheets img')].every((img) => img.complete && img.naturalWidth > 0)",
          ),
        { timeout: ACTION_TIMEOUT_MS },
      )
      .toBe(true)
    expect(await factOf(page, 'New balance')).toBe(String(OPENING_CREDITS - 30))
    await shot(page, 'figure-sheets-desktop')
  })

  it('vectorizes to SVG shown through <img> (never inlined) and enhances a small scan', async () => {
    await openView(page, 'Vectorize')
    await page.getByLabel('Image file').setInputFiles({
      name: 'sketch.png',
      mimeType: 'image/png',
      buffer: lineDrawingPng(),
    })
    await page.getByRole('radio', { name: /^Trace/ }).check()
    await page.getByRole('button', { name: 'Vectorize', exact: true }).click()
    await resultOf(page)
    expect(await factOf(page, 'Credits charged')).toBe('2')
    expect(await factOf(page, 'Engine')).toBe('trace')
    await expect
      .poll(() => loadedWidth(page, '.preview img'), { timeout: ACTION_TIMEOUT_MS })
      .toBeGreaterThan(0)
    expect(await page.locator('.preview img').getAttribute('src')).toMatch(/\/v1\/files\/.+\.svg\?/)
    expect(await page.locator('.result svg:not(.icon)').count()).toBe(0)

    await openView(page, 'Enhance')
    await page.getByLabel('Image file').setInputFiles({
      name: 'scan.png',
      mimeType: 'image/png',
      buffer: lineDrawingPng(96, 64),
    })
    await page.getByRole('button', { name: 'Enhance', exact: true }).click()
    await resultOf(page)
    expect(await factOf(page, 'Size')).toBe('192 × 128 px')
    expect(await factOf(page, 'New balance')).toBe(String(OPENING_CREDITS - 34))
    await expect
      .poll(() => loadedWidth(page, '.preview img'), { timeout: ACTION_TIMEOUT_MS })
      .toBe(192)
  })

  it('draws a figure from an uploaded reference sketch, with no prompt', async () => {
    await openView(page, 'Figures')
    await page.getByLabel('Prompt').fill('')
    await page.getByLabel('Reference images (optional)').setInputFiles({
      name: 'sketch.png',
      mimeType: 'image/png',
      buffer: lineDrawingPng(),
    })
    const curl = (await page.locator('pre').nth(0).textContent()) ?? ''
    expect(curl).toContain('-F referenceImages=@sketch.png')
    expect(curl).not.toContain('prompt=')
    const sdk = (await page.locator('pre').nth(1).textContent()) ?? ''
    expect(sdk).toContain("referenceImages: ['sketch.png']")
    await page.getByRole('button', { name: 'Draw figure' }).click()
    await resultOf(page)
    await expect
      .poll(() => loadedWidth(page, '.preview img'), { timeout: ACTION_TIMEOUT_MS })
      .toBeGreaterThan(0)
    expect(await factOf(page, 'Credits charged')).toBe('10')
    await page.getByLabel('Reference images (optional)').setInputFiles([])
  })

  it('works on a 375 px wide screen', async () => {
    const phone = await context.newPage()
    watch(phone)
    await phone.setViewportSize(PHONE)
    // The same tab session: sessionStorage is per tab, so sign in again.
    await phone.goto(`${dev.url}/`)
    await phone.getByLabel('API key').fill(apiKey)
    await phone.getByRole('button', { name: 'Sign in' }).click()
    await phone.getByRole('heading', { name: 'Account', level: 1 }).waitFor()
    await phone.locator('tbody tr').first().waitFor()
    await phone.waitForLoadState('networkidle')
    const overflow = () =>
      inPage(phone, 'document.documentElement.scrollWidth - document.documentElement.clientWidth')
    expect(await overflow()).toBe(0)
    await shot(phone, 'account-phone')

    await openView(phone, 'Convert')
    await phone.getByLabel('Image file').setInputFiles({
      name: 'drawing.png',
      mimeType: 'image/png',
      buffer: lineDrawingPng(),
    })
    await phone.getByRole('radio', { name: /^PDF/ }).check()
    await phone.getByRole('button', { name: 'Convert', exact: true }).click()
    await resultOf(phone)
    expect(await factOf(phone, 'Credits charged')).toBe('1')
    await phone.getByRole('link', { name: 'Download PDF' }).waitFor()
    expect(await overflow()).toBe(0)
    await shot(phone, 'convert-result-phone')
    await phone.close()
  })

  it('signs out, which forgets the key', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor()
    expect(await inPage(page, 'sessionStorage.length')).toBe(0)
    await page.goto(`${dev.url}/#/account`)
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor()
    expect(await inPage(page, 'location.hash')).toBe('#/sign-in')
  })

  it('ran without script errors or CSP violations', () => {
    expect(problems).toEqual([])
  })
})

/**
 * Evaluates `expression` in the page. Given as text, so this file needs no DOM typings (the
 * root tsconfig checks it with the Workers types).
 */
function inPage(page: Page, expression: string): Promise<unknown> {
  return page.evaluate(expression)
}

/**
 * Opens a console page from the main navigation and waits until it is drawn: the route changes
 * on the next `hashchange`, so acting at once can fill the page being left (a flake under load).
 */
async function openView(page: Page, title: string): Promise<void> {
  await page.getByRole('link', { name: title }).click()
  await page.getByRole('heading', { name: title, level: 1, exact: true }).waitFor()
}

/**
 * Waits for a try-it page's outcome: the result's facts, or an error box (which fails the test
 * with the code and message it shows).
 */
async function resultOf(page: Page): Promise<void> {
  await page.locator('.facts, .result .error-box').first().waitFor({ timeout: RESULT_TIMEOUT_MS })
  const error = page.locator('.result .error-box')
  if (await error.count())
    throw new Error(`the console shows an error: ${await error.textContent()}`)
}

/** The natural width of the image `selector` finds once it has loaded (0 before), pixels. */
function loadedWidth(page: Page, selector: string): Promise<unknown> {
  return inPage(
    page,
    `(img => img && img.complete ? img.naturalWidth : 0)(document.querySelector(${JSON.stringify(selector)}))`,
  )
}

/** The JSON body of a curl snippet (`-d '...'`, the last argument), parsed. */
function curlBody(curl: string): unknown {
  const quoted = /\s-d '((?:[^']|'\\'')*)'$/.exec(curl)?.[1]
  if (quoted === undefined) throw new Error(`no -d '...' body in the curl snippet:\n${curl}`)
  return JSON.parse(quoted.replaceAll("'\\''", "'"))
}

/**
 * The object an SDK snippet passes to `api.<method>(...)`, evaluated: the snippet is code for
 * people to paste, so it is run as JavaScript rather than matched as text.
 */
function sdkArgument(sdk: string, method: string): unknown {
  const call = `await api.${method}(`
  const start = sdk.indexOf(call)
  const end = sdk.lastIndexOf(')\nconsole.log(')
  if (start < 0 || end < start) throw new Error(`no api.${method}(...) in the SDK snippet:\n${sdk}`)
  return new Function(`return (${sdk.slice(start + call.length, end)})`)()
}

/** The value shown for `term` in the result's facts list. */
async function factOf(page: Page, term: string): Promise<string | null> {
  return page
    .locator('.facts__item')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd')
    .textContent()
}
