// figapi, the built CLI (packages/cli/dist/figapi.mjs), run as a subprocess against a real
// `wrangler dev` with fresh local D1/R2/DO state: outputs on disk, stdout/stderr and exit codes.
import { execFile, spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drawingPng, tiffResolution } from './support/tiny-images'
import { newAccount, ROOT, startWranglerDev, type WranglerDev } from './support/wrangler-dev'

const CLI = join(ROOT, 'packages/cli/dist/figapi.mjs')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

let service: WranglerDev
let key: string
let work: string

/**
 * Runs figapi in `cwd` with a clean environment: no inherited key, its own config folder.
 * `closed` closes that stream's reading end at once, as `figapi ... | head` does when head quits.
 */
function figapi(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; closed?: 'stdout' | 'stderr' } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? work,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: work,
        XDG_CONFIG_HOME: join(work, 'config'),
        FIGAPI_BASE_URL: service.url,
        FIGAPI_KEY: key,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    if (options.closed) child[options.closed].destroy()
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** A fresh folder under the test's work folder. */
function folder(name: string): string {
  const path = join(work, name)
  mkdirSync(path, { recursive: true })
  return path
}

beforeAll(async () => {
  // Test the sources as they are now: the build is deterministic, so an unchanged tree rebuilds
  // the committed dist/ byte for byte.
  await promisify(execFile)(process.execPath, [join(ROOT, 'packages/cli/build.mjs')])
  work = mkdtempSync(join(tmpdir(), 'figapi-cli-'))
  service = await startWranglerDev(join(ROOT, 'bench/out/cli-test'), {
    RL_PER_MINUTE: '1000',
    RL_MAX_INFLIGHT: '16',
  })
  key = await newAccount(service.url, 1000)
}, 150_000)

