/**
 * The landing hero's product screenshots (site/content/product-shots.ts), taken from the real
 * flow the extension tests run: the built extension in Chromium, a seeded agent with an agent
 * profile, the Zillow fixture listing at its real URL, the popup, Convert, and the Marketplace
 * form fixture filled by the extension. Each step's raw screenshots are then framed
 * (product-shot-frames.ts) and written as WebP at every scale the hero offers.
 *
 * `npm run product-shots` writes them into site/public/product/; the browser test writes them to a
 * temporary folder and checks what they depict was true while they were taken.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import {
  PRODUCT_SHOT_FRAME,
  PRODUCT_SHOT_SCALES,
  productShotFiles,
  type ProductShotId,
} from '../../site/content/product-shots.ts'
import { createVerifiedAccount, newAccount } from './accounts.ts'
import {
  filledDraftOf,
  imagesLoaded,
  marketplaceRecord,
  popupLogin,
  popupPreview,
  popupText,
  waitForFillReport,
  type MarketplaceState,
  type StoredDraft,
} from './extension.ts'
import {
  apiLogin,
  ELSEWHERE_AGENT_PROFILE,
  saveAgentProfile,
  startExtensionEnv,
  type ExtensionEnv,
} from './extension-env.ts'
import { renderListingPhoto } from './listing-photo.ts'
import { root } from './paths.ts'
import {
  backdropLayer,
  cardLayer,
  fitZoom,
  FRAME_BODY,
  pageLayer,
  popupLayer,
  windowFrame,
  type Rect,
  type Shot,
} from './product-shot-frames.ts'
import { LISTING_PAGE_LOOK } from './product-shot-listing-look.ts'

/** The listing the shots show, and where Marketplace's form opens. */
export const PRODUCT_SHOT_LISTING = 'next-data-current-sf-house-for-sale.html'
export const MARKETPLACE_URL = 'https://www.facebook.com/marketplace/create/rental'

/** WebP quality: text stays sharp; the photo is a small part of each shot. */
const WEBP_QUALITY = 80
/** Raw screenshots are taken at the largest scale; smaller files are drawn from them. */
const RAW_SCALE = Math.max(...PRODUCT_SHOT_SCALES)
/** The popup's width (src/popup/popup.css: body is 360 px); Chrome caps its height at 600. */
const POPUP_WIDTH = 360
const POPUP_MAX_HEIGHT = 600
/** Marketplace's tab is laid out as on a laptop, where the report panel sits beside the form. */
const MARKETPLACE_VIEWPORT = { width: 1100, height: 900 }
/** How much the close-ups enlarge or shrink what they show, and how far they keep from the edge. */
const CLOSE_UP_MARGIN = 16
const FORM_ZOOM = 0.9
const REPORT_ZOOM = 0.74
/** The popup's Convert to Marketplace listing button (src/popup/listing-permission.tsx). */
const CONVERT_BUTTON = 'button.button-large'
const PERMISSION_BOX = '[data-permission="broker"] input[type="checkbox"]'

export interface WrittenShotFile {
  path: string
  width: number
  height: number
  bytes: number
}

/** What the flow showed while the shots were taken: what each shot depicts, read from the pages. */
export interface ProductShotFacts {
  listingUrl: string
  /** The popup's preview of the listing (shot "listing"). */
  preview: Awaited<ReturnType<typeof popupPreview>>
  /** The permission box and Convert as shot "convert" shows them. */
  permission: { label: string; checked: boolean; convertEnabled: boolean; convertText: string }
  marketplaceUrl: string
  /** The Marketplace form's state and the worker's draft once filled (shot "draft"). */
  marketplace: MarketplaceState
  draft: StoredDraft
  /** The filler's report panel as shot "draft" shows it. */
  reportText: string
}

export interface ProductShotsRun {
  files: Record<ProductShotId, WrittenShotFile[]>
  facts: ProductShotFacts
}

// Globals of the pages the functions below evaluate in (this tsconfig has no DOM).
interface Box {
  top: number
  bottom: number
  left: number
  right: number
}
interface PageElement {
  textContent: string | null
  parentElement: PageElement | null
  shadowRoot: { querySelector: (selector: string) => PageElement | null } | null
  closest: (selector: string) => PageElement | null
  getBoundingClientRect: () => Box
}
declare const document: {
  body: { scrollHeight: number }
  querySelector: (selector: string) => PageElement | null
}
declare const window: { scrollTo: (x: number, y: number) => void }

/** A person's name and address in the popup, rather than a test's generated label. */
function agentAccount() {
  return { ...newAccount('agent'), name: 'Alex Rivera', email: 'alex.rivera@example.com' }
}

async function pngOf(page: Page, clip?: Rect): Promise<Buffer> {
  // Within the viewport: a clip beyond it would resize the page and move what is fixed in it.
  return Buffer.from(
    await page.screenshot({ type: 'png', captureBeyondViewport: false, ...(clip ? { clip } : {}) }),
  )
}

