import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

// Found by the route fuzz test: @fastify/cors answered these in plain text, outside the envelope.
describe('a malformed CORS preflight', () => {
  it.each([
    ['no Origin', { 'access-control-request-method': 'GET' }],
    ['no Access-Control-Request-Method', { origin: 'http://localhost:5173' }],
    ['neither', {}],
  ])('with %s is a 400 in the error envelope', async (_what, headers) => {
    const res = await t.api({ method: 'OPTIONS', url: '/users/me', headers })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      status: 'error',
      message: 'A CORS preflight needs Origin and Access-Control-Request-Method.',
      errors: { message: 'A CORS preflight needs Origin and Access-Control-Request-Method.' },
    })
  })

  it('while a browser’s preflight still passes', async () => {
    const res = await t.api({
      method: 'OPTIONS',
      url: '/users/me',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    })
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173')
  })
})
