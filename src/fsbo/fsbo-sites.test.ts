import { describe, expect, it } from 'vitest'
import { LEAD_SOURCE_SITES, LEAD_SOURCES, type LeadSource } from '../../api/lead-sources.ts'
import { LISTING_SOURCE_SITES, LISTING_SOURCES } from '../../api/listing-sources.ts'
import { isScannableListingUrl, SCANNED_HOSTS } from './fsbo-site-urls.ts'
import { FSBO_SITES, SCANNED_SOURCES } from './fsbo-sites.ts'
import { inspectFsboPage } from './inspect-fsbo-page.ts'
import { parseHtml } from './test-documents.ts'

/**
 * The registry (api/lead-sources.ts), which the manifest's FSBO content-script matches are built
 * from, against the site modules and every FSBO fixture: a pattern that misses the site's pages,
 * or a page of a site that no pattern covers, fails here.
 */

const fixtures = import.meta.glob<string>('../../tests/fixtures/fsbo/*.html', {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** fsbo.com serves its pages on its www name too; its fixtures are mostly on the bare one. */
const ALSO_OPENED_AT: Record<string, string[]> = {
  'fsbo-com-search-results-miami.html': [
    'https://www.fsbo.com/listings/search/results/?searchQuery=Miami%2C+FL',
  ],
}

interface FixturePage {
  file: string
  url: string
  source: LeadSource
  kind: 'listing' | 'results'
}

/** Each fixture at the URL its header names ("Open at:"), as the page of the source it reads as. */
const pages: FixturePage[] = Object.entries(fixtures).flatMap(([filePath, html]) => {
  const file = filePath.split('/').at(-1) ?? filePath
  const openAt = /Open at: (https:\/\/\S+)/.exec(html)?.[1]
  if (!openAt) throw new Error(`${file} names no URL`)
  return [openAt, ...(ALSO_OPENED_AT[file] ?? [])].map((url) => {
    const page = inspectFsboPage(parseHtml(html), url)
    if (page.kind === 'listing' && page.extraction.ok) {
      return { file, url, source: page.extraction.lead.source, kind: 'listing' as const }
    }
    const source = LEAD_SOURCES.find(
      (s) => page.kind === 'results' && LEAD_SOURCE_SITES[s].name === page.site,
    )
    if (!source) throw new Error(`${file} at ${url} reads as no lead source's page`)
    return { file, url, source, kind: 'results' as const }
  })
})

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Chrome's match-pattern test: scheme, host (`*.` for subdomains), path and query with `*`. */
function matchesPattern(pattern: string, pageUrl: string): boolean {
  const [, scheme = '', host = '', path = ''] =
    /^(\*|https?):\/\/(\*|(?:\*\.)?[^/*]+)(\/.*)$/.exec(pattern) ?? []
  if (!path) throw new Error(`not a match pattern: ${pattern}`)
  const url = new URL(pageUrl)
  const schemeOk = scheme === '*' ? /^https?:$/.test(url.protocol) : url.protocol === `${scheme}:`
  const hostOk =
    host === '*' ||
    url.hostname === host.replace(/^\*\./, '') ||
    (host.startsWith('*.') && url.hostname.endsWith(host.slice(1)))
  const pathRegExp = new RegExp(`^${path.split('*').map(escapeRegExp).join('.*')}$`)
  return schemeOk && hostOk && pathRegExp.test(url.pathname + url.search)
}

const pagesOf = (source: LeadSource, kind: FixturePage['kind']) =>
  pages.filter((page) => page.source === source && page.kind === kind).map((page) => page.url)

const patternsOf = (source: LeadSource, kind: FixturePage['kind']): readonly string[] =>
  kind === 'listing'
    ? LEAD_SOURCE_SITES[source].listingPages
    : LEAD_SOURCE_SITES[source].resultsPages

describe('the FSBO sites', () => {
  it('have one module per lead source of the registry, in its order', () => {
    expect(Object.keys(FSBO_SITES)).toEqual(LEAD_SOURCES)
    expect(SCANNED_SOURCES).toEqual(
      LEAD_SOURCES.filter((source) => LEAD_SOURCE_SITES[source].resultsPages.length > 0),
    )
  })

  it('have fixtures: a listing of every source, a results page of every scanned one', () => {
    for (const source of LEAD_SOURCES) expect(pagesOf(source, 'listing'), source).not.toEqual([])
    for (const source of SCANNED_SOURCES) expect(pagesOf(source, 'results'), source).not.toEqual([])
  })

  it('match every page of their site with the registry’s patterns, each pattern used', () => {
    for (const source of LEAD_SOURCES) {
      for (const kind of ['listing', 'results'] as const) {
        const patterns = patternsOf(source, kind)
        for (const pattern of patterns) {
          const matched = pagesOf(source, kind).filter((url) => matchesPattern(pattern, url))
          expect(matched, `${pattern} matches no ${kind} fixture of ${source}`).not.toEqual([])
        }
        for (const url of patterns.length > 0 ? pagesOf(source, kind) : []) {
          const covered = patterns.some((pattern) => matchesPattern(pattern, url))
          expect(covered, `no pattern of ${source} matches ${url}`).toBe(true)
        }
      }
    }
  })

  it('read the leads of a source without pages of its own on a listing source’s pages', () => {
    const listingPages = LISTING_SOURCES.flatMap((s) => LISTING_SOURCE_SITES[s].listingPages)
    for (const source of LEAD_SOURCES) {
      if (LEAD_SOURCE_SITES[source].listingPages.length > 0) continue
      for (const url of pagesOf(source, 'listing')) {
        const covered = listingPages.some((pattern) => matchesPattern(pattern, url))
        expect(covered, `no listing source's pattern matches ${url}`).toBe(true)
      }
    }
  })

  it('scan exactly the hosts of the registry’s patterns, and their listings', () => {
    const patterns = LEAD_SOURCES.flatMap((source) => [
      ...LEAD_SOURCE_SITES[source].listingPages,
      ...LEAD_SOURCE_SITES[source].resultsPages,
    ])
    const hosts = patterns.map((pattern) => {
      const host = /^https:\/\/([a-z0-9.-]+)\//.exec(pattern)?.[1]
      if (!host) throw new Error(`${pattern}: a scan needs https and an exact host`)
      return host
    })
    expect([...SCANNED_HOSTS].sort()).toEqual([...new Set(hosts)].sort())
    for (const page of pages.filter((p) => p.kind === 'listing')) {
      const scanned = SCANNED_SOURCES.some((source) => source === page.source)
      expect(isScannableListingUrl(page.url), page.url).toBe(scanned)
    }
  })
})
