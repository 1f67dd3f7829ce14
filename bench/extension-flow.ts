/**
 * Budget (docs/architecture.md#budgets): click → Marketplace form filled with 20 photos, fixtures
 * on loopback: < 3 s, and within 1.5× of the time to just download those photos.
 *
 * Measured in real Chromium with the built extension, exactly as the browser tests drive it
 * (tests/support/extension-env.ts): the app server (`npm start`, its own DATA_DIR), an extension
 * build for it, the Zillow and Marketplace fixtures and 20 photos (1536 × 1024 JPEGs of a couple
 * of hundred KB, like Zillow's `cc_ft_1536` files) on a loopback HTTPS server under their real
 * hostnames.
 *
 * Two networks for the photos, run by turns (so a busy machine slows both alike):
 * - loopback: photos answer at once. 20 photos download in about 50–100 ms here, so the ratio
 *   to "download only" measures the Marketplace fixture's imitation of Facebook's pace (about
 *   420 ms of deliberate delays), not our overhead: it is reported, not judged.
 * - CDN pace (PHOTO_PACE): 80–150 ms to first byte per photo, which is a CDN edge's answer over
 *   a domestic round trip when the resized photo is not in that edge's cache yet (listing photos
 *   rarely are), and one 50 Mbit/s link shared by every photo: an agent on office Wi-Fi, a
 *   phone hotspot or a cable plan shared with others, well under the national median of fixed
 *   broadband. The 1.5× budget is judged here, where the download is real work to overlap.
 *
 * - click → filled: from the press of "Convert to Marketplace listing" in the real popup to the
 *   filler's report on the Marketplace form (the last thing it does), with all 20 photos attached.
 *   Split at the moment the new tab asks for Marketplace's page: before it, the metered API call
 *   (the worker opens the tab as soon as the server answers); after it, the page load and the
 *   fill, while the photos download and are handed over one by one, including the form
 *   fixture's imitation of Facebook's pace (the form renders 120 ms late, each combobox's options
 *   30 ms after the click, address suggestions 60 ms after typing stops).
 * - download only: the same 20 photo URLs fetched by the extension's service worker, all at once,
 *   and nothing else: the floor any implementation pays on this network.
 *
 * Medians of RUNS runs per network after one warm-up conversion, on Zillow (the listing broker's
 * box is ticked before each press: the agent's profile names another agent). Then every other source (api/listing-sources.ts): a listing
 * of its own, click → filled at CDN pace, RUNS runs after a warm-up. Last, each source's largest
 * page is opened in the same tab and the worker asks the built listing content script for its
 * listing: extraction in Chromium, message round trip included.
 *
 * Run alone with `npx tsx bench/extension-flow.ts` (needs dist/site); `npm run bench` includes it.
 */
import { statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page, WebWorker } from 'puppeteer-core'
import {
  LISTING_SOURCE_SITES,
  LISTING_SOURCES,
  type ListingSource,
} from '../api/listing-sources.ts'
import {
  marketplaceRecord,
  popupLogin,
  popupPreview,
  popupText,
  waitForFillReport,
} from '../tests/support/extension.ts'
import {
  createAgent,
  startExtensionEnv,
  type ExtensionEnv,
} from '../tests/support/extension-env.ts'
import { listingFixtures, type PhotoPace } from '../tests/support/fixture-web.ts'

export const FLOW_BUDGET_MS = 3000
export const FLOW_BUDGET_RATIO = 1.5
const EXTRACTION_BUDGET_MS = 20
const RUNS = 5
const EXTRACTION_RUNS = 30
/**
 * Per source: a listing with 20 photos or more to convert, and its largest page (real data) for
 * the extraction. Zillow's is the 1.5 MB page the extraction budget names.
 */
