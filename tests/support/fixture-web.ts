/**
 * "The web" for the extension's browser tests: one HTTPS server on loopback that answers for
 * every listing source's pages (tests/fixtures/<source>, each at the URL its header names) and
 * photo hosts (one JPEG for every photo), www.facebook.com (the Marketplace form fixture) and the
 * FSBO sites (their listing and results fixtures, each at the URL its header names). Chromium reaches it
 * through `--host-resolver-rules`, so the manifest's real match patterns and host
 * permissions are what the tests exercise. It records what was asked of it, for assertions.
 */
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import {
  LISTING_SOURCE_SITES,
  LISTING_SOURCES,
  type ListingSource,
} from '../../api/listing-sources.ts'
import { root } from './paths.ts'
import { MAPPED_HOSTS, selfSignedCertificate } from './tls.ts'

export const ZILLOW_FIXTURES = path.join(root, 'tests', 'fixtures', 'zillow')
/** A listing source's fixtures: tests/fixtures/<source>. */
export const listingFixtures = (source: ListingSource) =>
  path.join(root, 'tests', 'fixtures', source)

/** Photo hosts of every source (api/listing-sources.ts): each answers every path with the photo. */
const PHOTO_HOSTS: ReadonlySet<string> = new Set(
  LISTING_SOURCES.flatMap((source) =>
    LISTING_SOURCE_SITES[source].photoHosts.map(
      (pattern) => new URL(pattern.replace('*', '')).hostname,
    ),
  ),
)
export const MARKETPLACE_FIXTURE = path.join(
  root,
  'tests',
  'fixtures',
  'marketplace',
  'create-rental.html',
)
export const FSBO_FIXTURES = path.join(root, 'tests', 'fixtures', 'fsbo')

/** The URL a fixture (Zillow's by default) is meant to be opened at (its "Open at:" line). */
export function fixtureUrl(file: string, dir = ZILLOW_FIXTURES): string {
  const head = readFileSync(path.join(dir, file), 'utf8').slice(0, 4000)
  const url = /Open at: (https:\/\/\S+)/.exec(head)?.[1]
  if (!url) throw new Error(`${file} names no URL to open it at`)
  return url
}

export interface PhotoRequest {
  /** The whole URL, e.g. `https://photos.zillowstatic.com/fp/…jpg`. */
  url: string
  path: string
  /**
   * `Sec-Fetch-Dest`: `image` for an <img> (the Zillow page's gallery, the popup's preview),
   * `empty` for a fetch() (the extension's worker downloading the draft's photos).
   */
  dest: string | null
  at: number
}

/**
 * How photos.zillowstatic.com answers when not at loopback speed: like a CDN over an agent's
 * connection. Each answer starts after a time to first byte drawn from `firstByteMs`, then every
 * photo answer in flight shares one link of `bitsPerSecond`.
 */
export interface PhotoPace {
  firstByteMs: readonly [min: number, max: number]
  bitsPerSecond: number
}

/** A request for a page `fsboPage` serves: when it came in and when its answer went out. */
export interface FsboRequest {
  url: string
  /** `Sec-Fetch-Dest`: `document` for a tab's navigation. */
  dest: string | null
  startedAt: number
  finishedAt: number | null
}

export interface Hold {
  /** Resolves when a held request has arrived (the browser is waiting for the page). */
  requested: Promise<void>
  /** Answers the held request(s) and stops holding. */
  release: () => void
}

