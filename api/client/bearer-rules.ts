/** Requests to URLs containing these (the guest forms and contact) carry no bearer token. */
export const NO_BEARER_URL_PARTS = [
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/contact-us',
] as const

/** Literally: every request carries the access token unless its URL contains one of the parts. */
export function shouldSendBearer(url: string): boolean {
  return !NO_BEARER_URL_PARTS.some((part) => url.includes(part))
}