const SOURCE_PAGES: Record<ListingSource, { listing: string; largest: string }> = {
  zillow: {
    listing: 'next-data-current-sf-house-for-sale.html',
    largest: 'bench-1.5mb-sf-house.html',
  },
  realtor: {
    listing: 'next-data-2026-houston-for-sale.html',
    largest: 'legacy-markup-2017-bakersfield-condo-for-sale.html',
  },
  redfin: { listing: 'sherman-oaks-house-for-sale.html', largest: 'la-quinta-house-for-rent.html' },
}
const MARKETPLACE_URL = 'https://www.facebook.com/marketplace/create/rental'
const PHOTOS = 20
/** The realistic network for photos (see the header for why these numbers). */
export const PHOTO_PACE: PhotoPace = { firstByteMs: [80, 150], bitsPerSecond: 50_000_000 }

export type NetworkName = 'loopback' | 'cdn'
const NETWORKS: readonly { name: NetworkName; pace: PhotoPace | null }[] = [
  { name: 'loopback', pace: null },
  { name: 'cdn', pace: PHOTO_PACE },
]

interface Run {
  /** Click → filled. */
  flowMs: number
  /** Click → the new tab asks for Marketplace's page. */
  toTabMs: number
  /** Downloading the 20 photos only. */
  downloadMs: number
}

export interface NetworkResult {
  name: NetworkName
  runs: Run[]
  medianFlowMs: number
  medianToTabMs: number
  medianDownloadMs: number
}

/** One source: click → filled at CDN pace, and extraction on its largest page. */
export interface SourceResult {
  source: ListingSource
  /** Click → filled at CDN pace (ms), one per run. */
  flowMs: number[]
  page: string
  pageBytes: number
  /** Content script round trips on the largest page (ms), sorted. */
  extractionMs: number[]
}

export interface ExtensionFlowResult {
  /** Zillow, on both networks. */
  networks: NetworkResult[]
  photoBytes: number
  sources: SourceResult[]
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/**
 * One conversion from the popup over `listingTab`. The agent's profile names another agent, so
 * the listing broker's box is ticked first; the clock starts at the press of Convert.
 */
async function convertOnce(env: ExtensionEnv, listingTab: Page): Promise<Omit<Run, 'downloadMs'>> {
  const { ext, web } = env
  const popup = await ext.openPopup(listingTab)
  await popupPreview(popup)
  await popup.locator('[data-permission="broker"] input[type="checkbox"]').click()
  const button = await popup.waitForSelector('::-p-text(Convert to Marketplace listing)')
  if (!button) throw new Error('no Convert button')
  const clicked = Date.now()
  await button.click()
  const marketplace = await ext.tabAt(MARKETPLACE_URL)
  const filled = await waitForFillReport(marketplace)
  const tabAsked = web.marketplaceLoads().at(-1)?.at ?? filled
  const { state, clicks } = await marketplaceRecord(marketplace)
  if (state.photos.length !== PHOTOS || clicks.length > 0) {
    throw new Error(
      `the form has ${state.photos.length} photos and ${clicks.length} presses of Next/Publish`,
    )
  }
  await marketplace.close()
  return { flowMs: filled - clicked, toTabMs: tabAsked - clicked }
}

/** The 20 photos fetched by the worker all at once, and nothing else (ms, the worker's clock). */
async function downloadOnly(worker: WebWorker, urls: readonly string[]): Promise<number> {
  return worker.evaluate(async (list) => {
    const started = performance.now()
    const blobs = await Promise.all(
      list.map((url) => fetch(url, { credentials: 'omit' }).then((res) => res.blob())),
    )
    if (blobs.some((blob) => blob.size === 0)) throw new Error('an empty photo')
    return performance.now() - started
  }, urls)
}

interface Tabs {
  query: (filter: { active: boolean; lastFocusedWindow: boolean }) => Promise<{ id?: number }[]>
  sendMessage: (
    tabId: number,
    message: unknown,
    options: { frameId: number },
  ) => Promise<{ ok: boolean; value?: { ok: boolean } }>
}
declare const chrome: { tabs: Tabs }

/** The worker asks the listing content script of the active tab for its listing, `runs` times. */
async function extractInChromium(worker: WebWorker, runs: number): Promise<number[]> {
  const times = await worker.evaluate(async (count) => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true })
    if (tab?.id === undefined) throw new Error('no active tab')
    const taken: number[] = []
    for (let i = 0; i < count + 3; i++) {
      const started = performance.now()
      const reply = await chrome.tabs.sendMessage(
        tab.id,
        { type: 'listing:extract', payload: {} },
        { frameId: 0 },
      )
      const ms = performance.now() - started
      if (!reply.ok || reply.value?.ok !== true) throw new Error('the page gave no listing')
      // The first few warm the extractor up, as on Node.
      if (i >= 3) taken.push(ms)
    }
    return taken
  }, runs)
  return times.sort((a, b) => a - b)
}

