import cors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import type { AppContext } from './app-context.ts'
import { systemClock, type Clock } from './clock.ts'
import type { Config } from './config.ts'
import { createPaymentProvider } from './billing/create-payment-provider.ts'
import { createDatabase, type Db } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { AppError } from './http/app-error.ts'
import { installErrorEnvelope } from './http/error-envelope.ts'
import { refuseNulText } from './http/refuse-nul-text.ts'
import { registerMailboxPage } from './mail/mailbox-page.ts'
import { TUNNEL_WARNING_HEADER, errorBody } from '../api/envelope.ts'
import { LISTING_SOURCE_SITES } from '../api/listing-sources.ts'
import { systemResolveAll, type ResolveAll } from './net/resolve-host.ts'
import { routeModules } from './routes.ts'
import { serveSite } from './http/serve-site.ts'
import { installSecurityHeaders } from './http/security-headers.ts'
import { cutStalledOnClose, slowClientOptions } from './http/slow-clients.ts'
import { installConnectionCaps } from './http/connection-caps.ts'

export interface AppOptions {
  db?: Db
  clock?: Clock
  /** The built site to serve; dist/site unless a test names another. */
  siteDir?: string
  /** Name resolution for CRM calls; the system's unless a test stubs it. */
  resolveHost?: ResolveAll
}

/** Origins allowed to call the API from a browser: the site and our extension only. */
export function allowedOrigins(config: Config): Set<string> {
  return new Set([
    ...config.siteOrigins,
    ...config.extensionIds.map((id) => `chrome-extension://${id}`),
  ])
}

/** Builds the whole app without listening, so tests use `app.inject` (fastify/demo style). */
export async function buildApp(
  config: Config,
  options: AppOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const db = options.db ?? createDatabase(config)
  await migrateToLatest(db as never)

  // Typed here: the slow-client handler below refers to the instance's logger.
  const app: FastifyInstance = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: config.trustProxy,
    // Slow or silent clients are cut with 408 instead of holding a connection for ever.
    ...slowClientOptions(config.connections, () => app.log),
    // The API takes small JSON documents; anything bigger is a mistake or an attack.
    bodyLimit: 256 * 1024,
    // Our tokens are long; Fastify's default 100-character param limit would cut them.
    routerOptions: { maxParamLength: 500 },
    // Router-level failures (bad URL, over-long path parameter) answer in the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400
      const message =
        status === 414 ? 'The request URL is too long.' : 'The request URL is not valid.'
      void (reply as FastifyReply).status(status).send(errorBody(message))
    },
  })
  installConnectionCaps(app.server, config.connections, app.log)
  cutStalledOnClose(app, config.connections)
  const base = { config, db, clock: options.clock ?? systemClock }
  const ctx: AppContext = {
    ...base,
    payments: createPaymentProvider({ ...base, log: app.log }),
    resolveHost: options.resolveHost ?? systemResolveAll,
  }

  installErrorEnvelope(app)
  refuseNulText(app)
  // JSON only: a text/plain body is refused with 415 instead of reaching a schema as a string.
  app.removeContentTypeParser('text/plain')

  installSecurityHeaders(app, {
    // The API answers JSON; pages it serves (mailbox, checkout) use inline styles only.
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        // The dashboard's Listings page shows each listing's first photo from its source's host.
        'img-src': ["'self'", 'data:', ...listingPhotoOrigins()],
        // Upgrading would break the embedded default, which serves plain http on localhost.
        'upgrade-insecure-requests': config.env === 'production' ? [] : null,
      },
    },
  })
  // A preflight without Origin or Access-Control-Request-Method is no browser's: refused in the
  // envelope like every other 4xx (@fastify/cors would answer it in plain text). Registered
  // before cors, so it runs first.
  app.addHook('onRequest', (request, _reply, done) => {
    const { origin, 'access-control-request-method': requestMethod } = request.headers
    const malformed = request.method === 'OPTIONS' && (!origin || !requestMethod)
    done(
      malformed
        ? new AppError(400, 'A CORS preflight needs Origin and Access-Control-Request-Method.')
        : undefined,
    )
  })
  const origins = allowedOrigins(config)
  await app.register(cors, {
    origin: (origin, cb) => {
      cb(null, origin === undefined || origins.has(origin))
    },
    allowedHeaders: ['authorization', 'content-type', TUNNEL_WARNING_HEADER],
    methods: ['GET', 'POST', 'PATCH'],
    maxAge: 600,
  })

  for (const module of routeModules) module.register(app, ctx)
  // The provider's own pages and callbacks: test checkout pages, or Stripe's webhook.
  await ctx.payments.registerRoutes(app)
  // The site's pages and files, robots.txt, sitemap.xml: a catch-all, so any other route wins.
  serveSite(app, { dir: options.siteDir, siteUrl: config.siteUrl })
  // The mailbox shows every e-mail, links included: never in production, where it is a 404.
  // With real SMTP the outbox holds live reset links: no mailbox page then either.
  if (config.env !== 'production' && !config.smtpUrl) registerMailboxPage(app, ctx)

  app.addHook('onClose', async () => {
    await db.destroy()
  })
  return { app, ctx }
}

/** `https://photos.zillowstatic.com/*` → `https://photos.zillowstatic.com`, for every source. */
function listingPhotoOrigins(): string[] {
  return Object.values(LISTING_SOURCE_SITES).flatMap((site) =>
    site.photoHosts.map((pattern) => new URL(pattern.replace(/\*$/, '')).origin),
  )
}
