/**
 * Redfin sits behind AWS WAF, which answers a suspected bot with its interstitial instead of the
 * page: title "Human Verification", an empty `#challenge-container` (the silent JavaScript
 * challenge) or `#captcha-container` (the puzzle), and `window.awsWafCookieDomainList` naming
 * redfin.com. A plain block shows "Access Denied" or CloudFront's "The request could not be
 * satisfied". Only the title and two ids are looked up, so this stays cheap on a 1.2 MB listing page.
 *
 * Not the WAF's script: real listing pages load the same `challenge.js` to get their API token.
 */
const CHALLENGE_TITLE =
  /^\s*human verification\s*$|access denied|request could not be satisfied|are you a (?:human|robot)|verify (?:that )?you(?:'|’)?re (?:a )?(?:human|not a robot)/i

export function isRedfinBotCheck(doc: Document): boolean {
  if (CHALLENGE_TITLE.test(doc.title)) return true
  // By id: a selector list would walk the whole page.
  return (
    doc.getElementById('challenge-container') !== null ||
    doc.getElementById('captcha-container') !== null
  )
}
