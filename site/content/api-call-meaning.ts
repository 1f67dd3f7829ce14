/**
 * What the dashboard counts as an API call, in the words its cards, chart and first-run checklist
 * use (the server counts both kinds: docs/usage.md).
 */
export const API_CALL_MEANING =
  'An API call is a listing converted to a Facebook Marketplace draft (the same listing counts once per 24 hours) or an FSBO lead saved.'
