// The README's quick start, run verbatim from a temp folder against `wrangler dev`.
//
// What runs: the ```sh blocks of README.md's "## Quick start" section, read from README.md at test
// time (not a copy), in order, in one bash session (exports carry over, as in the reader's second
// terminal). A step with a failed command runs to its end, as in a terminal, and the run stops
// there. The one change to their text: `http://localhost:8787` becomes the address of the test's
// own wrangler dev, on a free port.
// Skipped: the block that runs `npm run dev` (step 1). The test starts the service itself (the
//   e2e support's wrangler dev) and writes the `.dev-account.json` that `npm run dev` would write,
//   for a new account with 1000 credits (the balance the README shows).
// Where: a temp folder that stands for a fresh clone after `npm ci`. It holds every file a clone
//   would (git's tracked files plus new unignored ones, as in the working tree, so a change is
//   tested before it is committed). A real `npm ci` takes minutes, so node_modules links to this
//   repository's packages instead, while the workspace links (`figapi`, `@figure-api/sdk`) and
//   node_modules/.bin resolve inside the copy: `npx figapi`, the SDK import and
//   `npm run pack:clients` use the copy's own files (support/checkout.ts).
// Environment: a fresh terminal's, on the machine's Node (no node_modules/.bin on PATH, no npm_*
//   variables from the test runner), with its own TMPDIR (step 6's `mktemp -d` lands in the test
//   folder) and config folder (no stored figapi login), and npm offline with an empty cache, so any
//   registry lookup fails the run: the tarballs must install without one.
// Checks, per step: its stdout and the files it wrote (PNG, TIFF and PDF magic bytes; the SDK's
// PDF downloaded; the SVG; the tarballs, installed from their files), then `npx figapi --version`
// in the folder step 6 installed them in. About 50-75 s on 2 cores.
import { spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newAccount, ROOT, startWranglerDev, type WranglerDev } from '../node/support/wrangler-dev'
import { copyCheckout, linkNodeModules } from './support/checkout'
import { type QuickStartStep, quickStartSteps } from './support/readme'

/** The address the README's blocks use; the test's wrangler dev takes its place. */
const README_BASE_URL = 'http://localhost:8787'
/** Opening balance of the account `npm run dev` makes, credits (the README shows it). */
const OPENING_CREDITS = 1000
/** Longest run of all the blocks, ms (a figure, two converts, a vectorize, a pack). */
const RUN_TIMEOUT_MS = 150_000
const STEP_MARK = '::quick-start step '
const packageVersion = (path: string): string =>
  JSON.parse(readFileSync(join(ROOT, path, 'package.json'), 'utf8')).version

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47]
const isTiff = (bytes: Uint8Array) =>
  (bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 42 && bytes[3] === 0) ||
  (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0 && bytes[3] === 42)
const isPdf = (bytes: Uint8Array) =>
  Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-'

/** The environment of a fresh terminal on this machine; see the header. */
function freshTerminalEnv(work: string): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const name of Object.keys(env)) {
    if (/^(npm_|FIGAPI_)/i.test(name) || name === 'INIT_CWD') delete env[name]
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir && !dir.includes('node_modules'))
    .join(delimiter)
  for (const dir of ['tmp', 'config', 'npm-cache']) mkdirSync(join(work, dir), { recursive: true })
  return {
    ...env,
    TMPDIR: join(work, 'tmp'),
    XDG_CONFIG_HOME: join(work, 'config'),
    NO_COLOR: '1',
    npm_config_cache: join(work, 'npm-cache'),
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  }
}

