// Test-only typings: the bindings vitest.config.ts adds, and the Worker module behind `exports`.
import type { D1Migration } from 'cloudflare:test'

declare global {
  namespace Cloudflare {
    interface Env {
      MIGRATIONS: D1Migration[]
    }
    interface GlobalProps {
      mainModule: typeof import('../../src/index')
    }
  }
}