export interface FixtureWeb {
  port: number
  /** `--host-resolver-rules=…` mapping every fixture host to this server. */
  resolverArg: string
  /** Serves the Zillow fixture `file` at the URL its header names; answers that URL. */
  zillowPage: (file: string) => string
  /** Serves `source`'s fixture `file` (tests/fixtures/<source>) at the URL its header names. */
  listingPage: (source: ListingSource, file: string) => string
  /**
   * Serves the FSBO fixture `file` (tests/fixtures/fsbo: FSBO.com, ForSaleByOwner.com, Zillow
   * FSBO) at the URL its header names, with or without a trailing slash; answers that URL.
   */
  fsboPage: (file: string) => string
  /** Every request for a page `fsboPage` serves, in order of arrival. */
  fsboRequests: () => FsboRequest[]
  /** The bytes every photo of every source's photo host answers with (a JPEG). */
  setPhoto: (jpeg: Buffer) => void
  /** Photos answer at this pace from now on; null: at once (the default). */
  setPhotoPace: (pace: PhotoPace | null) => void
  photoRequests: () => PhotoRequest[]
  /** Every Marketplace page load: path with query, and when it was asked for. */
  marketplaceLoads: () => { path: string; at: number }[]
  /**
   * Options for the Marketplace form from now on (the fixture's `window.__fixtureOptions`, e.g.
   * `{ rename: { bedrooms: 'How many bedrooms' } }`: Facebook renamed a label); null: none.
   */
  setMarketplaceOptions: (options: Record<string, unknown> | null) => void
  /** Holds Marketplace page loads until `release()`: the tab waits, as on a slow network. */
  holdMarketplace: () => Hold
  /** Holds the worker's photo downloads until `release()`: the conversion waits mid-photos. */
  holdPhotos: () => Hold
  /**
   * Holds the FSBO page loads after the next `letThrough` until `release()`: a scan waits in the
   * middle of a visit, however fast or slow the machine is.
   */
  holdFsbo: (letThrough: number) => Hold
  close: () => Promise<void>
}

function send(res: ServerResponse, status: number, type: string, body: Buffer | string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
  res.end(body)
}

/** Paced answers go out in pieces this big, each taking its turn on the shared link. */
const PACE_CHUNK_BYTES = 16 * 1024

