import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { InjectOptions } from 'fastify'
import { PASSWORD, createTestApp, type TestApp } from '../testing/test-app.ts'
import { limits } from './rate-limits.ts'

let t: TestApp
beforeEach(async () => {
  // The real limits: factor 1.
  t = await createTestApp({ RATE_LIMIT_FACTOR: '1' })
})
afterEach(async () => {
  await t.close()
})

type Case = [name: string, max: number, request: (i: number) => InjectOptions & { url: string }]

const ip = (i: number) => `10.0.${Math.floor(i / 250)}.${i % 250}`
const post = (url: string, payload: object, remoteAddress = '127.0.0.1') =>
  ({ method: 'POST', url, payload, remoteAddress }) as const

const cases: Case[] = [
  [
    'login per IP',
    limits.loginPerIp.max,
    (i) => post('/auth/login', { email: `u${i}@example.com`, password: 'x' }),
  ],
  [
    'login per e-mail and address',
    limits.loginPerPair.max,
    (i) => post('/auth/login', { email: 'target@example.com', password: `x${i}` }),
  ],
  [
    'login per e-mail (then a growing delay)',
    limits.loginPerEmail.max,
    (i) => post('/auth/login', { email: 'target@example.com', password: 'x' }, ip(i)),
  ],
  [
    'register per IP',
    limits.registerPerIp.max,
    (i) =>
      post('/auth/register', {
        name: 'A',
        email: `r${i}@example.com`,
        phoneNumber: '+14155550123',
        password: PASSWORD,
      }),
  ],
  [
    'register per e-mail',
    limits.registerPerEmail.max,
    (i) =>
      post(
        '/auth/register',
        { name: 'A', email: 'same@example.com', phoneNumber: '+14155550123', password: PASSWORD },
        ip(i),
      ),
  ],
  [
    'forgot per IP',
    limits.forgotPerIp.max,
    (i) =>
      post('/auth/reset-password-request', {
        email: `f${i}@example.com`,
        reset_form_url: 'http://localhost:5173/reset-password',
      }),
  ],
  [
    'forgot per e-mail',
    limits.forgotPerEmail.max,
    (i) =>
      post(
        '/auth/reset-password-request',
        { email: 'target@example.com', reset_form_url: 'http://localhost:5173/reset-password' },
        ip(i),
      ),
  ],
  [
    'reset per IP',
    limits.resetPerIp.max,
    (i) => post('/auth/reset-password', { pass_reset_token: `t${i}`, new_password: PASSWORD }),
  ],
  [
    'reset link check per IP',
    limits.resetCheckPerIp.max,
    (i) => ({ method: 'GET', url: `/auth/reset-password/token${i}` }),
  ],
  [
    'resend per IP',
    limits.resendPerIp.max,
    (i) => post('/auth/resend-verification', { email: `s${i}@example.com` }),
  ],
  [
    'resend per e-mail',
    limits.resendPerEmail.max,
    (i) => post('/auth/resend-verification', { email: 'target@example.com' }, ip(i)),
  ],
  [
    'verify per IP',
    limits.verifyPerIp.max,
    (i) => ({ method: 'GET', url: `/auth/verify-email/token${i}` }),
  ],
  [
    'refresh per IP',
    limits.refreshPerIp.max,
    (i) => ({
      method: 'POST',
      url: `/auth/refresh-token?user_id=u${i}`,
      headers: { authorization: 'Bearer x' },
    }),
  ],
]

describe('rate limits', () => {
  for (const [name, max, request] of cases) {
    it(`${name}: ${max} pass, the next answers 429 with a Retry-After that holds`, async () => {
      for (let i = 0; i < max; i++) {
        const res = await t.api(request(i))
        expect(res.statusCode, `request ${i + 1}`).not.toBe(429)
      }
      const over = await t.api(request(max))
      expect(over.statusCode).toBe(429)
      expect(over.json().status).toBe('error')
      expect(over.json().message).toMatch(
        /^Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
      )
      const retryAfter = Number(over.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(0)

      // Retry-After is the truth: a second short of it still refused, at it let through.
      t.clock.advance(retryAfter - 1)
      expect((await t.api(request(max + 1))).statusCode).toBe(429)
      t.clock.advance(1)
      expect((await t.api(request(max + 2))).statusCode).not.toBe(429)
    })
  }
})
