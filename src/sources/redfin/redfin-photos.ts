import { arrayAt, numberAt, stringAt } from '../../listing/json-value.ts'

/**
 * Redfin serves each listing photo at several sizes, named by a path segment:
 * `/photo/<source>/<size>/<dir>/<prefix><file>.<jpg|webp>`, e.g. `…/photo/45/mbpaddedwide/384/
 * genMid.GD25253384_0.webp`. Smallest to largest: `tmbphoto` (genTmb., thumbnails), `islphoto`
 * (genIsl., search cards), `bcsphoto` (genBcs., lightbox strip), `mbphoto`/`mbphotov3`/
 * `mbpaddedwide` (genMid., the gallery at about 1024 px, `mbpaddedwide` letterboxed) and `bigphoto`
 * (no prefix): the full-screen photo at the size the MLS delivered. The page's own data says so:
 * each gallery item's `fullScreenPhotoUrl` is the `bigphoto` one, and its `width`/`height` (2048 ×
 * 1536 for some MLSs) are the full size, past the 1080 px `og:image` (an `mbpaddedwide`). So every
 * photo is taken as its `bigphoto` JPEG (the `.jpg` of the same path is served beside `.webp`).
 *
 * Rentals keep their photos apart: `/photo/rent/<rentalId>/<size>/<prefix><n>_<version>.jpg`, the
 * same sizes, listed as ranges of `n`.
 */

const REDFIN_PHOTO =
  /^https:\/\/ssl\.cdn-redfin\.com\/photo\/(\d+|rent\/[\w-]+)\/[a-z0-9]+\/(?:(\d+)\/)?(?:gen[A-Za-z]+\.)?([\w-]+)\.(?:jpe?g|webp|png)$/i

/** The largest JPEG of a Redfin photo URL; other https URLs as they are; `undefined` for the rest. */
export function largestRedfinPhotoUrl(url: string): string | undefined {
  const bare = url.trim().split(/[?#]/)[0] ?? ''
  const match = REDFIN_PHOTO.exec(bare)
  if (!match) return /^https:\/\/\S+$/.test(bare) ? bare : undefined
  const [, source = '', dir, file = ''] = match
  return `https://ssl.cdn-redfin.com/photo/${source}/bigphoto/${dir === undefined ? '' : `${dir}/`}${file}.jpg`
}

/** Largest size of each URL, first sight kept, no photo twice. */
export function largestPhotoUrls(urls: readonly (string | undefined)[]): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  for (const url of urls) {
    const largest = url === undefined ? undefined : largestRedfinPhotoUrl(url)
    if (largest === undefined || seen.has(largest)) continue
    seen.add(largest)
    out.push(largest)
  }
  return out
}

/**
 * The gallery of a listing's `mediaBrowserInfo.photos`, in its order: each item's full-screen URL
 * (or, lacking it, any size it has), at the largest size.
 */
export function galleryPhotos(items: readonly unknown[]): string[] {
  return largestPhotoUrls(
    items.map(
      (item) =>
        stringAt(item, 'photoUrls', 'fullScreenPhotoUrl') ??
        stringAt(item, 'photoUrls', 'nonFullScreenPhotoUrl') ??
        stringAt(item, 'photoUrls', 'nonFullScreenPhotoUrlCompressed') ??
        stringAt(item, 'photoUrls', 'lightboxListUrl') ??
        stringAt(item, 'thumbnailData', 'thumbnailUrl'),
    ),
  )
}

/** More than a listing can show: a corrupt range must not make a million URLs. */
const MAX_RENTAL_PHOTOS = 200

/**
 * A rental's gallery from its photo ranges (`[{startPos: 0, endPos: 56, version: "2"}]` → photos
 * `0_2` … `56_2`), at the largest size.
 */
export function rentalPhotos(rentalId: string, ranges: readonly unknown[]): string[] {
  if (!/^[\w-]+$/.test(rentalId)) return []
  const urls: string[] = []
  for (const range of ranges) {
    const start = numberAt(range, 'startPos')
    const end = numberAt(range, 'endPos')
    const version = valueText(range)
    if (start === undefined || end === undefined || version === undefined) continue
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0) continue
    for (let n = start; n <= end && urls.length < MAX_RENTAL_PHOTOS; n++) {
      urls.push(`https://ssl.cdn-redfin.com/photo/rent/${rentalId}/bigphoto/${n}_${version}.jpg`)
    }
  }
  return largestPhotoUrls(urls)
}

function valueText(range: unknown): string | undefined {
  const version = stringAt(range, 'version') ?? numberAt(range, 'version')?.toString()
  return version !== undefined && /^\w+$/.test(version) ? version : undefined
}

/** The first non-empty of: `photosInfo.photoRanges` of a home card, `photos` of a media answer. */
export function rentalPhotoRanges(...sources: unknown[]): unknown[] {
  for (const source of sources) {
    const ranges = arrayAt(source, 'photosInfo', 'photoRanges') ?? arrayAt(source, 'photos')
    if (ranges && ranges.length > 0) return ranges
  }
  return []
}
