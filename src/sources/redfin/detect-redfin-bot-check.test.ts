import { describe, expect, it } from 'vitest'
import botCheckPage from '../../../tests/fixtures/redfin/bot-check.html?raw'
import { isRedfinBotCheck } from './detect-redfin-bot-check.ts'

const page = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('isRedfinBotCheck', () => {
  it("knows AWS WAF's interstitial by its title or its challenge box", () => {
    expect(isRedfinBotCheck(page(botCheckPage))).toBe(true)
    expect(isRedfinBotCheck(page('<title>Human Verification</title>'))).toBe(true)
    expect(
      isRedfinBotCheck(page('<title></title><body><div id="challenge-container"></div></body>')),
    ).toBe(true)
    expect(
      isRedfinBotCheck(
        page('<title>Redfin</title><body><div id="captcha-container"></div></body>'),
      ),
    ).toBe(true)
  })

  it('knows a plain block page', () => {
    expect(isRedfinBotCheck(page('<title>Access Denied</title>'))).toBe(true)
    expect(isRedfinBotCheck(page('<title>ERROR: The request could not be satisfied</title>'))).toBe(
      true,
    )
  })

  it('leaves listing pages alone, even when they load the WAF script or say "verification"', () => {
    const listing =
      '<title>13157 Otsego, Sherman Oaks, CA 91423 | MLS# GD25253384 | Redfin</title>' +
      '<script src="https://22af5ed32a4a.edge.sdk.awswaf.com/22af5ed32a4a/939b6cb0e48b/challenge.js"></script>' +
      '<body><p>Human verification of income is required by the landlord.</p></body>'
    expect(isRedfinBotCheck(page(listing))).toBe(false)
  })
})
