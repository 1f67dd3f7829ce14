/**
 * Everything an extension browser test needs, started in order and stopped in reverse: the app
 * server (`npm start` on a free port, its own DATA_DIR), an extension build for that server,
 * the loopback HTTPS "web" (Zillow, Marketplace, photos) and Chromium with the extension.
 * Plus the server-side facts a test checks: the dashboard as the API answers it, and the rows
 * behind it.
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import { EXTENSION_ID } from '../../api/extension-id.ts'
import type { AgentProfileInput } from '../../api/schemas/agent-profile.ts'
import type { ConvertedListingSummary } from '../../api/schemas/listings.ts'
import { createVerifiedAccount, type TestAccount } from './accounts.ts'
import {
  buildExtension,
  launchWithExtension,
  type ExtensionBrowser,
  type ExtensionBuild,
} from './extension.ts'
import { startFixtureWeb, type FixtureWeb } from './fixture-web.ts'
import { renderListingPhoto } from './listing-photo.ts'
import { startServer, type RunningServer } from './server.ts'

/**
 * For beforeAll/afterAll: the server, a build and a browser take 5–10 s on two busy cores, more
 * than vitest's default hook timeout.
 */
export const ENV_TIMEOUT_MS = 60_000

export interface ExtensionEnv {
  server: RunningServer
  build: ExtensionBuild
  web: FixtureWeb
  ext: ExtensionBrowser
  /** The JPEG every listing photo URL answers with. */
  photo: Buffer
  close: () => Promise<void>
}

/** `serverEnv`: more settings for the server (e.g. `ADMIN_EMAILS`). */
export async function startExtensionEnv({
  serverEnv = {},
}: { serverEnv?: Record<string, string> } = {}): Promise<ExtensionEnv> {
  const stops: (() => Promise<void> | void)[] = []
  const close = async () => {
    for (const stop of stops.reverse()) await stop()
  }
  try {
    // The extension's own id may call the API from the worker (CORS), as in production.
    const server = await startServer({ env: { ...serverEnv, EXTENSION_IDS: EXTENSION_ID } })
    stops.push(() => server.stop())
    const build = buildExtension({ apiUrl: server.url })
    stops.push(() => {
      build.remove()
    })
    const web = await startFixtureWeb()
    stops.push(() => web.close())
    const ext = await launchWithExtension(build.dir, web)
    stops.push(() => ext.close())
    const photo = await renderListingPhoto(ext.page)
    web.setPhoto(photo)
    return { server, build, web, ext, photo, close }
  } catch (error) {
    await close()
    throw error
  }
}

interface Envelope<T> {
  status: 'success' | 'error'
  message?: string
  data: T
}

