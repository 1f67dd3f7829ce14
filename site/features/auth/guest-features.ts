/** What the guest pages' side panel promises; every item is something the product does. */
export const guestFeatures = [
  'Turn a Zillow listing into a Facebook Marketplace listing in one click',
  'Photos, price, beds, baths and description carried over for you',
  'You review every listing before it goes live',
  'Usage analytics and billing in one dashboard',
] as const
