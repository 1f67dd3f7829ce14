import { existsSync, type Stats } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SITE_REDIRECTS, sitePageAt } from '../../api/site-pages.ts'
import { acceptedCodings, type ContentCoding } from './accept-encoding.ts'
import { clientCopyIsCurrent } from './conditional-get.ts'
import { registerCrawlerFiles } from './crawler-files.ts'
import { inlineScriptSourcesOf, withScriptSources } from './inline-script-csp.ts'
import { prerenderedFile } from './prerendered-pages.ts'

/** Where `npm run build` leaves the site. */
export const SITE_DIST = path.resolve(import.meta.dirname, '../../dist/site')

/**
 * The file a page without prerendered HTML is served from (the app renders the page, or its "not
 * found" page in the browser); pages prerendered at build have their own (prerendered-pages.ts).
 */
const SHELL = 'index.html'

/** What we serve, by extension; `text` types have Brotli and gzip copies beside them. */
const FILE_TYPES: Record<string, { type: string; text: boolean }> = {
  '.html': { type: 'text/html; charset=utf-8', text: true },
  '.js': { type: 'text/javascript; charset=utf-8', text: true },
  '.mjs': { type: 'text/javascript; charset=utf-8', text: true },
  '.css': { type: 'text/css; charset=utf-8', text: true },
  '.svg': { type: 'image/svg+xml', text: true },
  '.json': { type: 'application/json', text: true },
  // Source maps have no compressed copies (scripts/compress-site.ts): only developer tools read them.
  '.map': { type: 'application/json', text: false },
  '.txt': { type: 'text/plain; charset=utf-8', text: true },
  '.xml': { type: 'application/xml', text: true },
  '.webmanifest': { type: 'application/manifest+json', text: true },
  '.png': { type: 'image/png', text: false },
  '.jpg': { type: 'image/jpeg', text: false },
  '.jpeg': { type: 'image/jpeg', text: false },
  '.webp': { type: 'image/webp', text: false },
  '.avif': { type: 'image/avif', text: false },
  '.gif': { type: 'image/gif', text: false },
  '.ico': { type: 'image/x-icon', text: false },
  '.woff2': { type: 'font/woff2', text: false },
}
const UNKNOWN_TYPE = { type: 'application/octet-stream', text: false }

const CODING_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' }

/** Names of hashed files change with their content: a cached copy is never stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else may be kept but is checked (ETag, Last-Modified) before each use. */
const REVALIDATE = 'no-cache'

export interface SiteOptions {
  /** The built site; dist/site unless a test names another. */
  dir?: string
  /** The site's public address (SITE_URL), for robots.txt and sitemap.xml. */
  siteUrl: string
}

/**
 * Serves the built site from the same origin as the API, so `npm start` is one process on one
 * port: files as they are on disk (looked up per request, so a rebuild needs no restart), each
 * text file in the smallest coding the client takes (compressed once, at build), every page of
 * api/site-pages.ts with 200 (its HTML prerendered at build, or the app's shell) and any other
 * path with 404 and the shell (the app shows its "not found" page).
 */
export function serveSite(app: FastifyInstance, options: SiteOptions): boolean {
  const dir = path.resolve(options.dir ?? SITE_DIST)
  if (!existsSync(path.join(dir, SHELL))) return false
  registerCrawlerFiles(app, options.siteUrl)
  for (const [from, to] of Object.entries(SITE_REDIRECTS)) {
    app.route({
      method: ['GET', 'HEAD'],
      url: from,
      handler: (request, reply) => reply.redirect(to + queryOf(request.url), 301),
    })
  }
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: (request, reply) => answerSitePath(dir, request, reply),
  })
  return true
}

function queryOf(url: string): string {
  const at = url.indexOf('?')
  return at === -1 ? '' : url.slice(at)
}

async function answerSitePath(
  dir: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const pathname = request.url.split('?')[0] ?? '/'
  // Unknown API routes keep their JSON 404 (the not-found handler's envelope).
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/dev/')) {
    return notFound(reply)
  }
  const file = siteFile(dir, pathname)
  const hashed = pathname.startsWith('/assets/')
  if (file && (await sendFile(request, reply, { file, status: 200, hashed }))) return reply
  const status = shellStatus(request, pathname)
  const prerendered = status === 200 ? prerenderedFile(pathname) : undefined
  if (
    prerendered &&
    (await sendFile(request, reply, {
      file: path.join(dir, prerendered),
      status: 200,
      hashed: false,
    }))
  ) {
    return reply
  }
  const shell = path.join(dir, SHELL)
  if (status && (await sendFile(request, reply, { file: shell, status, hashed: false }))) {
    return reply
  }
  return notFound(reply)
}

/** The not-found handler answers; returning the reply tells Fastify it is being answered. */
function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound()
  return reply
}

/**
 * 200 for a page of the site; 404 for any other path a person's browser asks for, so it shows the
 * app's "not found" page; undefined for a script or a fetch asking for what is not there: the
 * plain 404.
 */