export async function startFixtureWeb(): Promise<FixtureWeb> {
  /** host + path → the fixture file's whole path. */
  const listingRoutes = new Map<string, string>()
  /** `host` + path without its trailing slash → FSBO fixture file. */
  const fsboRoutes = new Map<string, string>()
  const fsboLog: FsboRequest[] = []
  const fsboKey = (url: URL) => `${url.hostname}${url.pathname.replace(/\/+$/, '')}`
  const marketplace = readFileSync(MARKETPLACE_FIXTURE)
  let photo: Buffer | null = null
  let photoPace: PhotoPace | null = null
  /** When the shared link is free again (ms since the epoch): paced chunks queue for it. */
  let linkFreeAt = 0
  const photos: PhotoRequest[] = []
  const loads: { path: string; at: number }[] = []
  interface Held {
    /** Requests still answered at once before holding starts. */
    letThrough: number
    waiting: (() => void)[]
    arrived: () => void
  }
  const held: { marketplace: Held | null; photos: Held | null; fsbo: Held | null } = {
    marketplace: null,
    photos: null,
    fsbo: null,
  }

  /** Answers now, or when the hold of `kind` is released. */
  function answer(kind: keyof typeof held, respond: () => void): void {
    const hold = held[kind]
    if (!hold || hold.letThrough-- > 0) {
      respond()
      return
    }
    hold.waiting.push(respond)
    hold.arrived()
  }

  function startHold(kind: keyof typeof held, letThrough = 0): Hold {
    let arrived!: () => void
    const requested = new Promise<void>((resolve) => {
      arrived = resolve
    })
    const hold: Held = { letThrough, waiting: [], arrived }
    held[kind] = hold
    return {
      requested,
      release() {
        if (held[kind] === hold) held[kind] = null
        for (const respond of hold.waiting.splice(0)) respond()
      },
    }
  }

  /** `body` as the CDN would send it at `pace`: first byte late, then no faster than the link. */
  function sendPaced(res: ServerResponse, body: Buffer, pace: PhotoPace): void {
    const [min, max] = pace.firstByteMs
    setTimeout(
      () => {
        if (res.destroyed) return
        res.writeHead(200, {
          'content-type': 'image/jpeg',
          'cache-control': 'no-store',
          'content-length': String(body.length),
        })
        let offset = 0
        const next = () => {
          if (res.destroyed) return
          if (offset >= body.length) {
            res.end()
            return
          }
          const chunk = body.subarray(offset, offset + PACE_CHUNK_BYTES)
          offset += chunk.length
          linkFreeAt =
            Math.max(Date.now(), linkFreeAt) + (chunk.length * 8 * 1000) / pace.bitsPerSecond
          setTimeout(() => {
            res.write(chunk)
            next()
          }, linkFreeAt - Date.now())
        }
        next()
      },
      min + Math.random() * (max - min),
    )
  }

  let marketplaceOptions: Record<string, unknown> | null = null
  function marketplacePage(res: ServerResponse): void {
    const page = marketplaceOptions
      ? marketplace
          .toString('utf8')
          .replace(
            '<head>',
            `<head><script>window.__fixtureOptions = ${JSON.stringify(marketplaceOptions)}</script>`,
          )
      : marketplace
    send(res, 200, 'text/html; charset=utf-8', page)
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '')
    const url = new URL(req.url ?? '/', `https://${host}`)
    if (req.method !== 'GET') {
      send(res, 405, 'text/plain', 'GET only')
      return
    }
    if (PHOTO_HOSTS.has(host)) {
      const dest = req.headers['sec-fetch-dest']
      photos.push({
        url: `https://${host}${url.pathname}`,
        path: url.pathname,
        dest: typeof dest === 'string' ? dest : null,
        at: Date.now(),
      })
      const respond = () => {
        if (!photo) send(res, 503, 'text/plain', 'no photo yet')
        else if (photoPace) sendPaced(res, photo, photoPace)
        else send(res, 200, 'image/jpeg', photo)
      }
      // Only the worker's downloads are held; pages' <img>s load as usual.
      if (dest === 'image') respond()
      else answer('photos', respond)
      return
    }
    if (host === 'www.facebook.com' && url.pathname.startsWith('/marketplace/create/')) {
      loads.push({ path: url.pathname + url.search, at: Date.now() })
      answer('marketplace', () => {
        marketplacePage(res)
      })
      return
    }
    const fsboFile = fsboRoutes.get(fsboKey(url))
    if (fsboFile) {
      const dest = req.headers['sec-fetch-dest']
      const entry: FsboRequest = {
        url: url.href,
        dest: typeof dest === 'string' ? dest : null,
        startedAt: Date.now(),
        finishedAt: null,
      }
      fsboLog.push(entry)
      res.on('finish', () => {
        entry.finishedAt = Date.now()
      })
      answer('fsbo', () => {
        send(res, 200, 'text/html; charset=utf-8', readFileSync(path.join(FSBO_FIXTURES, fsboFile)))
      })
      return
    }
    const listingFile = listingRoutes.get(`${host}${url.pathname}`)
    if (listingFile) {
      send(res, 200, 'text/html; charset=utf-8', readFileSync(listingFile))
      return
    }
    send(res, 404, 'text/html', '<!doctype html><title>Not found</title><h1>Not found</h1>')
  }

  function listingPage(source: ListingSource, file: string): string {
    const url = fixtureUrl(file, listingFixtures(source))
    const { host, pathname } = new URL(url)
    listingRoutes.set(`${host}${pathname}`, path.join(listingFixtures(source), file))
    return url
  }

  const { key, cert } = selfSignedCertificate()
  const server: Server = createServer({ key, cert }, handle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo

  return {
    port,
    resolverArg: `--host-resolver-rules=${MAPPED_HOSTS.map((h) => `MAP ${h} 127.0.0.1:${port}`).join(', ')}`,
    zillowPage: (file) => listingPage('zillow', file),
    listingPage,
    fsboPage(file) {
      const url = fixtureUrl(file, FSBO_FIXTURES)
      fsboRoutes.set(fsboKey(new URL(url)), file)
      return url
    },
    fsboRequests: () => fsboLog.map((entry) => ({ ...entry })),
    setPhoto(jpeg) {
      photo = jpeg
    },
    setPhotoPace(pace) {
      photoPace = pace
    },
    photoRequests: () => [...photos],
    marketplaceLoads: () => [...loads],
    setMarketplaceOptions(options) {
      marketplaceOptions = options
    },
    holdMarketplace: () => startHold('marketplace'),
    holdPhotos: () => startHold('photos'),
    holdFsbo: (letThrough) => startHold('fsbo', letThrough),
    async close() {
      held.marketplace = null
      held.photos = null
      held.fsbo = null
      server.closeAllConnections()
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve()
        })
      })
    },
  }
}
