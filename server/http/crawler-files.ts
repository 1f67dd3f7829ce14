import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { SITE_PAGES } from '../../api/site-pages.ts'
import { clientCopyIsCurrent } from './conditional-get.ts'

/**
 * robots.txt and sitemap.xml, written from the site's page list (api/site-pages.ts) and its public
 * address (SITE_URL): known only when the server starts, so made here rather than at build.
 */

/** What robots.txt can name of a page: the part before its first parameter. */
function robotsPath(pattern: string): string {
  if (pattern.endsWith('/*?')) return pattern.slice(0, -3)
  const cut = pattern.search(/[:*]/)
  return cut === -1 ? pattern : pattern.slice(0, cut)
}

export function robotsTxt(siteUrl: string): string {
  const disallowed = [
    '/api/',
    ...SITE_PAGES.filter((page) => page.kind === 'private').map((page) => robotsPath(page.path)),
  ]
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function sitemapXml(siteUrl: string): string {
  const urls = SITE_PAGES.filter((page) => page.kind === 'public').map(
    (page) => `  <url><loc>${escapeXml(siteUrl + page.path)}</loc></url>`,
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** Both files, fixed for the life of the process, revalidated by their ETag. */
export function registerCrawlerFiles(app: FastifyInstance, siteUrl: string): void {
  const files = [
    { url: '/robots.txt', type: 'text/plain; charset=utf-8', body: robotsTxt(siteUrl) },
    { url: '/sitemap.xml', type: 'application/xml; charset=utf-8', body: sitemapXml(siteUrl) },
  ]
  for (const file of files) {
    const etag = `"${createHash('sha256').update(file.body).digest('base64url')}"`
    app.route({
      method: ['GET', 'HEAD'],
      url: file.url,
      handler: (request, reply) => {
        void reply.header('cache-control', 'no-cache').header('etag', etag)
        if (clientCopyIsCurrent(request, { etag })) return reply.code(304).send()
        return reply.type(file.type).send(file.body)
      },
    })
  }
}