afterAll(async () => {
  await service?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('figapi convert', () => {
  it('writes a 600 DPI TIFF at -o and reports 2 credits when asked for --format tiff --dpi 600', async () => {
    const dir = folder('convert-one')
    writeFileSync(join(dir, 'drawing.png'), drawingPng())
    const run = await figapi(
      ['convert', 'drawing.png', '--format', 'tiff', '--dpi', '600', '-o', 'out.tif'],
      { cwd: dir },
    )
    expect(run.stderr).toContain('ok      drawing.png -> out.tif (2 credits)')
    expect(run.code).toBe(0)
    const tiff = readFileSync(join(dir, 'out.tif'))
    expect([...tiff.subarray(0, 4)]).toSatisfy(
      (magic: number[]) => magic.join() === '73,73,42,0' || magic.join() === '77,77,0,42',
    )
    expect(tiffResolution(tiff)).toEqual({ xResolution: 600, unit: 2 })
    expect(run.stdout).toMatch(
      /^file\s+status\s+credits\s+output\ndrawing\.png\s+ok\s+2\s+out\.tif\n/,
    )
    expect(run.stdout).toContain('1 done, 0 failed; 2 credits used')
  })

  it('processes a folder of 3 with --json: outputs next to the inputs, stdout only JSON', async () => {
    const dir = folder('batch/scans')
    for (const name of ['a.png', 'b.png', 'c.png']) writeFileSync(join(dir, name), drawingPng())
    const run = await figapi(['convert', 'batch/scans', '--json', '--concurrency', '3'])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    const summary = JSON.parse(run.stdout)
    expect(summary).toMatchObject({ ok: true, exitCode: 0, creditsConsumed: 3 })
    expect(
      summary.results.map((r: { input: string; status: string }) => [r.input, r.status]),
    ).toEqual([
      ['batch/scans/a.png', 'ok'],
      ['batch/scans/b.png', 'ok'],
      ['batch/scans/c.png', 'ok'],
    ])
    for (const [i, name] of ['a', 'b', 'c'].entries()) {
      const output = join(dir, `${name}.300dpi.png`)
      expect(summary.results[i].output).toBe(output)
      expect(summary.results[i].data).toMatchObject({ format: 'png', dpi: 300, creditsConsumed: 1 })
      expect([...readFileSync(output).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47])
    }
    // A second run skips the outputs the first one wrote (a.300dpi.png, ...).
    const again = JSON.parse((await figapi(['convert', 'batch/scans', '--json'])).stdout)
    expect(again.results).toHaveLength(3)
  })

  it('keeps paths below the glob base under --out-dir when given a ** glob', async () => {
    const dir = folder('tree/sub')
    writeFileSync(join(work, 'tree', 'top.png'), drawingPng())
    writeFileSync(join(dir, 'deep.png'), drawingPng())
    writeFileSync(join(dir, 'notes.txt'), 'not an image')
    const run = await figapi(['convert', 'tree/**/*.png', '--out-dir', 'filed', '--format', 'pdf'])
    expect(run.code).toBe(0)
    expect(readFileSync(join(work, 'filed/top.300dpi.pdf')).subarray(0, 5).toString()).toBe('%PDF-')
    expect(existsSync(join(work, 'filed/sub/deep.300dpi.pdf'))).toBe(true)
  })

  it('exits 1 and finishes the other inputs when one input is refused (422)', async () => {
    const dir = folder('mixed')
    writeFileSync(join(dir, 'good.png'), drawingPng())
    const run = await figapi(['convert', 'http://127.0.0.1:1/x.png', 'good.png'], { cwd: dir })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(
      /http:\/\/127\.0\.0\.1:1\/x\.png\s+failed\s+-\s+.*not allowed.*public http\(s\) image/,
    )
    expect(run.stdout).toMatch(/good\.png\s+ok\s+1\s+good\.300dpi\.png/)
    expect(existsSync(join(dir, 'good.300dpi.png'))).toBe(true)
  })
})

describe('figapi vectorize', () => {
  it('writes sketch.lineart.dxf next to the input when asked for --engine lineart --format dxf', async () => {
    const dir = folder('vector')
    writeFileSync(join(dir, 'sketch.png'), drawingPng())
    const run = await figapi([
      'vectorize',
      'vector/sketch.png',
      '--engine',
      'lineart',
      '--format',
      'dxf',
    ])
    expect(run.code).toBe(0)
    const dxf = readFileSync(join(dir, 'sketch.lineart.dxf'), 'utf8')
    expect(dxf).toContain('LWPOLYLINE')
    expect(dxf.trimEnd().endsWith('EOF')).toBe(true)
    expect(run.stdout).toMatch(/vector\/sketch\.png\s+ok\s+2\s+vector\/sketch\.lineart\.dxf/)
  })

  it('writes the PDF on a Letter sheet when asked for --format pdf --page letter', async () => {
    const dir = folder('vector-sheet')
    writeFileSync(join(dir, 'sketch.png'), drawingPng())
    const run = await figapi(['vectorize', 'sketch.png', '--format', 'pdf', '--page', 'letter'], {
      cwd: dir,
    })
    expect(run.code).toBe(0)
    const pdf = readFileSync(join(dir, 'sketch.lineart.pdf'), 'latin1')
    expect(pdf).toContain('/MediaBox [0 0 612 792]')
  })
})

describe('figapi enhance', () => {
  it('writes scan.x2.png at twice the size with the DPI stamped when asked for --scale 2 --dpi 600', async () => {
    const dir = folder('enhance')
    writeFileSync(join(dir, 'scan.png'), drawingPng(80, 60, 10))
    const run = await figapi(['enhance', 'scan.png', '--scale', '2', '--dpi', '600'], { cwd: dir })
    expect(run.code).toBe(0)
    const png = readFileSync(join(dir, 'scan.x2.png'))
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([160, 120])
    const phys = png.indexOf('pHYs')
    expect(png.readUInt32BE(phys + 4)).toBe(23622) // pixels per metre at 600 DPI
    expect(run.stdout).toMatch(/scan\.png\s+ok\s+2\s+scan\.x2\.png/)
  })
})

describe('figapi figure', () => {
  it('saves figure.svg and lists the numerals when given a prompt with --labeled --svg', async () => {
    const dir = folder('figure')
    const prompt =
      'A system 100 comprising a processor 102 coupled to a memory 104, and a network interface 106 that communicates with a server 110.'
    const run = await figapi(['figure', prompt, '--labeled', '--svg'], { cwd: dir })
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^figure\.svg {2}\(drafter, 8 credits\)\n/)
    expect(run.stdout).toMatch(/104\s+MEMORY/)
    const svg = readFileSync(join(dir, 'figure.svg'), 'utf8')
    expect(/^(<\?xml[^>]*>\s*)?<svg[^>]*viewBox=/.test(svg)).toBe(true)
    // A second figure does not overwrite the first.
    const second = await figapi(['figure', prompt, '--svg', '--json'], { cwd: dir })
    expect(JSON.parse(second.stdout)).toMatchObject({
      output: join(dir, 'figure-2.svg'),
      creditsConsumed: 8,
    })
  })

  it('uploads --ref files from disk and draws them, and refuses URLs and files mixed', async () => {
    const dir = folder('figure-refs')
    writeFileSync(join(dir, 'sketch.png'), drawingPng(240, 180))
    const run = await figapi(['figure', '--ref', './sketch.png', '--svg', '--json'], { cwd: dir })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({
      creditsConsumed: 8,
      data: { method: 'reference-lines' },
    })
    const mixed = await figapi(
      ['figure', '--ref', 'sketch.png', '--ref', 'https://example.com/a.png'],
      { cwd: dir },
    )
    expect(mixed.code).toBe(2)
    expect(mixed.stderr).toMatch(/URLs or as files, not both/)
    const missing = await figapi(['figure', '--ref', 'nothing.png'], { cwd: dir })
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/readable image file or an http\(s\) URL/)
  })
})

