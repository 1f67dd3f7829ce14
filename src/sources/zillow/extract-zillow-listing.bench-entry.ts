import { extractZillowListing } from './extract-zillow-listing.ts'

/**
 * What `npm run bench` measures for the extractor (docs/architecture.md#budgets: median < 20 ms
 * on a 1.5 MB page).
 * The bench runner reads `file` (relative to the repository root), parses it into a `Document`
 * (happy-dom's `DOMParser` on Node, or the browser's own) and passes it to `benchZillowExtraction`.
 * Parsing is not timed: on Zillow the browser has parsed the page before the content script runs.
 */
export const ZILLOW_BENCH_PAGE = {
  file: 'tests/fixtures/zillow/bench-1.5mb-sf-house.html',
  url: 'https://www.zillow.com/homedetails/661-Lakeview-Ave-San-Francisco-CA-94112/15192198_zpid/',
  budgetMs: 20,
} as const

export interface ExtractionBenchResult {
  runs: number
  medianMs: number
  minMs: number
  maxMs: number
  budgetMs: number
}

/**
 * Times the whole extraction (find the data, parse the JSON, normalize) `runs` times after
 * `warmup` untimed runs. Throws when the page gives no listing: a fast failure is not a result.
 */
export function benchZillowExtraction(
  doc: Document,
  pageUrl: string = ZILLOW_BENCH_PAGE.url,
  { runs = 50, warmup = 5 }: { runs?: number; warmup?: number } = {},
): ExtractionBenchResult {
  const first = extractZillowListing(doc, pageUrl)
  if (!first.ok) throw new Error(`The bench page gave no listing: ${first.reason}`)
  for (let i = 0; i < warmup; i++) extractZillowListing(doc, pageUrl)
  const times: number[] = []
  for (let i = 0; i < Math.max(1, runs); i++) {
    const start = performance.now()
    extractZillowListing(doc, pageUrl)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const middle = Math.floor(times.length / 2)
  const median =
    times.length % 2 === 1
      ? (times[middle] ?? 0)
      : ((times[middle - 1] ?? 0) + (times[middle] ?? 0)) / 2
  return {
    runs: times.length,
    medianMs: median,
    minMs: times[0] ?? 0,
    maxMs: times[times.length - 1] ?? 0,
    budgetMs: ZILLOW_BENCH_PAGE.budgetMs,
  }
}
