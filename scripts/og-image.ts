// Draws the site's Open Graph image (the picture a shared link shows on Facebook, LinkedIn, Slack,
// X…) into site/public/og-image.png, 1200 × 630 px, in the site's colours (site/styles/tokens.css)
// with the favicon's house and the hero's real screenshot of the popup (site/public/product/, made
// by `npm run product-shots`). Checked in; run again after changing the words, the colours or the
// screenshots:
//   npx tsx scripts/og-image.ts
// Chromium draws it, so the text is real type rather than pixels placed by hand.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import puppeteer from 'puppeteer-core'
import { brand } from '../api/brand.ts'
import { productShotFiles } from '../site/content/product-shots.ts'

const OG_IMAGE_WIDTH = 1200
const OG_IMAGE_HEIGHT = 630

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'site', 'public', 'og-image.png')
const favicon = readFileSync(path.join(root, 'site', 'public', 'favicon.svg'), 'utf8')
const [popupShot] = productShotFiles('convert').slice(-1)
if (!popupShot) throw new Error('no screenshot of the popup')
const popupShotUrl = `data:image/webp;base64,${readFileSync(
  path.join(root, 'site', 'public', popupShot.src),
).toString('base64')}`
/** The screenshot's box on the card: its own shape, most of the card's height. */
const SHOT_HEIGHT = 520
const SHOT_WIDTH = Math.round((SHOT_HEIGHT * popupShot.width) / popupShot.height)

const html = `<!doctype html>
<meta charset="utf-8">
<style>
  html, body { margin: 0; width: ${OG_IMAGE_WIDTH}px; height: ${OG_IMAGE_HEIGHT}px; }
  body {
    position: relative;
    box-sizing: border-box;
    padding: 64px ${SHOT_WIDTH + 110}px 64px 72px;
    display: flex;
    flex-direction: column;
    justify-content: space-between;
    background: linear-gradient(135deg, #1d4ed8 0%, #1e3a8a 100%);
    color: #ffffff;
    font-family: 'Liberation Sans', Arial, 'Helvetica Neue', sans-serif;
  }
  .brand { display: flex; align-items: center; gap: 24px; font-size: 44px; font-weight: 700; }
  .brand svg { width: 88px; height: 88px; border-radius: 22px; box-shadow: 0 0 0 3px #ffffff55; }
  h1 { margin: 0; font-size: 50px; line-height: 1.1; letter-spacing: -1px; }
  h1 span { color: #f59e0b; }
  p { margin: 18px 0 0; font-size: 23px; line-height: 1.4; color: #dbeafe; }
  .shot {
    position: absolute; top: ${(OG_IMAGE_HEIGHT - SHOT_HEIGHT) / 2}px; right: 72px;
    width: ${SHOT_WIDTH}px; height: ${SHOT_HEIGHT}px; border-radius: 16px;
    box-shadow: 0 0 0 3px #ffffff55, 0 24px 48px rgb(15 23 42 / 0.45);
  }
  .offer { display: flex; gap: 16px; font-size: 26px; font-weight: 700; }
  .offer span { padding: 10px 22px; border-radius: 999px; background: #ffffff; color: #1e3a8a; }
</style>
<div class="brand">${favicon}${brand.name}</div>
<div>
  <h1>Your listing on Facebook Marketplace <span>in one click</span></h1>
  <p>The Chrome extension for real-estate agents: a Zillow, Realtor.com or Redfin listing becomes a
  filled Marketplace draft, photos included.</p>
</div>
<div class="offer"><span>${brand.trialDays}-day free trial</span><span>No credit card</span></div>
<img class="shot" src="${popupShotUrl}" alt="">`

const browser = await puppeteer.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
})
try {
  const page = await browser.newPage()
  await page.setViewport({ width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, deviceScaleFactor: 1 })
  await page.setContent(html, { waitUntil: 'load' })
  await page.evaluate('document.fonts.ready')
  await page.screenshot({ path: out, type: 'png' })
  console.log(`og-image: wrote ${path.relative(root, out)}`)
} finally {
  await browser.close()
}
