import { describe, expect, it } from 'vitest'
import botCheckPage from '../../../tests/fixtures/realtor/bot-check.html?raw'
import { isRealtorBotCheck } from './detect-realtor-bot-check.ts'

const page = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('isRealtorBotCheck', () => {
  it('knows the block page', () => {
    expect(isRealtorBotCheck(page(botCheckPage))).toBe(true)
  })

  it('knows each challenge by its title', () => {
    for (const title of [
      'Your request could not be processed',
      'Access to this page has been denied',
      'Pardon Our Interruption',
    ]) {
      expect(isRealtorBotCheck(page(`<title>${title}</title>`)), title).toBe(true)
    }
  })

  it('knows the untitled Kasada interstitial and a captcha box over a loaded page', () => {
    const kasada =
      '<html><head><script>window.KPSDK={}</script><script src="/149e9513-01fa/2d206a39/ips.js?x=1"></script></head><body></body></html>'
    expect(isRealtorBotCheck(page(kasada))).toBe(true)
    const overlay =
      '<title>12355 Attlee Dr | realtor.com®</title><script id="__NEXT_DATA__" type="application/json">{}</script><div id="px-captcha"></div>'
    expect(isRealtorBotCheck(page(overlay))).toBe(true)
  })

  it('leaves listing pages alone', () => {
    expect(
      isRealtorBotCheck(
        page(
          '<title>12355 Attlee Dr, Houston, TX 77077 | realtor.com®</title><script id="__NEXT_DATA__" type="application/json">{}</script><p>Are you a robot? Captcha</p>',
        ),
      ),
    ).toBe(false)
  })
})