async function api<T>(
  server: RunningServer,
  method: 'GET' | 'POST' | 'PATCH',
  route: string,
  options: { body?: unknown; bearer?: string } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const headers: Record<string, string> = {}
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`
  const res = await fetch(`${server.api}${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  return { status: res.status, body: (await res.json()) as Envelope<T> }
}

export interface ApiSession {
  accessToken: string
  refreshToken: string
  userId: string
}

/** Logs the account in through the API (a session of its own, beside the extension's). */
export async function apiLogin(server: RunningServer, account: TestAccount): Promise<ApiSession> {
  const { status, body } = await api<{
    access_token: string
    refresh_token: string
    user_id: string
  }>(server, 'POST', '/auth/login', {
    body: { email: account.email, password: account.password },
  })
  if (status !== 200) throw new Error(`login answered ${status}: ${JSON.stringify(body)}`)
  return {
    accessToken: body.data.access_token,
    refreshToken: body.data.refresh_token,
    userId: body.data.user_id,
  }
}

/** `POST /auth/logout`: revokes the refresh token's whole family on the server. */
export async function apiLogout(server: RunningServer, refreshToken: string): Promise<void> {
  const { status, body } = await api(server, 'POST', '/auth/logout', {
    body: { refresh_token: refreshToken },
  })
  if (status !== 200) throw new Error(`logout answered ${status}: ${JSON.stringify(body)}`)
}

/**
 * An agent profile no fixture listing names: to the popup, every listing is another agent's, and
 * Convert waits for the box saying the listing broker agreed.
 */
export const ELSEWHERE_AGENT_PROFILE: AgentProfileInput = {
  listing_name: 'Pat Tester',
  license_number: null,
  license_state: null,
  brokerage: 'Tester Homes',
}

/** Saves the agent profile as the site's Settings does (`PATCH /users/me`); null removes it. */
export async function saveAgentProfile(
  server: RunningServer,
  session: ApiSession,
  profile: AgentProfileInput | null,
): Promise<void> {
  const { status, body } = await api(server, 'PATCH', '/users/me', {
    body: { agent_profile: profile },
    bearer: session.accessToken,
  })
  if (status !== 200) throw new Error(`PATCH /users/me answered ${status}: ${JSON.stringify(body)}`)
}

/**
 * A verified account with an agent profile (by default one no fixture names), ready to convert,
 * and an API session of its own beside the extension's.
 */
export async function createAgent(
  server: RunningServer,
  label: string,
  profile: AgentProfileInput | null = ELSEWHERE_AGENT_PROFILE,
): Promise<{ account: TestAccount; session: ApiSession }> {
  const account = await createVerifiedAccount(server, label)
  const session = await apiLogin(server, account)
  if (profile) await saveAgentProfile(server, session, profile)
  return { account, session }
}

/** The dashboard's `total_api_calls`, as the site reads it with the user's token. */
export async function totalApiCalls(server: RunningServer, session: ApiSession): Promise<number> {
  const { status, body } = await api<{ total_api_calls: number }>(
    server,
    'GET',
    '/users/dashboard',
    { bearer: session.accessToken },
  )
  if (status !== 200) throw new Error(`dashboard answered ${status}: ${JSON.stringify(body)}`)
  return body.data.total_api_calls
}

/** The user's converted listings as GET /listings answers them, last converted first. */
export async function convertedListings(
  server: RunningServer,
  session: ApiSession,
): Promise<ConvertedListingSummary[]> {
  const { status, body } = await api<{ items: ConvertedListingSummary[] }>(
    server,
    'GET',
    '/listings?page_size=100',
    { bearer: session.accessToken },
  )
  if (status !== 200) throw new Error(`GET /listings answered ${status}: ${JSON.stringify(body)}`)
  return body.data.items
}

/** A lead as GET /leads shows it (api/schemas/leads.ts), the fields the tests look at. */
export interface SavedLead {
  source: string
  source_id: string
  listing_url: string
  owner_name: string | null
  phone: string | null
  email: string | null
  address: { street: string | null; city: string | null; state: string | null; zip: string | null }
  price: number | null
  beds: number | null
  baths: number | null
}

/** The user's saved leads, as the dashboard's Leads page reads them (`source` filters). */
export async function savedLeads(
  server: RunningServer,
  session: ApiSession,
  source?: string,
): Promise<SavedLead[]> {
  const query = new URLSearchParams({ page_size: '100', ...(source ? { source } : {}) })
  const route = `/leads?${query.toString()}`
  const { status, body } = await api<{ items: SavedLead[] }>(server, 'GET', route, {
    bearer: session.accessToken,
  })
  if (status !== 200) throw new Error(`GET /leads answered ${status}: ${JSON.stringify(body)}`)
  return body.data.items
}

function withDatabase<T>(server: RunningServer, use: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, 'listingbridge.sqlite'))
  try {
    db.pragma('busy_timeout = 5000')
    return use(db)
  } finally {
    db.close()
  }
}

/** Ends the user's trial yesterday, in the server's SQLite file (DATA_DIR). */
export function endTrial(server: RunningServer, email: string): void {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString()
  const changed = withDatabase(
    server,
    (db) =>
      db
        .prepare('UPDATE users SET trial_end = ? WHERE lower(email) = lower(?)')
        .run(yesterday, email).changes,
  )
  if (changed !== 1) throw new Error(`no user ${email} to end the trial of`)
}

/** What the server has recorded for the user: API calls counted and listings stored. */
export function recordedUsage(
  server: RunningServer,
  email: string,
): { apiCalls: number; listings: number } {
  return withDatabase(server, (db) => {
    const user = db.prepare('SELECT id FROM users WHERE lower(email) = lower(?)').get(email) as
      { id: string } | undefined
    if (!user) throw new Error(`no user ${email}`)
    const calls = db
      .prepare('SELECT COALESCE(SUM(count), 0) AS n FROM api_usage_daily WHERE user_id = ?')
      .get(user.id) as { n: number }
    const listings = db
      .prepare('SELECT COUNT(*) AS n FROM listings WHERE user_id = ?')
      .get(user.id) as { n: number }
    return { apiCalls: calls.n, listings: listings.n }
  })
}
