import type { FastifyRequest } from 'fastify'

/** What a revalidated answer is known by: its ETag, and when it last changed if known. */
export interface Validators {
  etag: string
  lastModified?: Date
}

/**
 * Whether the client's copy is current (RFC 9110, section 13.2.2): If-None-Match decides when
 * sent, compared weakly (`W/"x"` matches `"x"`, `*` anything); If-Modified-Since only without
 * it, to the second.
 */
export function clientCopyIsCurrent(request: FastifyRequest, validators: Validators): boolean {
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((candidate) => {
      const tag = candidate.trim()
      return tag === '*' || tag.replace(/^W\//, '') === validators.etag.replace(/^W\//, '')
    })
  }
  const ifModifiedSince = request.headers['if-modified-since']
  if (ifModifiedSince === undefined || !validators.lastModified) return false
  const since = Date.parse(ifModifiedSince)
  return (
    !Number.isNaN(since) && Math.floor(validators.lastModified.getTime() / 1000) * 1000 <= since
  )
}