export async function benchExtensionFlow(runs = RUNS): Promise<ExtensionFlowResult> {
  const env = await startExtensionEnv()
  try {
    const { ext, web, server } = env
    const { account } = await createAgent(server, 'bench-flow')
    const listingTab = ext.page
    const login = await ext.openPopup(listingTab)
    await popupLogin(login, account)
    await popupText(login, 'Signed in as')
    await listingTab.goto(web.listingPage('zillow', SOURCE_PAGES.zillow.listing), {
      waitUntil: 'load',
    })

    // Warm-up; its photo URLs are every run's.
    await convertOnce(env, listingTab)
    const photoRequests = web.photoRequests().filter((r) => r.dest === 'empty')
    const urls = [...new Set(photoRequests.map((r) => r.url))]
    if (urls.length !== PHOTOS) throw new Error(`the warm-up downloaded ${urls.length} photos`)

    const measured = new Map<NetworkName, Run[]>(NETWORKS.map(({ name }) => [name, []]))
    for (let run = 0; run < runs; run++) {
      for (const { name, pace } of NETWORKS) {
        web.setPhotoPace(pace)
        const flow = await convertOnce(env, listingTab)
        const downloadMs = await downloadOnly(await ext.worker(), urls)
        measured.get(name)?.push({ ...flow, downloadMs })
      }
    }

    // Every other source at CDN pace: a warm-up, then the runs.
    const flows = new Map<ListingSource, number[]>([
      ['zillow', (measured.get('cdn') ?? []).map((r) => r.flowMs)],
    ])
    web.setPhotoPace(PHOTO_PACE)
    for (const source of LISTING_SOURCES.filter((s) => s !== 'zillow')) {
      await listingTab.goto(web.listingPage(source, SOURCE_PAGES[source].listing), {
        waitUntil: 'load',
      })
      await convertOnce(env, listingTab)
      const taken: number[] = []
      for (let run = 0; run < runs; run++) {
        taken.push((await convertOnce(env, listingTab)).flowMs)
      }
      flows.set(source, taken)
    }
    web.setPhotoPace(null)

    // Each source's largest page, in the same (front) tab.
    const sources: SourceResult[] = []
    for (const source of LISTING_SOURCES) {
      const page = SOURCE_PAGES[source].largest
      await listingTab.bringToFront()
      await listingTab.goto(web.listingPage(source, page), { waitUntil: 'load' })
      sources.push({
        source,
        flowMs: flows.get(source) ?? [],
        page,
        pageBytes: statSync(path.join(listingFixtures(source), page)).size,
        extractionMs: await extractInChromium(await ext.worker(), EXTRACTION_RUNS),
      })
    }

    return {
      networks: NETWORKS.map(({ name }) => {
        const taken = measured.get(name) ?? []
        return {
          name,
          runs: taken,
          medianFlowMs: median(taken.map((r) => r.flowMs)),
          medianToTabMs: median(taken.map((r) => r.toTabMs)),
          medianDownloadMs: median(taken.map((r) => r.downloadMs)),
        }
      }),
      photoBytes: env.photo.length,
      sources,
    }
  } finally {
    await env.close()
  }
}

const NETWORK_TITLES: Record<NetworkName, string> = {
  loopback: 'loopback (photos at once)',
  cdn:
    `CDN pace (${PHOTO_PACE.firstByteMs[0]}–${PHOTO_PACE.firstByteMs[1]} ms to first byte, ` +
    `${PHOTO_PACE.bitsPerSecond / 1e6} Mbit/s shared)`,
}

