import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saturationLoad } from './saturation-load.ts'

describe('saturationLoad', () => {
  const app = Fastify({ logger: false })
  const seen = { gets: 0, posts: 0, authorization: new Set<string>(), bodies: new Set<string>() }
  let origin = ''
  beforeAll(async () => {
    app.get('/count', (request) => {
      seen.gets++
      seen.authorization.add(String(request.headers.authorization))
      return { ok: true }
    })
    app.post('/count', (request) => {
      seen.posts++
      seen.bodies.add(JSON.stringify(request.body))
      return { ok: true }
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('not listening on TCP')
    origin = `http://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    await app.close()
  })

  it('loads the server from another process with the given method, headers and body', async () => {
    const got = await saturationLoad({
      url: `${origin}/count`,
      method: 'GET',
      headers: { authorization: 'Bearer bench' },
      body: undefined,
      connections: 2,
      duration: 1,
    })
    expect(got.requests.total).toBeGreaterThan(0)
    expect(got.non2xx).toBe(0)
    // Every answer it counted was a request this server saw, with the header it was given.
    expect(seen.gets).toBeGreaterThanOrEqual(got.requests.total)
    expect([...seen.authorization]).toEqual(['Bearer bench'])

    const posted = await saturationLoad({
      url: `${origin}/count`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com' }),
      connections: 1,
      duration: 1,
    })
    expect(posted.requests.total).toBeGreaterThan(0)
    expect(seen.posts).toBeGreaterThanOrEqual(posted.requests.total)
    expect([...seen.bodies]).toEqual(['{"email":"bench@example.com"}'])
  })
})
