/**
 * How repeat conversions are counted, in the words the Listings page and the FAQ both use (the
 * server's rule: docs/listings.md#metering).
 */
export const REPEAT_CONVERSION_RULE =
  'Converting or filling the same listing again within 24 hours of its last counted conversion is not counted again.'
