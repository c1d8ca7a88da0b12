// The bare baseline for `npm run bench`: a Hono app with one trivial JSON handler, run by the same
// `wrangler dev`/workerd as the Worker, so the difference is what our platform adds per request.
import { Hono } from 'hono'

const app = new Hono()
app.get('/', (c) => c.json({ success: true, data: { balance: 0 } }))
app.post('/', async (c) => {
  await c.req.arrayBuffer()
  return c.json({ success: true, data: {} })
})

export default app
