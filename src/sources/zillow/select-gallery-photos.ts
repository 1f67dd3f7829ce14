import { arrayAt, numberAt, stringAt, type JsonRecord } from '../../listing/json-value.ts'

/**
 * The listing's own gallery, one URL per photo: the widest JPEG Zillow offers for it, in gallery
 * order, no photo twice. Only the property's own photo lists are read — never `comps`,
 * `nearbyHomes`, `compsCarouselPropertyPhotos` or any other home's `miniCardPhotos`.
 *
 * - Current pages: `responsivePhotos` (or `photos`, `originalPhotos`), each item with
 *   `mixedSources.jpeg: [{url, width}]`.
 * - 2018 GraphQL pages: the one gallery requested at several sizes under aliases
 *   (`_photos4eUv7m`, `_photosqlOXk`…), items `{url, width?}`; the same photo appears once per size.
 */

const GALLERY_KEYS = ['responsivePhotos', 'photos', 'originalPhotos'] as const

interface Candidate {
  url: string
  width: number
}

function isJpegUrl(url: string): boolean {
  return /^https:\/\/[^\s]+\.jpe?g(?:[?#]\S*)?$/i.test(url)
}

/**
 * What stays the same across a photo's sizes: the file name without its size suffix
 * (`…/fp/<hash>-cc_ft_1536.jpg` → `<hash>`; `…/p_f/ISew9….jpg` → `ISew9…`).
 */
export function photoIdentity(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url
  const file = path.slice(path.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '')
  const dash = file.lastIndexOf('-')
  return dash > 0 ? file.slice(0, dash) : file
}

function widest(candidates: readonly Candidate[]): Candidate | undefined {
  let best: Candidate | undefined
  for (const c of candidates) if (!best || c.width > best.width) best = c
  return best
}

function candidate(item: unknown): Candidate | undefined {
  const url = stringAt(item, 'url')
  if (url === undefined || !isJpegUrl(url)) return undefined
  return { url, width: numberAt(item, 'width') ?? 0 }
}

/** The widest JPEG of one current-generation gallery item. */
function largestJpegOf(item: unknown): Candidate | undefined {
  const sources = arrayAt(item, 'mixedSources', 'jpeg')
  if (sources && sources.length > 0) {
    const best = widest(sources.map(candidate).filter((c): c is Candidate => c !== undefined))
    if (best) return best
  }
  return candidate(item)
}

/** Keeps the first item of each photo identity, or the widest when `keepWidest`; order of first sight. */
function onePerPhoto(candidates: readonly Candidate[], keepWidest: boolean): string[] {
  const byIdentity = new Map<string, Candidate>()
  for (const c of candidates) {
    const id = photoIdentity(c.url)
    const seen = byIdentity.get(id)
    if (!seen) byIdentity.set(id, c)
    else if (keepWidest && c.width > seen.width) byIdentity.set(id, c)
  }
  return [...byIdentity.values()].map((c) => c.url)
}

export function selectGalleryPhotos(property: JsonRecord): string[] {
  for (const key of GALLERY_KEYS) {
    const items = arrayAt(property, key)
    if (!items || items.length === 0) continue
    const chosen = items.map(largestJpegOf).filter((c): c is Candidate => c !== undefined)
    if (chosen.length > 0) return onePerPhoto(chosen, false)
  }
  const aliased: Candidate[] = []
  for (const key of Object.keys(property)) {
    if (!/^_photos/.test(key)) continue
    for (const item of arrayAt(property, key) ?? []) {
      const c = candidate(item)
      if (c) aliased.push(c)
    }
  }
  return onePerPhoto(aliased, true)
}
