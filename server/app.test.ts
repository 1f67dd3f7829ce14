import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './testing/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ EXTENSION_IDS: 'abcdefghijklmnopabcdefghijklmnop' })
})
afterAll(async () => {
  await t.close()
})

function preflight(origin: string) {
  return t.api({
    method: 'OPTIONS',
    url: '/users/me',
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization,ngrok-skip-browser-warning',
    },
  })
}

describe('CORS', () => {
  it('allows the site origin and the extension, with the tunnel header', async () => {
    for (const origin of [
      'http://localhost:5173',
      'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
    ]) {
      const res = await preflight(origin)
      expect(res.headers['access-control-allow-origin']).toBe(origin)
      expect(String(res.headers['access-control-allow-headers'])).toContain(
        'ngrok-skip-browser-warning',
      )
    }
  })

  it('refuses other origins and other extensions', async () => {
    for (const origin of [
      'https://evil.example',
      'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba',
    ]) {
      const res = await preflight(origin)
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
    }
  })
})

describe('security headers', () => {
  it('sets helmet headers on API answers', async () => {
    const res = await t.api({ method: 'GET', url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'success', data: { ok: true } })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'")
    // Listing photos load from their sources' photo hosts (the Listings page), nowhere else.
    expect(String(res.headers['content-security-policy'])).toContain(
      "img-src 'self' data: https://photos.zillowstatic.com https://ap.rdcpix.com https://ssl.cdn-redfin.com",
    )
  })
})
