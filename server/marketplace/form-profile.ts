import { createHash } from 'node:crypto'
import { successBody } from '../../api/envelope.ts'
import { routes } from '../../api/routes.ts'
import type { MarketplaceFormProfile } from '../../api/schemas/marketplace-form-profile.ts'
import { NOT_MODIFIED, defineRoute, type RouteModule } from '../http/define-route.ts'

/**
 * Stored by any cache, but revalidated on every use (a 304 against the ETag costs next to
 * nothing): an edited profile reaches the very next fill that asks, including the worker's own
 * fetch, which the browser's HTTP cache would otherwise answer from an old copy.
 */
export const FORM_PROFILE_CACHE_CONTROL = 'public, no-cache'

/** A strong ETag: the hash of the exact JSON sent, the envelope around the profile. */
export function formProfileEtag(profile: MarketplaceFormProfile): string {
  const json = JSON.stringify(successBody(profile))
  return `"${createHash('sha256').update(json).digest('base64url')}"`
}

/** If-None-Match compares weakly on GET, so `W/"x"` matches `"x"`; `*` matches anything. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag.replace(/^W\//, '') === etag
  })
}

/**
 * GET /marketplace/form-profile, public: the texts the extension fills Marketplace's form by.
 * The profile is fixed for the life of the process, so its ETag is computed once, at
 * registration.
 */
const formProfile: RouteModule = {
  route: routes.marketplaceFormProfile,
  register(app, ctx) {
    const profile = ctx.config.marketplaceFormProfile
    const etag = formProfileEtag(profile)
    defineRoute(routes.marketplaceFormProfile, ({ request, reply }) => {
      // On the 304 too: a cache refreshes its copy's lifetime from these.
      void reply.header('etag', etag).header('cache-control', FORM_PROFILE_CACHE_CONTROL)
      const hit = ifNoneMatchHits(request.headers['if-none-match'], etag)
      return Promise.resolve(hit ? NOT_MODIFIED : { data: profile })
    }).register(app, ctx)
  },
}

export default formProfile
