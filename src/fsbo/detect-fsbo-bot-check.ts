import { isBotCheckPage } from '../sources/zillow/detect-bot-check.ts'

/**
 * A bot check instead of the listing: PerimeterX (Zillow's, see `detect-bot-check.ts`) or
 * Cloudflare's challenge ("Just a moment...", "Attention Required!", `#challenge-form`,
 * `cf-chl` scripts), which FSBO sites put in front of their pages.
 */
const CLOUDFLARE_TITLE = /^(just a moment|attention required|checking your browser)/i
const CLOUDFLARE_SELECTOR = [
  '#challenge-form',
  '#cf-challenge-running',
  '.cf-browser-verification',
  'script[src*="/cdn-cgi/challenge-platform/"]',
].join(',')

export function isFsboBotCheckPage(doc: Document): boolean {
  if (isBotCheckPage(doc)) return true
  if (CLOUDFLARE_TITLE.test(doc.title.trim())) return true
  return doc.querySelector(CLOUDFLARE_SELECTOR) !== null
}
