import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { resetFormUrl } from './reset-password-request.ts'

const config = loadConfig({
  DATA_DIR: '/tmp/lb-reset-form-url',
  SITE_URL: 'https://listingbridge.app',
  SITE_ORIGINS: 'https://app.listingbridge.app,http://localhost:5173',
})
const FALLBACK = 'https://listingbridge.app/reset-password'

describe('resetFormUrl', () => {
  it.each([
    [
      'the site',
      'https://listingbridge.app/reset-password',
      'https://listingbridge.app/reset-password',
    ],
    [
      'another site origin',
      'https://app.listingbridge.app/reset-password',
      'https://app.listingbridge.app/reset-password',
    ],
    [
      'a development origin',
      'http://localhost:5173/reset-password',
      'http://localhost:5173/reset-password',
    ],
    [
      'query and fragment dropped',
      'https://app.listingbridge.app/reset-password?x=1#y',
      'https://app.listingbridge.app/reset-password',
    ],
  ])('keeps the reset page on %s', (_, requested, expected) => {
    expect(resetFormUrl(requested, config)).toBe(expected)
  })

  it.each([
    ['a foreign host', 'https://evil.example/reset-password'],
    ['a scheme-relative URL', '//evil.example/x'],
    ['a look-alike host', 'https://listingbridge.app.evil.example/reset-password'],
    ['a site origin on another port', 'https://listingbridge.app:8443/reset-password'],
    ['plain http for an https origin', 'http://listingbridge.app/reset-password'],
    ['another page of ours', 'https://listingbridge.app/sign-in'],
    ['a page below the reset page', 'https://listingbridge.app/reset-password/x'],
    ['a trailing slash', 'https://listingbridge.app/reset-password/'],
    ['the site root', 'https://listingbridge.app/'],
    ['an encoded path', 'https://listingbridge.app/reset%2Dpassword'],
    [
      'a backslash smuggling a host into the path',
      'https://listingbridge.app\\@evil.example/reset-password',
    ],
    ['credentials', 'https://user:pass@listingbridge.app/reset-password'],
    ['a user name only', 'https://evil.example@listingbridge.app/reset-password'],
    ['javascript:', 'javascript:alert(1)//listingbridge.app/reset-password'],
    ['data:', 'data:text/html,<a href=https://listingbridge.app/reset-password>'],
    ['ftp:', 'ftp://listingbridge.app/reset-password'],
    ['not a URL at all', 'reset-password'],
  ])('falls back to SITE_URL/reset-password for %s', (_, requested) => {
    expect(resetFormUrl(requested, config)).toBe(FALLBACK)
  })
})
