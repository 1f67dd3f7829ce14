import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** Where `npm run build` leaves the site. */
export const SITE_DIST = path.resolve(import.meta.dirname, '../../dist/site')

/**
 * Serves the built site from the same origin as the API, so `npm start` is one process on one
 * port. Hashed assets are cached for a year; index.html never, so a deploy shows at once.
 */
export async function serveSite(app: FastifyInstance, dir = SITE_DIST): Promise<boolean> {
  if (!existsSync(path.join(dir, 'index.html'))) return false
  await app.register(fastifyStatic, {
    root: dir,
    // Files are looked up per request, so a rebuild is served without a restart.
    wildcard: true,
    index: false,
    // Our setHeaders decides caching, per file.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  // The wildcard would answer the folder itself with a 403; the home page is the app.
  app.get('/', (_request, reply) => sendIndex(reply))
  return true
}

/** SPA fallback: a page request for a path that is not a file gets index.html. */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const url = request.url
  if (url.startsWith('/api/') || url.startsWith('/dev/')) return false
  return (request.headers.accept ?? '').includes('text/html')
}

export function sendIndex(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-cache')
    .type('text/html')
    .sendFile('index.html', { cacheControl: false })
}