/** The lines `npm run bench` prints, and whether the budgets hold. */
export function reportExtensionFlow(result: ExtensionFlowResult): { ok: boolean; lines: string[] } {
  const ms = (value: number) => `${Math.round(value)} ms`
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
  const ratioOf = (network: NetworkResult) => network.medianFlowMs / network.medianDownloadMs
  const table: string[][] = []
  for (const network of result.networks) {
    const each = (pick: (run: Run) => number) => network.runs.map((run) => ms(pick(run))).join(', ')
    table.push(
      [`${NETWORK_TITLES[network.name]}:`, '', ''],
      ['  click → form filled', ms(network.medianFlowMs), each((r) => r.flowMs)],
      ['    click → Marketplace tab asks', ms(network.medianToTabMs), each((r) => r.toTabMs)],
      [
        '    tab asks → form filled',
        ms(network.medianFlowMs - network.medianToTabMs),
        each((r) => r.flowMs - r.toTabMs),
      ],
      ['  download the photos only', ms(network.medianDownloadMs), each((r) => r.downloadMs)],
      ['  click → filled ÷ download only', `${ratioOf(network).toFixed(2)}×`, ''],
    )
  }
  const width = Math.max(...table.filter((row) => row[1]).map((row) => (row[0] ?? '').length))
  const lines = table.map(([name = '', value = '', runs = '']) =>
    value === ''
      ? `  ${name}`
      : `  ${name.padEnd(width)}  ${value.padStart(7)}${runs ? `   (${runs})` : ''}`,
  )

  let ok = true
  const verdicts: string[] = []
  for (const network of result.networks) {
    const withinTime = network.medianFlowMs < FLOW_BUDGET_MS
    ok &&= withinTime
    verdicts.push(
      `  click → filled < ${ms(FLOW_BUDGET_MS)}, ${network.name}: ${verdict(withinTime)} ` +
        `(${ms(network.medianFlowMs)})`,
    )
  }
  // The ratio is judged where downloading takes real time (see the header).
  const judged = result.networks.find((network) => network.name === 'cdn')
  if (judged) {
    const withinRatio = ratioOf(judged) <= FLOW_BUDGET_RATIO
    ok &&= withinRatio
    verdicts.push(
      `  click → filled ≤ ${FLOW_BUDGET_RATIO}× download only, ${judged.name}: ` +
        `${verdict(withinRatio)} (${ratioOf(judged).toFixed(2)}×)`,
    )
  }
  const sourceLines: string[] = []
  for (const each of result.sources) {
    const name = LISTING_SOURCE_SITES[each.source].name
    const flow = median(each.flowMs)
    const flowOk = each.flowMs.length > 0 && flow < FLOW_BUDGET_MS
    const extraction = median(each.extractionMs)
    const extractionOk = extraction < EXTRACTION_BUDGET_MS
    ok &&= flowOk && extractionOk
    const size = `${(each.pageBytes / 1024 / 1024).toFixed(2)} MB`
    sourceLines.push(
      `  ${name}: click → filled at CDN pace, median of ${each.flowMs.length}: ${ms(flow)} ` +
        `(${each.flowMs.map(ms).join(', ')}); content script on ${each.page} (${size}), round trip ` +
        `from the worker: median ${extraction.toFixed(1)} ms (min ` +
        `${(each.extractionMs[0] ?? 0).toFixed(1)} ms, ${each.extractionMs.length} runs)`,
    )
    verdicts.push(
      `  ${name}: click → filled < ${ms(FLOW_BUDGET_MS)}, cdn: ${verdict(flowOk)} (${ms(flow)})`,
      `  ${name}: extraction in Chromium < ${EXTRACTION_BUDGET_MS} ms: ${verdict(extractionOk)} ` +
        `(${extraction.toFixed(1)} ms)`,
    )
  }
  const runs = result.networks[0]?.runs.length ?? 0
  const photos = `${PHOTOS} × ${(result.photoBytes / 1024).toFixed(0)} KB JPEG`
  return {
    ok,
    lines: [
      `Extension in Chromium (${photos}), median of ${runs} runs per network, networks by turns:`,
      ...lines,
      'Every source (its own listing, its largest page):',
      ...sourceLines,
      ...verdicts,
    ],
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchExtensionFlow().then(
    (result) => {
      console.log(reportExtensionFlow(result).lines.join('\n'))
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
