import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import {
  marketplaceFormProfile,
  type MarketplaceFormProfile,
} from '../../api/schemas/marketplace-form-profile.ts'
import { ConfigError, loadConfig } from '../config.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { FORM_PROFILE_CACHE_CONTROL, ifNoneMatchHits } from './form-profile.ts'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const dir = mkdtempSync(path.join(tmpdir(), 'lb-form-profile-'))
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

function writeProfile(name: string, content: unknown): string {
  const file = path.join(dir, name)
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  return file
}

/** The built-in profile after an operator's fix: Facebook renamed "Number of bedrooms". */
function editedProfile(): MarketplaceFormProfile {
  const profile = structuredClone(BUILT_IN_FORM_PROFILE)
  profile.version = 'ops-2026-12-01'
  const en = profile.languages.en
  if (!en) throw new Error('the built-in profile has English')
  en.fields.bedrooms = ['Bedroom count', ...en.fields.bedrooms]
  return profile
}

const PROFILE_URL = '/marketplace/form-profile'

describe('GET /marketplace/form-profile', () => {
  it('serves the built-in profile without a login, cacheable, with a strong ETag of the body', async () => {
    t = await createTestApp()
    const res = await t.api({ method: 'GET', url: PROFILE_URL })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.status).toBe('success')
    expect(marketplaceFormProfile.parse(body.data)).toEqual(BUILT_IN_FORM_PROFILE)
    expect(res.headers['cache-control']).toBe('public, no-cache')
    const hash = createHash('sha256').update(res.body).digest('base64url')
    expect(res.headers.etag).toBe(`"${hash}"`)
  })

  it('answers 304 without a body when If-None-Match holds the ETag', async () => {
    t = await createTestApp()
    const first = await t.api({ method: 'GET', url: PROFILE_URL })
    const etag = String(first.headers.etag)

    const again = await t.api({
      method: 'GET',
      url: PROFILE_URL,
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe(FORM_PROFILE_CACHE_CONTROL)

    const listed = await t.api({
      method: 'GET',
      url: PROFILE_URL,
      headers: { 'if-none-match': `"older", W/${etag}` },
    })
    expect(listed.statusCode).toBe(304)

    const stale = await t.api({
      method: 'GET',
      url: PROFILE_URL,
      headers: { 'if-none-match': '"older"' },
    })
    expect(stale.statusCode).toBe(200)
    expect(stale.json().data).toEqual(BUILT_IN_FORM_PROFILE)
  })

  it('serves the MARKETPLACE_FORM_PROFILE file instead, under another ETag', async () => {
    t = await createTestApp()
    const builtInEtag = String((await t.api({ method: 'GET', url: PROFILE_URL })).headers.etag)
    await t.close()

    const profile = editedProfile()
    t = await createTestApp({ MARKETPLACE_FORM_PROFILE: writeProfile('edited.json', profile) })
    expect(t.ctx.config.marketplaceFormProfile).toEqual(profile)
    const res = await t.api({
      method: 'GET',
      url: PROFILE_URL,
      headers: { 'if-none-match': builtInEtag },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual(profile)
    expect(res.headers.etag).not.toBe(builtInEtag)
  })
})

describe('MARKETPLACE_FORM_PROFILE at start-up', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' }

  function startupError(file: string): string {
    try {
      loadConfig({ ...base, MARKETPLACE_FORM_PROFILE: file })
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      return (error as Error).message
    }
    throw new Error('the configuration loaded')
  }

  it('is the built-in profile when unset', () => {
    expect(loadConfig(base).marketplaceFormProfile).toBe(BUILT_IN_FORM_PROFILE)
  })

  it('stops on a missing file, naming the variable and the file', () => {
    const file = path.join(dir, 'missing.json')
    expect(startupError(file)).toContain(`MARKETPLACE_FORM_PROFILE ${file}: no such file`)
  })

  it('stops on a file that is not JSON', () => {
    const file = writeProfile('broken.json', '{"version": "x",')
    expect(startupError(file)).toContain(`MARKETPLACE_FORM_PROFILE ${file}: not valid JSON: `)
  })

  it('stops on a profile the schema refuses, naming the field', () => {
    const profile = editedProfile()
    const en = profile.languages.en
    if (!en) throw new Error('the edited profile has English')
    en.fields.bedrooms = []
    const file = writeProfile('no-bedroom-label.json', profile)
    expect(startupError(file)).toContain(
      `MARKETPLACE_FORM_PROFILE ${file}: languages.en.fields.bedrooms: `,
    )
    const noEnglish = writeProfile('no-english.json', { ...profile, languages: { es: en } })
    expect(startupError(noEnglish)).toContain('The profile must have English (en)')
    const badCode = writeProfile('bad-code.json', {
      ...profile,
      languages: { ...profile.languages, english: en },
    })
    expect(startupError(badCode)).toContain(
      `MARKETPLACE_FORM_PROFILE ${badCode}: languages.english: Language codes look like en or fr-CA`,
    )
  })
})

describe('ifNoneMatchHits', () => {
  it('matches the tag, its weak form, a list holding it and *; nothing else', () => {
    expect(ifNoneMatchHits('"a"', '"a"')).toBe(true)
    expect(ifNoneMatchHits('W/"a"', '"a"')).toBe(true)
    expect(ifNoneMatchHits('"b" , "a"', '"a"')).toBe(true)
    expect(ifNoneMatchHits('*', '"a"')).toBe(true)
    expect(ifNoneMatchHits(undefined, '"a"')).toBe(false)
    expect(ifNoneMatchHits('"ab"', '"a"')).toBe(false)
    expect(ifNoneMatchHits('a', '"a"')).toBe(false)
  })
})
