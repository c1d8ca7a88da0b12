// Tests run inside workerd, except "node" and "e2e". Five projects:
// - "unit": codecs, engines and lib helpers as plain modules (no Worker loaded);
// - "api": the real Worker with local D1, R2 and Durable Objects, limits high enough for the
//   50-way charge race;
// - "limits": the same Worker with the low per-account limits the rate-limit tests exercise;
// - "node": engines and codecs under Node, checked by external tools (libtiff, qpdf, poppler,
//   ImageMagick) that a test inside workerd cannot spawn; skipped with a message when absent;
// - "e2e": against `wrangler dev` (`npm run test:e2e`): the web console in headless Chromium
//   (Debian's chromium via playwright-core; skipped with a message when /usr/bin/chromium is
//   absent), and the README's quick start run verbatim from a temp copy of the repository.
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

/** Secrets for tests only; production values come from `wrangler secret put`. */
const TEST_SECRETS = {
  ADMIN_TOKEN: 'test-admin-token-0123456789abcdef',
  API_KEY_PEPPER: 'test-pepper-v1-0123456789abcdef0123456789abcdef',
  OUTPUT_URL_SECRET: 'test-url-secret-0123456789abcdef0123456789abcdef',
}

// The plugin reads wrangler.toml's required secrets from the environment; give it the test values.
Object.assign(process.env, TEST_SECRETS)

/** Keeps test output readable: the Worker's info-level access logs are dropped, warnings kept. */
const quietInfoLogs = (log: string) => !log.startsWith('{"level":"info"')

export default defineConfig(async () => {
  const migrations = await readD1Migrations('migrations')
  const worker = (vars: Record<string, string>) =>
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: { bindings: { MIGRATIONS: migrations, ...TEST_SECRETS, ...vars } },
    })
  const shared = { setupFiles: ['test/support/apply-migrations.ts'], testTimeout: 30_000 }
  return {
    test: {
      onConsoleLog: quietInfoLogs,
      projects: [
        {
          plugins: [
            cloudflareTest({
              miniflare: {
                compatibilityDate: '2026-11-01',
                compatibilityFlags: ['nodejs_compat'],
                // .wasm files load as compiled modules, as wrangler does for the Worker.
                // .bin files (the upscaler's weights) and .ttf fonts load as ArrayBuffer data
                // modules, likewise.
                modulesRules: [
                  { type: 'CompiledWasm', include: ['**/*.wasm'] },
                  { type: 'Data', include: ['**/*.bin', '**/*.ttf'] },
                ],
              },
            }),
          ],
          // The fuzz settings (FUZZ_SEED, FUZZ_RUNS, FUZZ_TIME_MS) reach the tests in workerd.
          envPrefix: ['VITE_', 'FUZZ_'],
          test: {
            name: 'unit',
            include: ['test/{codecs,engines,lib,kernels,writers}/**/*.test.ts'],
            testTimeout: 60_000,
          },
        },
        {
          plugins: [worker({ RL_PER_MINUTE: '100000', RL_MAX_INFLIGHT: '1000' })],
          envPrefix: ['VITE_', 'FUZZ_'],
          test: {
            ...shared,
            name: 'api',
            include: ['test/**/*.test.ts'],
            exclude: [
              'test/limits/**',
              'test/node/**',
              'test/e2e/**',
              'test/{codecs,engines,lib,kernels,writers}/**',
            ],
          },
        },
        {
          test: {
            name: 'node',
            environment: 'node',
            include: ['test/node/**/*.test.ts'],
            testTimeout: 120_000,
          },
        },
        {
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['test/e2e/**/*.test.ts'],
            // Starting wrangler dev (bundle, migrations) and drawing a figure take a while on 2 cores.
            testTimeout: 180_000,
            hookTimeout: 300_000,
          },
        },
        {
          plugins: [worker({ RL_PER_MINUTE: '5', RL_MAX_INFLIGHT: '2' })],
          test: { ...shared, name: 'limits', include: ['test/limits/**/*.test.ts'] },
        },
      ],
    },
  }
})
