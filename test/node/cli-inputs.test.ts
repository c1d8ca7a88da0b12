// figapi's input handling under Node: pattern splitting, folder/glob expansion (tinyglobby) with
// its skip rules and output naming.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CliError } from '../../packages/cli/src/exit-codes'
import { splitPattern } from '../../packages/cli/src/glob'
import { expandInputs, outputPathFor } from '../../packages/cli/src/inputs'

describe('cli glob', () => {
  it('splits a pattern at its first segment with glob syntax', () => {
    expect(splitPattern('scans/2024/*.png')).toEqual({ base: 'scans/2024', rest: '*.png' })
    expect(splitPattern('*.png')).toEqual({ base: '.', rest: '*.png' })
    expect(splitPattern('/data/**/a.png')).toEqual({ base: '/data', rest: '**/a.png' })
  })
})

describe('cli inputs', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'figapi-inputs-'))
    mkdirSync(join(dir, 'scans/sub'), { recursive: true })
    mkdirSync(join(dir, 'scans/.hidden'), { recursive: true })
    for (const name of [
      'scans/b.png',
      'scans/a.JPG',
      'scans/a.600dpi.tif',
      'scans/a.lineart.svg',
      'scans/notes.txt',
      'scans/.secret.png',
      'scans/sub/c.tiff',
      'scans/.hidden/d.png',
    ])
      writeFileSync(join(dir, name), '')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const rels = async (args: string[], recursive = false) =>
    (await expandInputs(args, { cwd: dir, recursive })).map((i) => i.rel)

  it('takes a folder top level only, skipping hidden files, non-images and figapi outputs', async () => {
    expect(await rels(['scans'])).toEqual(['a.JPG', 'b.png'])
    expect(await rels(['scans'], true)).toEqual(['a.JPG', 'b.png', 'sub/c.tiff'])
  })

  it('expands globs relative to their base and drops duplicates', async () => {
    expect(await rels(['scans/**/*.{png,tiff}'])).toEqual(['b.png', 'sub/c.tiff'])
    expect(await rels(['scans/[!a]*.png'])).toEqual(['b.png'])
    expect(await rels(['scans/?.JPG'])).toEqual(['a.JPG'])
    expect(await rels(['scans/sub/**'])).toEqual(['c.tiff'])
    expect(await rels(['scans/b.png', 'scans/*.png'])).toEqual(['b.png'])
  })

  it('takes a file named directly even when it looks like an output', async () => {
    expect(await rels(['scans/a.600dpi.tif'])).toEqual(['a.600dpi.tif'])
  })

  it('refuses with a usage error an input that matches nothing', async () => {
    await expect(expandInputs(['nope.png'], { cwd: dir, recursive: false })).rejects.toThrow(
      CliError,
    )
    await expect(expandInputs(['scans/*.gif'], { cwd: dir, recursive: false })).rejects.toThrow(
      'No image files match scans/*.gif',
    )
  })

  it('names outputs next to the input, under --out-dir by relative path, and never over the input', async () => {
    const [file, nested] = await expandInputs(['scans/b.png', 'scans/**/c.tiff'], {
      cwd: dir,
      recursive: false,
    })
    const naming = { suffix: '.600dpi', extension: 'tif', cwd: dir }
    expect(outputPathFor(file!, naming)).toBe(join(dir, 'scans/b.600dpi.tif'))
    expect(outputPathFor(nested!, { ...naming, outDir: 'out' })).toBe(
      join(dir, 'out/sub/c.600dpi.tif'),
    )
    expect(() => outputPathFor(file!, { ...naming, output: 'scans/b.png' })).toThrow('overwrite')
    const [url] = await expandInputs(['https://example.com/figs/fig%201.png?x=1'], {
      cwd: dir,
      recursive: false,
    })
    expect(outputPathFor(url!, { suffix: '.x2', extension: 'png', cwd: dir })).toBe(
      join(dir, 'fig_1.x2.png'),
    )
  })
})
