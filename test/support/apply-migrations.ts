// Setup for every test file: apply the D1 migrations to the (isolated, per-file) local database.
import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'

await applyD1Migrations(env.DB, env.MIGRATIONS)
