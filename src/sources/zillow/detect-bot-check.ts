/**
 * Zillow answers suspected bots with PerimeterX's challenge page instead of the listing: title
 * "Access to this page has been denied", a `#px-captcha` box, the PerimeterX captcha script. Only
 * the title and a few selectors are read, so this stays cheap on a 1.5 MB listing page.
 */
const CHALLENGE_TITLE =
  /access to this page has been denied|press\s*&\s*hold|verify you(?:'|’)?re a human/i

const CHALLENGE_SELECTOR = [
  '#px-captcha',
  '.px-captcha-container',
  'meta[name="description"][content="px-captcha"]',
  'script[src*="/captcha/captcha.js"]',
  'script[src*="captcha.px-cloud.net"]',
].join(',')

export function isBotCheckPage(doc: Document): boolean {
  if (CHALLENGE_TITLE.test(doc.title)) return true
  return doc.querySelector(CHALLENGE_SELECTOR) !== null
}
