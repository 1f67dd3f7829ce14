import { describe, expect, it } from 'vitest'
import currentSfPage from '../../../tests/fixtures/zillow/next-data-current-sf-house-for-sale.html?raw'
import botCheckPage from '../../../tests/fixtures/zillow/perimeterx-bot-check.html?raw'
import { benchZillowExtraction, ZILLOW_BENCH_PAGE } from './extract-zillow-listing.bench-entry.ts'

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('benchZillowExtraction', () => {
  it('times extraction runs and reports the median against the budget', () => {
    const result = benchZillowExtraction(parse(currentSfPage), ZILLOW_BENCH_PAGE.url, {
      runs: 3,
      warmup: 0,
    })
    expect(result.runs).toBe(3)
    expect(result.budgetMs).toBe(20)
    expect(result.minMs).toBeLessThanOrEqual(result.medianMs)
    expect(result.medianMs).toBeLessThanOrEqual(result.maxMs)
  })

  it('refuses to time a page that gives no listing', () => {
    expect(() => benchZillowExtraction(parse(botCheckPage))).toThrow(/bot-check/)
  })
})
