/**
 * Parts the product keeps hidden (docs/product.md#hidden-parts). They stay built and hidden here,
 * in one place, so showing one is a one-line change.
 */
export const flags = {
  watchDemoButton: false,
  heroTrialBadges: false,
  secondaryStatsStrip: false,
  moneyBackBadge: false,
  footerLegalLinks: false,
} as const