describe('figapi figure structures and sheets', () => {
  /** The structure as --structure writes it (the parts these tests read). */
  interface Structure {
    kind: string
    elements: { id: string; numeral?: string; label: string; kind: string }[]
    connections?: unknown[]
  }

  /** The account's balance, read through the CLI. */
  const balance = async () => JSON.parse((await figapi(['credits', '--json'])).stdout).balance

  it('draws the edited label when a --structure file is edited and sent back with --from', async () => {
    const dir = folder('structure')
    const prompt =
      'A system 100 comprising a processor 102 coupled to a memory 104, and a network interface 106 that communicates with a server 110.'
    const first = await figapi(
      ['figure', prompt, '--labeled', '-o', 'fig1.png', '--structure', 'fig1.json'],
      { cwd: dir },
    )
    expect(first.code).toBe(0)
    expect(first.stdout).toContain(
      'fig1.json  (the structure drawn: edit it, then figapi figure --from fig1.json)',
    )
    const drawn = JSON.parse(readFileSync(join(dir, 'fig1.json'), 'utf8')) as Structure
    expect(drawn.kind).toBe('block-diagram')
    const memory = drawn.elements.find((e) => e.numeral === '104')
    expect(memory).toMatchObject({ label: 'MEMORY' })
    memory!.label = 'MAIN MEMORY'
    writeFileSync(join(dir, 'fig1.json'), JSON.stringify(drawn, null, 2))

    const again = await figapi(
      [
        'figure',
        '--from',
        'fig1.json',
        '--labeled',
        '-o',
        'fig1b.png',
        '--structure',
        'fig1b.json',
      ],
      { cwd: dir },
    )
    expect(again.stderr).toBe('')
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/^fig1b\.png {2}\(drafter, 10 credits\)\n/)
    expect(again.stdout).toMatch(/\n104\s+MAIN MEMORY\n/)
    expect([...readFileSync(join(dir, 'fig1b.png')).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47])
    // Drawn exactly as written: the structure that comes back is the edited one.
    const redrawn = JSON.parse(readFileSync(join(dir, 'fig1b.json'), 'utf8')) as Structure
    expect(redrawn.elements).toEqual(drawn.elements)
    expect(redrawn.connections).toEqual(drawn.connections)

    // With --json: the structure was sent, not read from a prompt.
    const json = await figapi(['figure', '--from', 'fig1.json', '--svg', '--json'], { cwd: dir })
    expect(json.code).toBe(0)
    const { data } = JSON.parse(json.stdout)
    expect(data.reader).toBe('sent')
    expect(data.figure.elements).toContainEqual(expect.objectContaining({ label: 'MAIN MEMORY' }))
  })

  it('exits 2 naming the file, line and column, with no stack trace, when --from is not JSON', async () => {
    const dir = folder('structure-bad')
    // Line 4, column 19: the "}" after a trailing comma.
    writeFileSync(
      join(dir, 'bad.json'),
      '{\n  "kind": "block-diagram",\n  "elements": [\n    { "id": "p1", }\n  ]\n}\n',
    )
    // An address nothing listens on: a request would end in exit 5, not 2.
    const env = { FIGAPI_BASE_URL: 'http://127.0.0.1:1' }
    const run = await figapi(['figure', '--from', 'bad.json'], { cwd: dir, env })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^figapi: --from bad\.json is not valid JSON: .+\n$/)
    // Node 20 reports only the offset (the CLI adds "line 4, column 19"); Node 22 says it itself.
    expect(run.stderr).toMatch(/line 4,? column 19/)
    expect(run.stderr).not.toMatch(/\n\s+at /)
    expect(run.stdout).toBe('')
  })

  it('exits 2 naming the file when --from does not exist or holds no structure', async () => {
    const dir = folder('structure-missing')
    writeFileSync(join(dir, 'list.json'), '[1, 2]\n')
    const env = { FIGAPI_BASE_URL: 'http://127.0.0.1:1' }
    const missing = await figapi(['figure', '--from', 'missing.json'], { cwd: dir, env })
    expect(missing.code).toBe(2)
    expect(missing.stderr).toBe('figapi: Could not read --from missing.json: no such file\n')
    const list = await figapi(['figure', '--from', 'list.json', '--json'], { cwd: dir, env })
    expect(list.code).toBe(2)
    expect(list.stderr).toContain('Expected a figure structure in --from list.json')
    expect(JSON.parse(list.stdout)).toMatchObject({ ok: false, exitCode: 2 })
  })

  it('saves one file per sheet after its legend and lists each when a 30-step method needs several sheets', async () => {
    const dir = folder('sheets')
    const steps = [
      'receiving the parcel at station 1',
      'weighing the parcel',
      'scanning the barcode of the parcel',
      'reading the destination address',
      'checking the address against a database',
      'assigning a sort code to the parcel',
      'printing a routing label',
      'applying the routing label to the parcel',
      'measuring the dimensions of the parcel',
      'selecting a conveyor lane',
      'diverting the parcel onto the conveyor lane',
      'photographing the parcel',
      'detecting damage to the parcel',
      'flagging a damaged parcel for inspection',
      'grouping the parcel with parcels for the same route',
      'loading the group into a tote',
      'sealing the tote',
      'labeling the tote with a route number',
      'moving the tote to a dock door',
      'recording the tote at the dock door',
      'loading the tote onto a truck',
      'updating a manifest of the truck',
      'transmitting the manifest to a hub',
      'notifying the recipient of the shipment',
      'closing the truck door',
      'dispatching the truck',
      'tracking the truck to the hub',
      'unloading the tote at the hub',
      'confirming receipt of the tote',
      'archiving the parcel record',
    ]
    expect(new Set(steps).size).toBe(30)
    const prompt = `FIG. 7 is a flowchart of a sorting method 700 comprising: ${steps
      .map((step, i) => `${step} (step ${702 + 2 * i})`)
      .join('; ')}.`
    const run = await figapi(['figure', prompt, '--labeled', '-o', 'fig7.png'], { cwd: dir })
    expect(run.code).toBe(0)
    const count = Number(/^(\d+) sheets {2}\(drafter, 10 credits\)\n/.exec(run.stdout)?.[1])
    expect(count).toBeGreaterThan(1)
    const letters = Array.from({ length: count }, (_, i) => String.fromCharCode(65 + i))
    expect(run.stdout).toMatch(/\nsheet\s+file\n/)
    for (const letter of letters) {
      expect(run.stdout).toMatch(new RegExp(`\\nFIG\\. 7${letter}\\s+fig7-${letter}\\.png\\n`))
      const png = readFileSync(join(dir, `fig7-${letter}.png`))
      expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47])
    }
    expect(existsSync(join(dir, 'fig7.png'))).toBe(false)
    expect(existsSync(join(dir, `fig7-${String.fromCharCode(65 + count)}.png`))).toBe(false)
    // Every step is listed with its numeral.
    expect(run.stdout).toMatch(/\n702\s+RECEIVING THE PARCEL AT STATION 1\n/)
    expect(run.stdout).toMatch(/\n760\s+ARCHIVING THE PARCEL RECORD\n/)
  })

  it('exits 1 with the API message and charges nothing when the prompt is PROMPT_NOT_UNDERSTOOD', async () => {
    const dir = folder('not-understood')
    const prompt = 'Draw a block diagram of my invention, the usual parts.'
    const before = await balance()
    const run = await figapi(['figure', prompt], { cwd: dir })
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(`figapi: Read "${prompt}": `)
    expect(run.stderr).toContain(
      '(rewrite the prompt, or send the structure itself with --from FILE)',
    )
    expect(run.stderr).not.toMatch(/\n\s+at /)
    const json = await figapi(['figure', prompt, '--json'], { cwd: dir })
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      exitCode: 1,
      error: {
        code: 'PROMPT_NOT_UNDERSTOOD',
        status: 400,
        requestId: expect.any(String),
        message: expect.stringContaining(prompt),
      },
    })
    expect(existsSync(join(dir, 'figure.png'))).toBe(false)
    expect(await balance()).toBe(before)
  })
})

