/**
 * Realtor.com's photo CDN (`ap.rdcpix.com`) names a photo `<32 hex><letter>-<letter><digits>` and
 * then its size: `s.jpg` (small: what the page data holds), `od.jpg` (the upload as it came),
 * `rd-w960_h720.webp` (fitted into a box), `od-w480_h360_x2.webp`, `s-w1024_h768.jpg`.
 *
 * Each photo becomes `…rd-w2048_h1536.jpg`: the largest box Realtor.com's own photo viewer asks
 * for, so the CDN serves it for every listing, as a JPEG of predictable weight. `od` would be the
 * upload itself, at whatever size and weight the photographer's camera made it, downloaded only for
 * Marketplace to shrink it again.
 *
 * Pages before about 2019 used another scheme (`…/1181386804/<hash>l-m0xd-w1020_h770_q80.jpg`)
 * whose other sizes are not known: those URLs stay as the page gives them.
 */

const CURRENT_PHOTO =
  /^https?:\/\/([a-z0-9]+\.rdcpix\.com)\/([0-9a-f]{32}[a-z]-[a-z]\d+)[a-z]{0,3}(?:-[a-z0-9_]+)?\.(?:jpe?g|webp|png)(?:[?#].*)?$/i

const OLDER_PHOTO = /^https?:\/\/[a-z0-9]+\.rdcpix\.com\/\d+\/([0-9a-f]{32}[a-z]-[a-z]\d+)/i

const LARGEST_PHOTO_SIZE = 'rd-w2048_h1536.jpg'

/** The largest JPEG the CDN serves of the photo at `url`; other URLs unchanged but for https. */
export function largestRealtorPhotoUrl(url: string): string {
  const trimmed = url.trim()
  const current = CURRENT_PHOTO.exec(trimmed)
  if (current) return `https://${current[1]}/${current[2]}${LARGEST_PHOTO_SIZE}`
  // The CDN answers https for the http links older data holds.
  return trimmed.replace(/^http:\/\/([a-z0-9]+\.rdcpix\.com\/)/i, 'https://$1')
}

/** What stays the same across one photo's sizes. */
export function realtorPhotoIdentity(url: string): string {
  const current = CURRENT_PHOTO.exec(url)
  if (current) return `${current[1]}/${current[2]}`.toLowerCase()
  return OLDER_PHOTO.exec(url)?.[1]?.toLowerCase() ?? url
}

/** The gallery as the CDN's largest JPEGs, in order, each photo once, https only. */
export function galleryPhotoUrls(urls: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const url of urls) {
    const largest = largestRealtorPhotoUrl(url)
    if (!largest.startsWith('https://')) continue
    const identity = realtorPhotoIdentity(largest)
    if (seen.has(identity)) continue
    seen.add(identity)
    out.push(largest)
  }
  return out
}
