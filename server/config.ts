import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { brand } from '../api/brand.ts'
import { BUILT_IN_FORM_PROFILE } from '../api/marketplace-form-profile.ts'
import {
  marketplaceFormProfile,
  type MarketplaceFormProfile,
} from '../api/schemas/marketplace-form-profile.ts'
import { uselessRangeKind } from './leads/crm-address-reach.ts'
import { carriesIpv4, parseCidr, type CidrRange } from './net/ip-address.ts'

/** Environment, validated once here; nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  DATA_DIR: z.string().default('./data'),
  SITE_URL: z.url().optional(),
  API_URL: z.url().optional(),
  /** Extra site origins allowed for CORS and reset links, comma separated. */
  SITE_ORIGINS: z.string().optional(),
  /** Chrome extension ids allowed for CORS, comma separated. */
  EXTENSION_IDS: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default(`${brand.name} <no-reply@listingbridge.app>`),
  SUPPORT_EMAIL: z.email().default(brand.supportEmail),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /**
   * How many proxies in front of us (a number), or their addresses/CIDRs (comma separated).
   * Never "true": trusting every X-Forwarded-For hop lets a client pick its own IP and step
   * around every per-IP rate limit.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine(
      (v) => v !== 'true',
      'give the number of proxies (e.g. 1) or their addresses, not "true"',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL instead of the SQLite file under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Real payments through Stripe instead of the built-in test checkout; needs the webhook secret. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\S+$/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** Where the Stripe client sends API calls; Stripe itself unless set (stripe-mock, test fakes). */
  STRIPE_API_URL: z.url().optional(),
  /**
   * Private address ranges CRM exports may reach besides the public internet, comma separated
   * CIDR (`10.20.0.0/16,192.168.1.0/24`): a CRM on the intranet, tests' local receivers. Empty by
   * default: the webhook URL is typed by a user (SSRF). Checked in loadConfig.
   */
  CRM_PRIVATE_TARGETS: z.string().default(''),
  /** Follow Up Boss's API root, with its version; tests point it at a local receiver. */
  FOLLOW_UP_BOSS_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.followupboss.com/v1'),
  /** A JSON file replacing the built-in Marketplace form profile; checked in loadConfig. */
  MARKETPLACE_FORM_PROFILE: z.string().trim().min(1).optional(),
  /** Operators' e-mails, comma separated, any case: they see the form's health. */
  ADMIN_EMAILS: z.string().default(''),
  /** Slow clients (server/http/slow-clients.ts): seconds, fractions allowed. */
  /** 10 s, or the request timeout when that is shorter. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).optional(),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(72),
  /** Connection caps (server/http/connection-caps.ts); 0 turns the per-client cap off. */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).optional(),
  MAX_CONNECTIONS: z.coerce.number().int().positive().optional(),
  /** Seconds between passes of each process's renewal job (server/billing/renewals.ts). */
  RENEWAL_POLL_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  /**
   * How long a sender's claim on an e-mail or CRM delivery keeps other processes off it; unset,
   * each queue's own (server/mail/sender.ts, server/leads/crm-sender.ts). A claim that lapses
   * while its send is still under way gets that send made twice; tests shorten it to see a killed
   * process's claims taken over (server/multi-process.test.ts).
   */
  OUTBOX_LEASE_SECONDS: z.coerce.number().positive().max(3600).optional(),
})

export interface Config {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  dataDir: string
  siteUrl: string
  apiUrl: string
  /** Origins the site is served from: CORS and password-reset links accept only these. */
  siteOrigins: string[]
  extensionIds: string[]
  jwtSecret: Uint8Array
  smtpUrl: string | undefined
  mailFrom: string
  supportEmail: string
  rateLimitFactor: number
  /** false, a hop count, or trusted proxy addresses. */
  trustProxy: false | ((address: string, hop: number) => boolean) | string[]
  logLevel: string
  /** PostgreSQL connection URL; SQLite under dataDir when undefined. */
  databaseUrl: string | undefined
  /** Stripe settings; undefined means payments go through the built-in test checkout. */
  stripe: StripeConfig | undefined
  /** Where CRM exports may go (server/leads/crm-target.ts). */
  crm: CrmConfig
  /** The form profile served to the extension: MARKETPLACE_FORM_PROFILE's file, or the built-in. */
  marketplaceFormProfile: MarketplaceFormProfile
  /** ADMIN_EMAILS, lower-cased: the operators (server/users/admins.ts). */
  adminEmails: string[]
  /** Timeouts and caps that keep slow or greedy clients from holding every connection. */
  connections: ConnectionConfig
  /** The background jobs every process runs (server/main.ts). */
  jobs: JobConfig
}

export interface JobConfig {
  renewalPollMs: number
  /** Undefined: each sender's own lease. */
  outboxLeaseSeconds: number | undefined
}

export interface ConnectionConfig {
  /** From the connection's start (or the request's first byte) to the end of its headers. */
  headersTimeoutMs: number
  /** From the request's first byte to the end of its body. */
  requestTimeoutMs: number
  /** How long a connection may sit idle between two requests. */
  keepAliveTimeoutMs: number
  /** Concurrent connections one client address may hold; 0 when not capped here. */
  maxPerClient: number
  /** Concurrent connections in all; undefined derives it from the open-files limit. */
  max: number | undefined
}

export interface CrmConfig {
  /**
   * Private ranges CRM exports may reach (plain http too); none by default. Link-local and
   * unspecified addresses stay refused inside them (server/leads/crm-target.ts).
   */
  privateTargets: CidrRange[]
  /** Follow Up Boss's API root, version included, no trailing slash. */
  followUpBossApiUrl: string
}

