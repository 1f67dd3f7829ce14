/** The one brand module: name, contacts and links shown anywhere in the product. */
export const brand = {
  name: 'ListingBridge',
  supportEmail: 'support@listingbridge.app',
  /** Chrome Web Store page of the extension. */
  extensionStoreUrl: 'https://chromewebstore.google.com/detail/listingbridge',
  trialDays: 7,
} as const
