import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { PASSWORD, createTestApp, type TestApp } from '../testing/test-app.ts'
import { limits } from '../auth/rate-limits.ts'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('TRUST_PROXY', () => {
  it('refuses "true", which would let any client pick its own IP', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/lb-trust', TRUST_PROXY: 'true' })).toThrow(
      /number of proxies/,
    )
  })

  it('with one trusted proxy, a forged X-Forwarded-For entry does not dodge the per-IP limit', async () => {
    t = await createTestApp({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: '1' })
    const app = t
    const attempt = (i: number) =>
      app.api({
        method: 'POST',
        url: '/auth/login',
        payload: { email: `u${i}@example.com`, password: PASSWORD },
        // The client forges the left entry; our proxy appends the real address.
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
      })
    for (let i = 0; i < limits.loginPerIp.max; i++) expect((await attempt(i)).statusCode).toBe(401)
    expect((await attempt(99)).statusCode).toBe(429)
  })
})

describe('/dev/mailbox', () => {
  it('is not served when real e-mail goes out (the outbox holds live links)', async () => {
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' })
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages.json' })
    expect(res.statusCode).toBe(404)
  })
})