export interface StripeConfig {
  secretKey: string
  webhookSecret: string
  /** Another API endpoint than Stripe's (stripe-mock or a test fake). */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined
}

export class ConfigError extends Error {}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** The embedded default keeps a generated secret in DATA_DIR so sessions survive restarts. */
function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, 'jwt-secret')
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      // Another process sharing DATA_DIR wrote it first; use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim())
}

/** CRM_PRIVATE_TARGETS as ranges, and every problem with it. */
function privateTargetRanges(value: string): { ranges: CidrRange[]; problems: string[] } {
  const ranges: CidrRange[] = []
  const problems: string[] = []
  for (const text of list(value)) {
    const range = parseCidr(text)
    if (typeof range === 'string') {
      problems.push(range)
      continue
    }
    const useless = uselessRangeKind(range)
    if (useless) {
      const what = `${useless.replace(/^(an?|the) /, '')}es`
      problems.push(`${range.text}: CRM exports never reach ${what}, listed or not`)
    } else if (carriesIpv4(range)) {
      problems.push(`${range.text} carries IPv4 addresses; list the IPv4 range instead`)
    } else {
      ranges.push(range)
    }
  }
  return { ranges, problems }
}

/**
 * MARKETPLACE_FORM_PROFILE's file, validated, or every problem with it: a bad file stops the start
 * instead of sending the extension texts it cannot use.
 */
function formProfileFile(file: string): { profile?: MarketplaceFormProfile; problems: string[] } {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { problems: [code === 'ENOENT' ? 'no such file' : `cannot read it (${String(code)})`] }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { problems: [`not valid JSON: ${(error as Error).message}`] }
  }
  const parsed = marketplaceFormProfile.safeParse(json)
  if (parsed.success) return { profile: parsed.data, problems: [] }
  return {
    problems: parsed.error.issues.map((i) => {
      // A bad language code's own message ("look like en or fr-CA") is nested in the issue.
      const message =
        i.code === 'invalid_key' ? i.issues.map((k) => k.message).join('; ') : i.message
      return i.path.length ? `${i.path.join('.')}: ${message}` : message
    }),
  }
}

function trustProxySetting(
  value: string,
): false | ((address: string, hop: number) => boolean) | string[] {
  if (value === 'false' || value === '' || value === '0') return false
  if (/^\d+$/.test(value)) {
    // Trust exactly that many hops: the client's own X-Forwarded-For entries are never believed.
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  return list(value)
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(e.DATA_DIR)
  mkdirSync(dataDir, { recursive: true })
  const local = `http://localhost:${e.PORT}`
  const siteUrl = (e.SITE_URL ?? local).replace(/\/$/, '')
  const apiUrl = (e.API_URL ?? local).replace(/\/$/, '')
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid environment:\n  JWT_SECRET: required in production')
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid environment:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both for Stripe, or neither for the test checkout',
    )
  }
  const privateTargets = privateTargetRanges(e.CRM_PRIVATE_TARGETS)
  if (privateTargets.problems.length) {
    const problems = privateTargets.problems.map((p) => `CRM_PRIVATE_TARGETS: ${p}`)
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`)
  }
  let formProfile = BUILT_IN_FORM_PROFILE
  if (e.MARKETPLACE_FORM_PROFILE) {
    const file = path.resolve(e.MARKETPLACE_FORM_PROFILE)
    const loaded = formProfileFile(file)
    if (!loaded.profile) {
      const problems = loaded.problems.map((p) => `MARKETPLACE_FORM_PROFILE ${file}: ${p}`)
      throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`)
    }
    formProfile = loaded.profile
  }
  const headersTimeoutSeconds = e.HEADERS_TIMEOUT_SECONDS ?? Math.min(10, e.REQUEST_TIMEOUT_SECONDS)
  if (headersTimeoutSeconds > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid environment:\n  HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS (the headers are part of the request)',
    )
  }
  const trustProxy = trustProxySetting(e.TRUST_PROXY)
  const siteOrigins = [
    ...new Set([new URL(siteUrl).origin, ...list(e.SITE_ORIGINS).map((o) => new URL(o).origin)]),
  ]
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    siteUrl,
    apiUrl,
    siteOrigins,
    extensionIds: list(e.EXTENSION_IDS),
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : loadOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    trustProxy,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: e.STRIPE_API_URL ? stripeEndpoint(e.STRIPE_API_URL) : undefined,
          }
        : undefined,
    crm: {
      privateTargets: privateTargets.ranges,
      followUpBossApiUrl: e.FOLLOW_UP_BOSS_API_URL.replace(/\/+$/, ''),
    },
    marketplaceFormProfile: formProfile,
    adminEmails: [...new Set(list(e.ADMIN_EMAILS).map((email) => email.toLowerCase()))],
    connections: {
      headersTimeoutMs: Math.round(headersTimeoutSeconds * 1000),
      requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      keepAliveTimeoutMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
      // Behind trusted proxies every socket comes from a proxy: a per-address cap would cap the
      // proxy, i.e. everyone at once. The proxy caps per client there (docs/operations.md).
      maxPerClient: e.MAX_CONNECTIONS_PER_CLIENT ?? (trustProxy === false ? 256 : 0),
      max: e.MAX_CONNECTIONS,
    },
    jobs: {
      renewalPollMs: Math.round(e.RENEWAL_POLL_SECONDS * 1000),
      outboxLeaseSeconds: e.OUTBOX_LEASE_SECONDS,
    },
  }
}

function stripeEndpoint(url: string): StripeConfig['api'] {
  const parsed = new URL(url)
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https'
  const port = parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443
  return { host: parsed.hostname, port, protocol }
}
