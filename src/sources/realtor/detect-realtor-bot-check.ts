/**
 * The pages Realtor.com serves a suspected bot instead of the listing: Kasada's interstitial (an
 * almost empty page loading `…/ips.js`, then "Your request could not be processed" when blocked),
 * and the PerimeterX and Distil/Imperva challenges it has used before ("Access to this page has
 * been denied", "Pardon Our Interruption"). The title and a few ids are read first; the other
 * selectors only on a page without listing data, so this stays cheap on a large listing page.
 */
const CHALLENGE_TITLE =
  /your request could not be processed|access to this page has been denied|pardon our interruption|press\s*&\s*hold|verify you(?:'|’)?re a human/i

/** Challenges that can also cover a page that has loaded (PerimeterX's box, Distil's block). */
const CHALLENGE_IDS = ['px-captcha', 'distilIdentificationBlock']

/** The rest of what the challenge pages load; looked for only on a page without listing data. */
const CHALLENGE_SELECTOR = [
  '.px-captcha-container',
  'meta[name="description"][content="px-captcha"]',
  'script[src*="captcha.px-cloud.net"]',
  'script[src*="/captcha/captcha.js"]',
  'script[src*="/ips.js"]',
  'iframe[src*="_Incapsula_Resource"]',
].join(',')

export function isRealtorBotCheck(doc: Document): boolean {
  if (CHALLENGE_TITLE.test(doc.title)) return true
  if (CHALLENGE_IDS.some((id) => doc.getElementById(id) !== null)) return true
  // A listing's data means the page loaded; a challenge page is small and has none.
  if (doc.getElementById('__NEXT_DATA__') !== null || doc.getElementById('ldp-address') !== null) {
    return false
  }
  return doc.querySelector(CHALLENGE_SELECTOR) !== null
}
