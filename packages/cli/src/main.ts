/**
 * The `figapi` executable: runs the CLI on this process's arguments and streams. Ctrl-C cancels
 * the requests in flight (a second Ctrl-C exits at once). When the reader of stdout or stderr
 * goes away (`figapi keys list | head -1`), it stops quietly with status 0.
 */

import { run } from './cli'
import { EXIT } from './exit-codes'

/** How long the run may take to wind down after its reader went away, ms. */
const WIND_DOWN_MS = 2000

const controller = new AbortController()
process.once('SIGINT', () => {
  controller.abort()
  process.once('SIGINT', () => process.exit(130))
})

/** Whether stdout's or stderr's reader has gone (EPIPE): nothing more can be shown. */
let readerGone = false

/**
 * A closed pipe ends the command as it ends other command-line tools, without Node's stack trace
 * for an unhandled 'error' event: work in flight is cancelled as by Ctrl-C (so no half-written
 * file stays behind) and the status is 0. Any other stream error stays fatal.
 */
function onStreamError(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') throw error
  if (readerGone) return
  readerGone = true
  process.exitCode = EXIT.OK
  controller.abort()
  setTimeout(() => process.exit(EXIT.OK), WIND_DOWN_MS).unref()
}
process.stdout.on('error', onStreamError)
process.stderr.on('error', onStreamError)

run(
  process.argv.slice(2),
  {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  },
  controller.signal,
).then(
  (code) => {
    process.exitCode = readerGone ? EXIT.OK : code
  },
  (error: unknown) => {
    if (readerGone) return
    process.stderr.write(
      `figapi: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exitCode = 1
  },
)