function shellStatus(request: FastifyRequest, pathname: string): 200 | 404 | undefined {
  if (sitePageAt(pathname)) return 200
  if ((request.headers.accept ?? '').includes('text/html')) return 404
  return undefined
}

/**
 * The file a path names inside `dir`, or undefined when it names none we serve as a file: HTML
 * is served only as a page (so `/index.html` is no second home page), the compressed copies only
 * in place of their original, dotfiles never.
 */
function siteFile(dir: string, pathname: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  const segments = decoded.split('/').filter(Boolean)
  if (segments.length === 0 || segments.some((s) => s.startsWith('.'))) return undefined
  const extension = path.extname(decoded).toLowerCase()
  if (extension === '.html' || extension === '.br' || extension === '.gz') return undefined
  const file = path.join(dir, ...segments)
  return file.startsWith(dir + path.sep) ? file : undefined
}

interface OpenFile {
  handle: FileHandle
  stat: Stats
}

/** The regular file at `file`, open; undefined when there is none (missing, or a folder). */
async function openFile(file: string): Promise<OpenFile | undefined> {
  let handle: FileHandle
  try {
    handle = await open(file, 'r')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined
    throw error
  }
  const stat = await handle.stat()
  if (stat.isFile()) return { handle, stat }
  await handle.close()
  return undefined
}

/**
 * The client's best coding of `original`: a Brotli or gzip copy written with it at build, never an
 * older one (a copy older than its original belongs to an earlier build: the plain file is sent).
 */
async function bestCopy(
  request: FastifyRequest,
  file: string,
  original: Stats,
): Promise<{ coding: ContentCoding; open: OpenFile } | undefined> {
  for (const coding of acceptedCodings(request.headers['accept-encoding'])) {
    const copy = await openFile(file + CODING_SUFFIX[coding])
    if (!copy) continue
    if (copy.stat.mtimeMs >= original.mtimeMs) return { coding, open: copy }
    await copy.handle.close()
  }
  return undefined
}

interface FileAnswer {
  file: string
  status: 200 | 404
  /** A hashed file (under /assets/): cached for a year without asking again. */
  hashed: boolean
}

/**
 * Sends a file with its status, in the client's best coding, with its validators and caching; a
 * 304 when the client's copy is current. False when the file is not there.
 *
 * A Range header is ignored: the answer is always the whole file (allowed, RFC 9110 section 14.2),
 * so no range of a compressed copy is ever mistaken for a range of the plain file.
 */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { file, status, hashed }: FileAnswer,
): Promise<boolean> {
  const original = await openFile(file)
  if (!original) return false
  const extension = path.extname(file).toLowerCase()
  const { type, text } = FILE_TYPES[extension] ?? UNKNOWN_TYPE
  if (extension === '.html') await allowInlineScripts(reply, file, original.stat)
  const copy = text ? await bestCopy(request, file, original.stat) : undefined
  const sent = copy?.open ?? original
  if (copy) await original.handle.close()

  void reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE)
  if (text) varyOnAcceptEncoding(reply)
  if (status === 200) {
    const validators = {
      // Each coding is its own representation, so its own tag.
      etag: `"${sent.stat.size.toString(36)}-${Math.trunc(sent.stat.mtimeMs).toString(36)}${copy ? `-${copy.coding}` : ''}"`,
      lastModified: original.stat.mtime,
    }
    void reply
      .header('etag', validators.etag)
      .header('last-modified', validators.lastModified.toUTCString())
    if (clientCopyIsCurrent(request, validators)) {
      await sent.handle.close()
      void reply.code(304).send()
      return true
    }
  }
  void reply
    .code(status)
    .header('content-type', type)
    .header('content-length', String(sent.stat.size))
    .header('accept-ranges', 'none')
  if (copy) void reply.header('content-encoding', copy.coding)
  if (request.method === 'HEAD') {
    await sent.handle.close()
    void reply.send()
  } else {
    // The stream reads the very file whose size was sent, even if a rebuild replaces it meanwhile.
    void reply.send(sent.handle.createReadStream())
  }
  return true
}

/**
 * The page's own inline scripts (the shell's stored-session script) join the CSP's script-src by
 * hash, read from the very file sent: nothing else inline runs, and a rebuild that changes the
 * script needs no restart.
 */
async function allowInlineScripts(reply: FastifyReply, file: string, stat: Stats): Promise<void> {
  const policy = reply.getHeader('content-security-policy')
  if (typeof policy !== 'string') return
  const sources = await inlineScriptSourcesOf(file, stat)
  void reply.header('content-security-policy', withScriptSources(policy, sources))
}

/** Adds Accept-Encoding to Vary without dropping what others put there (CORS: Origin). */
function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary')
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return
  void reply.header('vary', [...names, 'Accept-Encoding'].join(', '))
}
