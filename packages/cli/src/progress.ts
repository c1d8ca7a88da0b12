/**
 * Progress of a batch on stderr: a bar redrawn in place when stderr is a terminal, one line per
 * finished input otherwise, nothing with --json (stdout then carries only the JSON).
 */

import { credits } from './table'

/** What a finished input reports. */
export interface ItemOutcome {
  label: string
  ok: boolean
  /** Output path (ok) or the error's sentence (failed). */
  detail: string
  credits?: number
  /** The API answered with the stored response of this request's earlier attempt. */
  replayed?: boolean
}

/** Receives a batch's events. */
export interface Progress {
  start(label: string): void
  done(outcome: ItemOutcome): void
  /** A request is retried (429, 409 in progress, network); shown so a wait is not a hang. */
  retry(label: string, info: { attempt: number; delayMs: number; reason: string }): void
  finish(): void
}

/** Writable side the progress goes to (process.stderr in the CLI). */
export interface ProgressStream {
  write(text: string): unknown
  isTTY?: boolean
  columns?: number
}

/** No output (--json). */
export const silentProgress: Progress = {
  start() {},
  done() {},
  retry() {},
  finish() {},
}

/** One line per finished input: "ok      drawing.png -> drawing.600dpi.tif (2 credits)". */
export function lineProgress(stream: ProgressStream): Progress {
  return {
    start() {},
    done(o) {
      const replay = o.replayed ? ', replayed' : ''
      const spent = o.credits === undefined ? '' : ` (${credits(o.credits)}${replay})`
      stream.write(
        o.ok ? `ok      ${o.label} -> ${o.detail}${spent}\n` : `failed  ${o.label}: ${o.detail}\n`,
      )
    },
    retry(label, info) {
      stream.write(
        `retry   ${label}: ${info.reason}, attempt ${info.attempt} in ${(info.delayMs / 1000).toFixed(1)} s\n`,
      )
    },
    finish() {},
  }
}

/** A bar redrawn on one line: "[########------------] 2/5  1 failed  drawing.png". */
export function barProgress(stream: ProgressStream, total: number): Progress {
  let finished = 0
  let failed = 0
  const running: string[] = []
  const draw = () => {
    const width = 24
    const filled = total === 0 ? width : Math.round((finished / total) * width)
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`
    const failures = failed ? `  ${failed} failed` : ''
    let line = `${bar} ${finished}/${total}${failures}  ${running.join(', ')}`
    const columns = stream.columns || 80
    if (line.length > columns - 1) line = `${line.slice(0, columns - 2)}…`
    stream.write(`\r\x1b[K${line}`)
  }
  return {
    start(label) {
      running.push(label)
      draw()
    },
    done(o) {
      finished++
      if (!o.ok) {
        failed++
        stream.write(`\r\x1b[Kfailed  ${o.label}: ${o.detail}\n`)
      }
      const at = running.indexOf(o.label)
      if (at >= 0) running.splice(at, 1)
      draw()
    },
    retry(label, info) {
      stream.write(
        `\r\x1b[Kretry   ${label}: ${info.reason}, in ${(info.delayMs / 1000).toFixed(1)} s\n`,
      )
      draw()
    },
    finish() {
      stream.write('\r\x1b[K')
    },
  }
}
