/**
 * The landing hero's product screenshots: the capture `npm run product-shots` runs (the real
 * extension on the Zillow fixture, the popup, Convert, the filled Marketplace form) produces every
 * shot at every size, what each depicts was true while it was taken, and the files committed in
 * site/public/product/ are the ones the landing page asks for, at the sizes its markup declares.
 * The capture writes into a temporary folder here: a test never rewrites tracked files.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PRODUCT_SHOTS,
  productShotFiles,
  type ProductShotId,
} from '../../site/content/product-shots.ts'
import { ENV_TIMEOUT_MS, startExtensionEnv, type ExtensionEnv } from '../support/extension-env.ts'
import { root } from '../support/paths.ts'
import { captureProductShots, type ProductShotsRun } from '../support/product-shots.ts'
import { webpSize } from '../support/webp-size.ts'

/** The phone-sized file of a shot stays light: it is the hero's first paint on a phone. */
const MAX_SMALL_FILE_BYTES = 40 * 1024

const PUBLIC_DIR = path.join(root, 'site', 'public')

/** A shot's <img> as the landing page renders it. */
interface ShotImage {
  src: string
  srcset: string
  width: number
  height: number
  alt: string
}

let env: ExtensionEnv
let outDir: string
let run: ProductShotsRun

beforeAll(async () => {
  env = await startExtensionEnv()
  outDir = mkdtempSync(path.join(tmpdir(), 'lb-product-shots-'))
  run = await captureProductShots(outDir, env)
}, ENV_TIMEOUT_MS * 3)

afterAll(async () => {
  await env.close()
  rmSync(outDir, { recursive: true, force: true })
}, ENV_TIMEOUT_MS)

function altOf(id: ProductShotId): string {
  const shot = PRODUCT_SHOTS.find((candidate) => candidate.id === id)
  if (!shot) throw new Error(`no shot ${id}`)
  return shot.alt
}

describe('the product screenshots', () => {
  it('are written for every step at every size the hero offers, the phone size under 40 KB', () => {
    for (const shot of PRODUCT_SHOTS) {
      const expected = productShotFiles(shot.id)
      const written = run.files[shot.id]
      expect(written.map((file) => path.basename(file.path))).toEqual(
        expected.map((file) => path.basename(file.src)),
      )
      for (const [index, file] of expected.entries()) {
        const bytes = readFileSync(path.join(outDir, path.basename(file.src)))
        expect(webpSize(bytes), file.src).toEqual({ width: file.width, height: file.height })
        if (index === 0) expect(bytes.length, file.src).toBeLessThanOrEqual(MAX_SMALL_FILE_BYTES)
      }
    }
  })

  it('show what the flow really showed: the listing read, the permission given, the draft filled', () => {
    const { preview, permission, marketplace, draft, reportText } = run.facts

    // "listing": the popup over the Zillow page previews that listing, as its alt text says.
    expect(run.facts.listingUrl).toMatch(/^https:\/\/www\.zillow\.com\/homedetails\//)
    expect(preview.source).toBe('From Zillow')
    const listingAlt = altOf('listing')
    expect(listingAlt).toContain(preview.price)
    for (const part of ['661 Lakeview Ave', 'San Francisco']) {
      expect(preview.address).toContain(part)
      expect(listingAlt).toContain(part)
    }
    for (const fact of preview.facts.split(' · ')) expect(listingAlt).toContain(fact)
    expect(listingAlt).toContain(`${preview.photos.split(' ')[0] ?? ''} photos`)

    // "convert": the box is ticked and Convert can be pressed.
    expect(permission).toEqual({
      label: "I have KW Advisors' permission to advertise this listing",
      checked: true,
      convertEnabled: true,
      convertText: 'Convert to Marketplace listing',
    })
    expect(altOf('convert')).toContain(permission.label)

    // "draft": Marketplace's form holds the listing's values and the filler says it is done.
    expect(run.facts.marketplaceUrl).toBe('https://www.facebook.com/marketplace/create/rental')
    expect(marketplace.price).toBe(String(draft.draft.price))
    expect(preview.price).toBe(`$${Number(marketplace.price).toLocaleString('en-US')}`)
    expect(marketplace.listing_type).toBe('For Sale')
    expect(marketplace.bedrooms).toBe('2')
    expect(marketplace.bathrooms).toBe('1')
    expect(marketplace.address).toBe('661 Lakeview Avenue, San Francisco, California')
    expect(marketplace.photos).toHaveLength(20)
    expect(draft.fillSummary?.needsUser).toEqual([])
    expect(reportText).toContain('ListingBridge filled your draft')
    expect(reportText).toContain(`Filled (${draft.fillSummary?.filled.length ?? 0})`)
    expect(reportText).toContain('Nothing left for you but to check it.')
    const draftAlt = altOf('draft')
    expect(draftAlt).toContain(`price ${marketplace.price}`)
    expect(draftAlt).toContain(`${marketplace.bedrooms} bedrooms`)
    expect(draftAlt).toContain(`${marketplace.bathrooms} bathroom`)
    expect(draftAlt).toContain(`${marketplace.photos.length} photos`)
    expect(draftAlt).toContain(`${draft.fillSummary?.filled.length ?? 0} fields were filled`)
  })

  it('are committed at the sizes the landing page declares for them', async () => {
    const page = await env.ext.browser.newPage()
    try {
      await page.setViewport({ width: 1280, height: 900 })
      await page.goto(`${env.server.url}/`, { waitUntil: 'load' })
      // The first shot is in the first render; the others follow once it has loaded.
      await page.waitForFunction(
        `document.querySelectorAll('#home figure img').length === ${PRODUCT_SHOTS.length}`,
      )
      const images = (await page.evaluate(`Array.from(
        document.querySelectorAll('#home figure img'),
        (image) => ({
          src: image.getAttribute('src') ?? '',
          srcset: image.getAttribute('srcset') ?? '',
          width: Number(image.getAttribute('width')),
          height: Number(image.getAttribute('height')),
          alt: image.getAttribute('alt') ?? '',
        }),
      )`)) as ShotImage[]
      expect(images.map((image) => image.alt)).toEqual(PRODUCT_SHOTS.map((shot) => shot.alt))
      for (const image of images) {
        const src = webpSize(readFileSync(path.join(PUBLIC_DIR, image.src)))
        expect(src, image.src).toEqual({ width: image.width, height: image.height })
        const candidates = image.srcset.split(',').map((entry) => entry.trim().split(/\s+/))
        expect(candidates.length).toBeGreaterThan(1)
        for (const [url = '', descriptor = ''] of candidates) {
          const size = webpSize(readFileSync(path.join(PUBLIC_DIR, url)))
          expect(`${size.width}w`, url).toBe(descriptor)
          // Every candidate has the shape the width and height attributes reserve.
          expect(size.height / size.width, url).toBeCloseTo(image.height / image.width, 2)
        }
      }
    } finally {
      await page.close()
    }
  })
})
