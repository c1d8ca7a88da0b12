// Test-only bindings added by vitest.config.ts.
import type { D1Migration } from 'cloudflare:test'

declare global {
  namespace Cloudflare {
    interface Env {
      MIGRATIONS: D1Migration[]
    }
  }
}