/** The popup laid out at its own width and as tall as Chrome lets it be, at the raw scale. */
async function sizePopup(popup: Page): Promise<number> {
  await popup.setViewport({ width: POPUP_WIDTH, height: 200, deviceScaleFactor: RAW_SCALE })
  const height = await popup.evaluate(() => document.body.scrollHeight)
  const shown = Math.min(height, POPUP_MAX_HEIGHT)
  await popup.setViewport({ width: POPUP_WIDTH, height: shown, deviceScaleFactor: RAW_SCALE })
  return shown
}

/** The area of the popup from the listing's preview down to the Convert button. */
async function convertArea(popup: Page): Promise<Rect> {
  const { top, bottom } = await popup.evaluate(() => ({
    top: document.querySelector('article.preview')?.getBoundingClientRect().top,
    bottom: document.querySelector('button.button-large')?.getBoundingClientRect().bottom,
  }))
  if (top === undefined || bottom === undefined) throw new Error('no preview or Convert button')
  const margin = 12
  return { x: 0, y: top - margin, width: POPUP_WIDTH, height: bottom - top + 2 * margin }
}

/**
 * Where the Marketplace form's filled fields are (from the photo count to the address) and where
 * the filler's report panel is, with the panel's text.
 */
async function marketplaceAreas(
  page: Page,
): Promise<{ form: Rect; report: Rect & { text: string } }> {
  const found = await page.evaluate(() => {
    const column = document.querySelector('.x1n2onr6')?.getBoundingClientRect()
    const photos = document.querySelector('.photo-count')
    const address = document.querySelector('input[data-field="address"]')?.closest('label')
    const panel = document
      .querySelector('[data-listingbridge="report"]')
      ?.shadowRoot?.querySelector('section')
    const box = panel?.getBoundingClientRect()
    return {
      column: column && { left: column.left, right: column.right },
      top: photos?.getBoundingClientRect().top,
      bottom: address?.getBoundingClientRect().bottom,
      panel: box && { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
      text: (panel?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    }
  })
  const { column, top, bottom, panel } = found
  if (!column || top === undefined || bottom === undefined || !panel) {
    throw new Error(`the Marketplace form or the report panel is missing: ${JSON.stringify(found)}`)
  }
  // The count's line box starts where the line above it ends: no margin above, or it shows.
  const margin = 8
  return {
    form: {
      x: column.left,
      y: top,
      width: column.right - column.left,
      height: bottom - top + margin,
    },
    report: {
      x: panel.left,
      y: panel.top,
      width: panel.right - panel.left,
      height: panel.bottom - panel.top,
      text: found.text,
    },
  }
}

/** Draws `shot` at every scale of the hero into `outDir`, as site/content/product-shots.ts names. */
async function writeShot(
  composer: Page,
  id: ProductShotId,
  shot: Shot,
  outDir: string,
): Promise<WrittenShotFile[]> {
  const written: WrittenShotFile[] = []
  const files = productShotFiles(id)
  for (const [index, scale] of PRODUCT_SHOT_SCALES.entries()) {
    const file = files[index]
    if (!file) throw new Error(`no file named for ${id} at ${scale}×`)
    await composer.setViewport({ ...PRODUCT_SHOT_FRAME, deviceScaleFactor: scale })
    await composer.setContent(shot.html, { waitUntil: 'load' })
    await composer.evaluate('document.fonts.ready')
    const bytes = await composer.screenshot({ type: 'webp', quality: WEBP_QUALITY })
    const target = path.join(outDir, path.basename(file.src))
    writeFileSync(target, bytes)
    written.push({ path: target, width: file.width, height: file.height, bytes: bytes.length })
  }
  return written
}

/**
 * Runs the flow and writes every shot into `outDir`. Needs the site built (the server serves it)
 * and Chromium; builds an extension of its own for its server, as the extension tests do. With
 * `env` (a fresh one: the agent's address is fixed) it runs there and leaves it open.
 */
export async function captureProductShots(
  outDir: string,
  given?: ExtensionEnv,
): Promise<ProductShotsRun> {
  mkdirSync(outDir, { recursive: true })
  const env = given ?? (await startExtensionEnv())
  try {
    const { server, web, ext } = env
    // The tests' photo says it is one in its corner; the hero's shows only the house.
    web.setPhoto(await renderListingPhoto(ext.page, { caption: null }))
    const account = await createVerifiedAccount(server, 'agent', agentAccount())
    await saveAgentProfile(server, await apiLogin(server, account), ELSEWHERE_AGENT_PROFILE)

    const tab = ext.page
    let popup = await ext.openPopup(tab)
    await popup.waitForSelector('input[type="email"]')
    await popupLogin(popup, account)
    await popupText(popup, `Signed in as ${account.email}`)

    // 1. The listing, with the popup opened over it.
    await tab.setViewport({ ...FRAME_BODY, deviceScaleFactor: RAW_SCALE })
    const listingUrl = web.zillowPage(PRODUCT_SHOT_LISTING)
    await tab.goto(listingUrl, { waitUntil: 'load' })
    await tab.addStyleTag({ content: LISTING_PAGE_LOOK })
    await imagesLoaded(tab)
    const listingPng = await pngOf(tab)

    popup = await ext.openPopup(tab)
    const preview = await popupPreview(popup)
    await imagesLoaded(popup)
    await popup.waitForSelector('[data-permission="broker"]')
    const popupHeight = await sizePopup(popup)
    const previewPng = await pngOf(popup)

    // 2. The box ticked, the pointer on Convert.
    await popup.locator(PERMISSION_BOX).click()
    await popup.waitForSelector(`${CONVERT_BUTTON}:not([disabled])`)
    await popup.hover(CONVERT_BUTTON)
    const permission = await popup.evaluate(() => {
      const box = document.querySelector('[data-permission="broker"] input[type="checkbox"]')
      const button = document.querySelector('button.button-large')
      return {
        label: (document.querySelector('[data-permission="broker"] label')?.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim(),
        checked: Reflect.get(box ?? {}, 'checked') === true,
        convertEnabled: Reflect.get(button ?? {}, 'disabled') === false,
        convertText: (button?.textContent ?? '').trim(),
      }
    })
    const area = await convertArea(popup)
    const convertPng = await pngOf(popup, area)

    // 3. Convert; Marketplace opens in a new tab and the extension fills it.
    await popup.locator(CONVERT_BUTTON).click()
    const marketplace = await ext.tabAt(MARKETPLACE_URL)
    await waitForFillReport(marketplace)
    const draft = await filledDraftOf(ext)
    // A laptop's window: the form and the report panel side by side, as an agent sees them.
    await marketplace.setViewport({ ...MARKETPLACE_VIEWPORT, deviceScaleFactor: RAW_SCALE })
    // Filling scrolled the form; clips are taken in the viewport, from the top of the page.
    await marketplace.evaluate(() => {
      window.scrollTo(0, 0)
    })
    const { form, report } = await marketplaceAreas(marketplace)
    const { state } = await marketplaceRecord(marketplace)
    const marketplaceBackdrop = await pngOf(marketplace, { x: 0, y: 0, ...FRAME_BODY })
    const formPng = await pngOf(marketplace, form)
    const reportPng = await pngOf(marketplace, report)

    const icon = readFileSync(path.join(root, 'src', 'assets', 'icons', 'icon-48.png'))
    const convertCard = { png: convertPng, width: area.width, height: area.height }
    const convertZoom = fitZoom(convertCard, CLOSE_UP_MARGIN, 1.25)
    const formCard = { png: formPng, width: form.width, height: form.height }
    const reportCard = { png: reportPng, width: report.width, height: report.height }
    const shots: Record<ProductShotId, Shot> = {
      listing: windowFrame({
        url: listingUrl,
        icon,
        popupOpen: true,
        layers: [
          pageLayer(listingPng),
          popupLayer({ png: previewPng, width: POPUP_WIDTH, height: popupHeight }),
        ],
      }),
      convert: windowFrame({
        url: listingUrl,
        icon,
        popupOpen: true,
        layers: [
          backdropLayer(listingPng),
          cardLayer(convertCard, {
            x: (FRAME_BODY.width - convertCard.width * convertZoom) / 2,
            y: (FRAME_BODY.height - convertCard.height * convertZoom) / 2,
            zoom: convertZoom,
          }),
        ],
      }),
      // The form's filled fields, and the panel that floats over the page's right side.
      draft: windowFrame({
        url: marketplace.url(),
        icon,
        layers: [
          backdropLayer(marketplaceBackdrop),
          cardLayer(formCard, { x: 16, y: 16, zoom: FORM_ZOOM, padTop: 8 }),
          cardLayer(reportCard, {
            x: FRAME_BODY.width - 16 - report.width * REPORT_ZOOM,
            y: FRAME_BODY.height - 16 - report.height * REPORT_ZOOM,
            zoom: REPORT_ZOOM,
          }),
        ],
      }),
    }
    const composer = await ext.browser.newPage()
    const files = {} as Record<ProductShotId, WrittenShotFile[]>
    for (const id of Object.keys(shots) as ProductShotId[]) {
      files[id] = await writeShot(composer, id, shots[id], outDir)
    }
    await composer.close()

    return {
      files,
      facts: {
        listingUrl,
        preview,
        permission,
        marketplaceUrl: marketplace.url(),
        marketplace: state,
        draft,
        reportText: report.text,
      },
    }
  } finally {
    if (!given) await env.close()
  }
}
