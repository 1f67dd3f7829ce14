import { describe, expect, it } from 'vitest'
import { isBotCheckPage } from './detect-bot-check.ts'

const page = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('isBotCheckPage', () => {
  it('knows the challenge by its title or its captcha box', () => {
    expect(isBotCheckPage(page('<title>Access to this page has been denied</title>'))).toBe(true)
    expect(
      isBotCheckPage(page('<title>Zillow</title><body><div id="px-captcha"></div></body>')),
    ).toBe(true)
  })

  it('leaves listing pages alone', () => {
    expect(
      isBotCheckPage(page('<title>661 Lakeview Ave | Zillow</title><body><p>Captcha</p></body>')),
    ).toBe(false)
  })
})
