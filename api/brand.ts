/** The one brand module: name, contacts and links shown anywhere in the product. */
export const brand = {
  name: 'ListingBridge',
  supportEmail: 'support@listingbridge.app',
  /** Chrome Web Store page of the extension. */
  extensionStoreUrl: 'https://chromewebstore.google.com/detail/listingbridge',
  trialDays: 7,
  /**
   * What the Pro Monthly plan costs, in dollars, as the landing page states it. Plans are data
   * (migration 0001 seeds this one); server/plans/advertised-price.test.ts keeps the two equal.
   */
  monthlyPriceUsd: 49,
} as const
