// The bare baseline for `npm run bench`: a Hono app with one trivial JSON handler, run by the same
// `wrangler dev`/workerd as the Worker, so the difference is what our platform adds per request.
import { Hono } from 'hono'

const app = new Hono<{ Bindings: { DB: D1Database } }>()
app.get('/', (c) => c.json({ success: true, data: { balance: 0 } }))
// The floor of GET /v1/credits, whose balance must be read on the primary (PLATFORM.md §4 rule 9).
app.get('/d1', async (c) => {
  const row = await c.env.DB.prepare('SELECT ?1 AS balance').bind(0).first<{ balance: number }>()
  return c.json({ success: true, data: { balance: row?.balance ?? 0 } })
})
app.post('/', async (c) => {
  await c.req.arrayBuffer()
  return c.json({ success: true, data: {} })
})

export default app
