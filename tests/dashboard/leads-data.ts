/**
 * What the leads browser test needs around the page: leads saved through the API as the extension
 * saves them, a CSV reader for the downloaded export, a folder Chromium downloads into, and a local
 * webhook receiver standing in for a CRM.
 */
import { createHmac } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'puppeteer-core'
import type { LeadSource } from '../../api/lead-sources.ts'
import type { TestAccount } from '../support/accounts.ts'
import type { RunningServer } from '../support/server.ts'

export interface SeedLead {
  source: LeadSource
  source_id: string
  listing_url: string
  owner_name: string | null
  phone: string | null
  email: string | null
  address: { street: string | null; city: string | null; state: string | null; zip: string | null }
  price: number | null
  beds: number | null
  baths: number | null
  living_area_sqft: number | null
  days_on_market: number | null
  photo_url: string | null
}

export interface StoredLead extends SeedLead {
  _id: string
  status: 'new' | 'contacted' | 'do_not_call'
  notes: string
  created_at: string
}

async function api<T>(
  server: RunningServer,
  route: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${server.api}${route}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${route}: ${res.status} ${text}`)
  return (JSON.parse(text) as { data: T }).data
}

/** An access token for the account, as the extension holds one after login. */
export async function accessToken(server: RunningServer, account: TestAccount): Promise<string> {
  const data = await api<{ access_token: string }>(server, '/auth/login', {
    body: { email: account.email, password: account.password },
  })
  return data.access_token
}

/** POST /leads: one lead, as the extension's Save lead sends it. */
export async function saveLead(
  server: RunningServer,
  token: string,
  lead: SeedLead,
): Promise<StoredLead> {
  const data = await api<{ lead: StoredLead }>(server, '/leads', { token, body: lead })
  return data.lead
}

export async function setLeadStatus(
  server: RunningServer,
  token: string,
  leadId: string,
  status: StoredLead['status'],
): Promise<void> {
  await api(server, '/leads/update', { token, body: { lead_id: leadId, status } })
}

/** Every lead of the account, as the API has them now. */
export async function listLeads(server: RunningServer, token: string): Promise<StoredLead[]> {
  const data = await api<{ items: StoredLead[] }>(server, '/leads?page_size=100', { token })
  return data.items
}

/** Records as objects keyed by the header row. */
export function csvRecords(text: string): Record<string, string>[] {
  // An independent RFC 4180 reader; `bom` drops the byte order mark from the first header.
  return parse(text, { bom: true, columns: true, record_delimiter: '\r\n' })
}

/**
 * A fresh folder Chromium saves downloads into (CDP Browser.setDownloadBehavior), and a wait for
 * the finished file in it.
 */
export async function downloadsInto(browser: Browser) {
  const dir = mkdtempSync(path.join(tmpdir(), 'lb-downloads-'))
  const session = await browser.target().createCDPSession()
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir })
  return {
    dir,
    /** The one finished file: its name and its raw bytes. */
    async file(timeoutMs = 15_000): Promise<{ name: string; bytes: Buffer }> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const names = existsSync(dir) ? readdirSync(dir) : []
        const done = names.filter((n) => !n.endsWith('.crdownload'))
        const [name] = done
        if (name && names.length === done.length) {
          return { name, bytes: readFileSync(path.join(dir, name)) }
        }
        if (Date.now() > deadline) throw new Error(`no download in ${dir}: ${names.join(', ')}`)
        // Polls for the file Chromium writes; no fixed wait.
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async detach(): Promise<void> {
      await session.detach()
    },
  }
}

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders
  /** The body exactly as received, for the signature. */
  raw: Buffer
}

/** A CRM's webhook endpoint on loopback that records every POST and answers 200. */
export async function startWebhookReceiver() {
  const received: ReceivedDelivery[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) })
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/hooks/listingbridge`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve()
        })
      }),
  }
}

/** What the receiver recomputes: `sha256=<hex>` of the raw body with the signing secret. */
export function expectedSignature(secret: string, raw: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`
}
