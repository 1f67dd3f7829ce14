// Takes full-page screenshots of site pages at phone and desktop widths, to look at what we build:
//   npx tsx scripts/screenshot.ts http://localhost:8787/pricing /tmp/shots [--login email:password]
// Writes <name>-375.png and <name>-1280.png for each URL.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import puppeteer from 'puppeteer-core'

const args = process.argv.slice(2)
const outDir =
  args.find((a, i) => i > 0 && !a.startsWith('http') && !a.startsWith('--')) ?? '/tmp/shots'
const urls = args.filter((a) => a.startsWith('http'))
if (urls.length === 0) {
  console.error('usage: tsx scripts/screenshot.ts URL [URL…] OUT_DIR')
  process.exit(2)
}
mkdirSync(outDir, { recursive: true })

const browser = await puppeteer.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
})
try {
  for (const url of urls) {
    const name = new URL(url).pathname.replace(/^\/|\/$/g, '').replaceAll('/', '_') || 'home'
    for (const width of [375, 1280]) {
      const page = await browser.newPage()
      await page.setViewport({ width, height: 900 })
      await page.goto(url, { waitUntil: 'networkidle0' })
      const file = path.join(outDir, `${name}-${width}.png`)
      await page.screenshot({ path: file, fullPage: true })
      console.log(file)
      await page.close()
    }
  }
} finally {
  await browser.close()
}
