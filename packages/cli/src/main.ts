/**
 * The `figapi` executable: runs the CLI on this process's arguments and streams. Ctrl-C cancels
 * the requests in flight (a second Ctrl-C exits at once).
 */

import { run } from './cli'

const controller = new AbortController()
process.once('SIGINT', () => {
  controller.abort()
  process.once('SIGINT', () => process.exit(130))
})

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
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(
      `figapi: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exitCode = 1
  },
)
