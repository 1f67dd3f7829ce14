/**
 * The landing hero's product screenshots: what each shows and the files `npm run product-shots`
 * writes into site/public/product/ (the real extension driven by the browser-test tooling,
 * tests/support/product-shots.ts). The hero's markup and the capture both read this list, and a
 * browser test checks the committed files against the markup, so the two cannot drift.
 */

export type ProductShotId = 'listing' | 'convert' | 'draft'

export interface ProductShot {
  id: ProductShotId
  /** The step, as the hero's caption names it. */
  caption: string
  /** One sentence under the caption: what happens at this step. */
  detail: string
  /** What the picture shows, for people who cannot see it. */
  alt: string
}

/**
 * The steps in order. The alt texts name the captured listing's values (the Zillow fixture
 * next-data-current-sf-house-for-sale.html); the capture's test checks them against the popup.
 */
export const PRODUCT_SHOTS: readonly ProductShot[] = [
  {
    id: 'listing',
    caption: 'Open a listing',
    detail:
      'On Zillow, Realtor.com or Redfin, click the ListingBridge icon: it reads the price, address, facts and photos.',
    alt: 'A Zillow listing open in Chrome with the ListingBridge popup over it, showing what it read: $850,000, 661 Lakeview Ave, San Francisco, 2 bd, 1 ba, 900 sqft, 21 photos.',
  },
  {
    id: 'convert',
    caption: 'Click Convert',
    detail:
      'Confirm you may advertise the listing, then convert it. One click, no copying and pasting.',
    alt: "The ListingBridge popup with the box “I have KW Advisors' permission to advertise this listing” ticked, above the Convert to Marketplace listing button.",
  },
  {
    id: 'draft',
    caption: 'Review the draft and post',
    detail:
      'Marketplace opens with the form filled in, photos included. You check it and post it yourself.',
    alt: 'A Marketplace “Home for sale” form filled in by ListingBridge: price 850000, address 661 Lakeview Avenue, San Francisco, 2 bedrooms, 1 bathroom, 20 photos; its panel says 13 fields were filled and nothing is left but to check.',
  },
]

/** The size a shot is composed at, in CSS pixels: every file has this shape. */
export const PRODUCT_SHOT_FRAME = { width: 480, height: 640 } as const

/**
 * Each shot is written at these device scales: the small file for phones (about 650 device
 * pixels wide at 1.75×), the large one for desktops and 3× phones.
 */
export const PRODUCT_SHOT_SCALES = [1.4, 2.25] as const

export interface ProductShotFile {
  /** Site path of the file, e.g. /product/listing-672.webp. */
  src: string
  width: number
  height: number
}

/** The files of one shot, smallest first. */
export function productShotFiles(id: ProductShotId): ProductShotFile[] {
  return PRODUCT_SHOT_SCALES.map((scale) => {
    const width = Math.round(PRODUCT_SHOT_FRAME.width * scale)
    const height = Math.round(PRODUCT_SHOT_FRAME.height * scale)
    return { src: `/product/${id}-${width}.webp`, width, height }
  })
}