/** Runs `script` with bash in `cwd`; resolves with its exit code and output. */
function bash(script: string, cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

/** Splits a stream marked with `STEP_MARK<n>::` lines into each step's text. */
function byStep(text: string): Map<number, string> {
  const parts = new Map<number, string>()
  let current = 0
  for (const line of text.split('\n')) {
    const mark = line.startsWith(STEP_MARK)
      ? Number.parseInt(line.slice(STEP_MARK.length), 10)
      : NaN
    if (Number.isInteger(mark)) current = mark
    else parts.set(current, `${parts.get(current) ?? ''}${line}\n`)
  }
  return parts
}

describe('README quick start, verbatim from a temp folder', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const steps = quickStartSteps(readme)
  const serviceStep = steps.find((step) => step.blocks.some((b) => /\bnpm run dev\b/.test(b)))
  const runnable = steps.filter((step) => step !== serviceStep && step.blocks.length > 0)

  let work: string
  let clone: string
  let dev: WranglerDev
  let apiKey: string
  let run: { code: number | null; stdout: string; stderr: string }
  /** Each step's stdout, by step number, for the steps that ran. */
  let outputs = new Map<number, string>()
  const stdoutOf = (step: number): string => {
    const found = outputs.get(step)
    if (found === undefined) throw new Error(`step ${step} of the quick start did not run`)
    return found
  }
  const bytes = (path: string) => new Uint8Array(readFileSync(join(clone, path)))
  const stepTitle = (step: QuickStartStep) => step.title.slice(0, 80)

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'figapi-quick-start-'))
    clone = join(work, 'figure-api')
    copyCheckout(ROOT, clone)
    linkNodeModules(ROOT, clone)
    dev = await startWranglerDev(join(work, 'wrangler-state'))
    apiKey = await newAccount(dev.url, OPENING_CREDITS, 'Local developer')
    writeFileSync(join(clone, '.dev-account.json'), `${JSON.stringify({ apiKey }, null, 2)}\n`)

    // No `set -e`: as in a terminal, a step goes on after a failed command (so `echo "$FIGURE"`
    // still shows the error envelope curl captured), and the run stops at the end of that step.
    const script = [
      "__quick_start_status=''; trap '__quick_start_status=$?' ERR",
      ...runnable.map((step) =>
        [
          // On a line of its own: curl's answers end without a newline.
          `for fd in 1 2; do printf '\\n${STEP_MARK}${step.number}::\\n' >&$fd; done`,
          step.blocks.join('\n').replaceAll(README_BASE_URL, dev.url),
          'if [ -n "$__quick_start_status" ]; then exit "$__quick_start_status"; fi',
        ].join('\n'),
      ),
    ].join('\n')
    const started = Date.now()
    run = await bash(script, clone, freshTerminalEnv(work))
    console.log(
      `quick start: steps ${runnable.map((s) => s.number).join(', ')} ran in ${((Date.now() - started) / 1000).toFixed(1)} s (step ${serviceStep?.number}, the service, is the test's wrangler dev)`,
    )
    outputs = byStep(run.stdout)
  }, 300_000)

  afterAll(async () => {
    await dev?.stop()
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it('has the steps this test checks, and only step 1 starts the service', () => {
    expect(serviceStep?.number).toBe(1)
    expect(serviceStep?.blocks).toEqual(['npm ci && npm run dev\n'])
    expect(runnable.map((step) => step.number)).toEqual([2, 3, 4, 5, 6])
  })

  it('runs every block to the end', () => {
    const reached = runnable.filter((step) => outputs.has(step.number)).at(-1)
    expect(
      run.code,
      `the quick start stopped in step ${reached && stepTitle(reached)}\n` +
        `stdout:\n${run.stdout.slice(-3000)}\nstderr:\n${run.stderr.slice(-3000)}\n` +
        `wrangler dev, last output:\n${dev.logs().slice(-2000)}`,
    ).toBe(0)
  })

  it('2: reads the key npm run dev made and prints the balance the README shows', () => {
    const shown = /^# (\{.*\})$/m.exec(steps.find((s) => s.number === 2)?.blocks[0] ?? '')?.[1]
    expect(shown).toBe(`{"success":true,"data":{"balance":${OPENING_CREDITS}}}`)
    expect(stdoutOf(2).trim()).toBe(shown)
  })

  it('3: drafts a figure and saves it as figure.png', () => {
    const answer = JSON.parse(stdoutOf(3).trim())
    expect(answer).toMatchObject({ success: true, data: { url: expect.stringMatching(/^http/) } })
    expect([...bytes('figure.png').subarray(0, 4)]).toEqual(PNG_MAGIC)
  })

  it('4: makes figure.tif with curl, figure.pdf with the CLI and a PDF with the SDK', async () => {
    const [tiffAnswer = '', ...rest] = stdoutOf(4).trim().split('\n')
    expect(JSON.parse(tiffAnswer)).toMatchObject({ success: true, data: { format: 'tiff' } })
    expect(isTiff(bytes('figure.tif'))).toBe(true)
    expect(isPdf(bytes('figure.pdf'))).toBe(true)
    const sdkUrl = rest.at(-1) ?? ''
    expect(sdkUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/files\//)
    const download = await fetch(sdkUrl)
    expect(download.status).toBe(200)
    expect(isPdf(new Uint8Array(await download.arrayBuffer()))).toBe(true)
  })

  it('5: vectorizes examples/drawing.png into drawing.svg', () => {
    expect(existsSync(join(clone, 'examples/drawing.png'))).toBe(true)
    const svg = readFileSync(join(clone, 'drawing.svg'), 'utf8')
    expect(svg).toMatch(/<svg[\s>]/)
    expect(svg).toMatch(/<path\b/)
  })

  it('6: packs the SDK and the CLI and uses them from another folder, with no registry', async () => {
    const sdkTarball = `figure-api-sdk-${packageVersion('packages/sdk')}.tgz`
    const cliTarball = `figapi-${packageVersion('packages/cli')}.tgz`
    expect(readdirSync(join(clone, 'packs')).sort()).toEqual([cliTarball, sdkTarball])
    const balance = (
      (await (
        await fetch(`${dev.url}/v1/credits`, {
          headers: { authorization: `Bearer ${apiKey}` },
        })
      ).json()) as { data: { balance: number } }
    ).data.balance
    expect(balance).toBeLessThan(OPENING_CREDITS)
    expect(stdoutOf(6)).toContain(`${balance} credits`)
    expect(stdoutOf(6)).toContain(`{ balance: ${balance} }`)

    // The project `mktemp -d` made in the test's TMPDIR: both packages came from the tarballs.
    const made = readdirSync(join(work, 'tmp')).filter((name) => /^tmp\.\w+$/.test(name))
    expect(made).toHaveLength(1)
    const project = join(work, 'tmp', made[0] ?? '')
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'))
    expect(manifest.dependencies).toEqual({
      '@figure-api/sdk': `file:${relative(project, join(clone, 'packs', sdkTarball))}`,
      figapi: `file:${relative(project, join(clone, 'packs', cliTarball))}`,
    })
    const version = await bash('npx figapi --version', project, freshTerminalEnv(work))
    expect(version).toMatchObject({ code: 0, stdout: `${packageVersion('packages/cli')}\n` })
  })
})
