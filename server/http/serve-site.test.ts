import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.ts'

let t: TestApp
let site: string
beforeAll(async () => {
  site = mkdtempSync(path.join(tmpdir(), 'lb-site-'))
  mkdirSync(path.join(site, 'assets'))
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>site</title>')
  writeFileSync(path.join(site, 'assets', 'app-123.js'), 'console.log(1)')
  t = await createTestApp({}, { siteDir: site })
})
afterAll(async () => {
  await t.close()
})

describe('serving the built site', () => {
  it('answers index.html for page routes (SPA fallback), never cached', async () => {
    for (const url of ['/', '/pricing', '/dashboard/transactions']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toContain('<title>site</title>')
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('immutable')
  })

  it('serves files written after start-up (a rebuild needs no restart)', async () => {
    writeFileSync(path.join(site, 'assets', 'app-456.js'), 'console.log(2)')
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-456.js' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('console.log(2)')
  })

  it('keeps unknown API and non-page requests as 404 envelopes', async () => {
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { accept: 'text/html' },
    })
    expect(api.statusCode).toBe(404)
    expect(api.json<{ status: string }>().status).toBe('error')
    const json = await t.app.inject({
      method: 'GET',
      url: '/pricing',
      headers: { accept: 'application/json' },
    })
    expect(json.statusCode).toBe(404)
  })
})