describe('figapi credits and keys', () => {
  it('prints the balance, as text and as JSON', async () => {
    expect((await figapi(['credits'])).stdout).toMatch(/^\d+ credits\n$/)
    const run = await figapi(['credits', '--json'])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual({ balance: expect.any(Number) })
  })

  it('creates a key (only the key on stdout), lists it, revokes it, and the revoked key gets exit 3', async () => {
    const created = await figapi(['keys', 'create', '--name', 'ci'])
    expect(created.code).toBe(0)
    const newKey = created.stdout.trim()
    expect(newKey).toMatch(/^pfg_live_[A-Za-z0-9]{38}$/)
    expect(created.stderr).toContain('shown only now')
    expect((await figapi(['credits'], { env: { FIGAPI_KEY: newKey } })).code).toBe(0)

    const list = JSON.parse((await figapi(['keys', 'list', '--json'])).stdout)
    const entry = list.keys.find((k: { name: string }) => k.name === 'ci')
    expect(entry).toMatchObject({ prefix: newKey.slice(0, 12), last4: newKey.slice(-4) })
    const table = await figapi(['keys', 'list'])
    expect(table.stdout).toContain(`${entry.id}  ci`)

    const revoked = await figapi(['keys', 'revoke', entry.id])
    expect(revoked.code).toBe(0)
    expect(revoked.stdout).toContain(`Revoked ${entry.id}`)
    const refused = await figapi(['credits'], { env: { FIGAPI_KEY: newKey } })
    expect(refused.code).toBe(3)
    expect(refused.stderr).toContain(
      'The API key was refused (INVALID_API_KEY): set FIGAPI_KEY or run figapi login',
    )
    const again = await figapi(['keys', 'revoke', entry.id])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('see figapi keys list')
  })

  it('login stores the key with mode 0600 and later commands use it; logout forgets it', async () => {
    const config = join(work, 'login-config')
    const env = { XDG_CONFIG_HOME: config, FIGAPI_KEY: '' }
    const login = await figapi(['login', '--key', key], { env })
    expect(login.code).toBe(0)
    const file = join(config, 'figapi/config.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ apiKey: key, baseUrl: service.url })
    expect((await figapi(['credits'], { env })).code).toBe(0)
    expect((await figapi(['logout'], { env })).code).toBe(0)
    expect((await figapi(['credits'], { env })).code).toBe(3)
  })
})

describe('figapi errors and exit codes', () => {
  it('exits 4 and names the fix before sending anything when the balance is short', async () => {
    const poor = await newAccount(service.url, 1)
    const dir = folder('poor')
    writeFileSync(join(dir, 'drawing.png'), drawingPng())
    const run = await figapi(['convert', 'drawing.png', '--dpi', '600'], {
      cwd: dir,
      env: { FIGAPI_KEY: poor },
    })
    expect(run.code).toBe(4)
    expect(run.stderr).toContain('balance 1, this needs 2 credits: top up or use --dpi 300')
    expect(existsSync(join(dir, 'drawing.600dpi.png'))).toBe(false)
    // The same advice when the API itself answers 402 (the check skipped).
    const api = await figapi(['convert', 'drawing.png', '--dpi', '600', '--no-check', '--json'], {
      cwd: dir,
      env: { FIGAPI_KEY: poor },
    })
    expect(api.code).toBe(4)
    const result = JSON.parse(api.stdout).results[0]
    expect(result).toMatchObject({
      status: 'failed',
      error: {
        status: 402,
        code: 'INSUFFICIENT_CREDITS',
        message: 'balance 1, this needs 2 credits: top up or use --dpi 300',
      },
    })
  })

  it('exits 3 and says where a key comes from when none is set', async () => {
    const run = await figapi(['credits'], { env: { FIGAPI_KEY: '' } })
    expect(run.code).toBe(3)
    expect(run.stderr).toContain('No API key: set FIGAPI_KEY, pass --key, or run figapi login')
  })

  it('exits 2 on bad usage without contacting the service', async () => {
    // An address nothing listens on: a request would end in exit 5, not 2.
    const env = { FIGAPI_BASE_URL: 'http://127.0.0.1:1' }
    const two = folder('usage-two')
    for (const name of ['a.png', 'b.png']) writeFileSync(join(two, name), drawingPng())
    const cases: [string[], string][] = [
      [['convert', 'x.png', '--dpi', '72'], 'Expected 300 or 600 for --dpi but received 72'],
      [
        ['vectorize', 'x.png', '--format', 'png'],
        'Expected svg or dxf or pdf for --format but received png',
      ],
      [['vectorize', 'x.png', '--page', 'a4'], '--page applies to PDF only: add --format pdf'],
      [['convert', 'x.png', '--bogus'], 'Unknown option --bogus: see figapi help convert'],
      [['convert'], 'convert needs at least one input'],
      [['convert', 'missing.png'], 'No such file or folder: missing.png'],
      [['convert', 'usage-two', '-o', 'one.png'], 'use --out-dir instead'],
      [['frobnicate'], 'Unknown command frobnicate'],
      [['keys', 'rotate'], 'Expected create, list or revoke after keys but received rotate'],
    ]
    for (const [args, message] of cases) {
      const run = await figapi(args, { env })
      expect({ args, code: run.code }).toEqual({ args, code: 2 })
      expect(run.stderr).toContain(message)
    }
    expect((await figapi(['credits'], { env })).code).toBe(5)
  })

  it('exits 0 quietly when the reader of stdout or stderr has gone (figapi ... | head)', async () => {
    for (const args of [['keys', 'list'], ['credits', '--json'], ['help']]) {
      const run = await figapi(args, { closed: 'stdout' })
      expect({ args, code: run.code, stderr: run.stderr }).toEqual({ args, code: 0, stderr: '' })
    }
    const usageError = await figapi(['frobnicate'], { closed: 'stderr' })
    expect(usageError).toEqual({ code: 0, stdout: '', stderr: '' })
  })

  it('documents the exit codes in help and prints the package version', async () => {
    const help = await figapi(['help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('4  insufficient credits')
    expect((await figapi(['help', 'convert'])).stdout).toContain(
      '--dpi          300 (default, 2K preset) or 600',
    )
    const { version } = JSON.parse(readFileSync(join(ROOT, 'packages/cli/package.json'), 'utf8'))
    expect((await figapi(['--version'])).stdout).toBe(`${version}\n`)
  })
})
