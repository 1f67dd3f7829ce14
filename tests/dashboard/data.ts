/**
 * What the dashboard's browser tests set up behind the server's back, directly in the SQLite file
 * under the test server's DATA_DIR (WAL mode: the running server sees every committed write): a
 * trial that ended, API usage, past transactions.
 */
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { RunningServer } from '../support/server.ts'

export interface SeedTransaction {
  paymentType: string
  amountCents: number
  status: string
  createdAt: string
  receiptUrl?: string | null
}

export function serverDatabase(server: RunningServer) {
  const db = new Database(path.join(server.dataDir, 'listingbridge.sqlite'))
  db.pragma('busy_timeout = 5000')

  function userId(email: string): string {
    const row = db.prepare('select id from users where lower(email) = lower(?)').get(email) as
      { id: string } | undefined
    if (!row) throw new Error(`no user ${email}`)
    return row.id
  }

  return {
    userId,
    /** Moves the user's trial end (e.g. into the past: the trial has ended). */
    setTrialEnd(email: string, iso: string): void {
      db.prepare('update users set trial_end = ? where lower(email) = lower(?)').run(iso, email)
    },
    /**
     * Per-day API call counters, as conversions (`listings`) and lead saves (`leads`) keep them;
     * a day given as a number is listings only.
     */
    seedUsage(
      email: string,
      days: Record<string, number | { listings: number; leads: number }>,
    ): void {
      const id = userId(email)
      const upsert = db.prepare(
        'insert into api_usage_daily (user_id, day, count, listings, leads) values (?, ?, ?, ?, ?) ' +
          'on conflict (user_id, day) do update set count = excluded.count, ' +
          'listings = excluded.listings, leads = excluded.leads',
      )
      db.transaction(() => {
        for (const [day, kinds] of Object.entries(days)) {
          const { listings, leads } =
            typeof kinds === 'number' ? { listings: kinds, leads: 0 } : kinds
          upsert.run(id, day, listings + leads, listings, leads)
        }
      })()
    },
    /** Past payments (renewals and the like) for the transaction list. */
    seedTransactions(email: string, transactions: SeedTransaction[]): string[] {
      const id = userId(email)
      const insert = db.prepare(
        `insert into transactions (id, user_id, provider, provider_reference, payment_type,
           amount_cents, currency, status, receipt_url, created_at)
         values (?, ?, 'test', ?, ?, ?, 'usd', ?, ?, ?)`,
      )
      const ids: string[] = []
      db.transaction(() => {
        for (const t of transactions) {
          const txId = randomUUID()
          ids.push(txId)
          insert.run(
            txId,
            id,
            `seed:${txId}`,
            t.paymentType,
            t.amountCents,
            t.status,
            t.receiptUrl ?? null,
            t.createdAt,
          )
        }
      })()
      return ids
    },
    close(): void {
      db.close()
    },
  }
}

/** The UTC day `offset` days from today, YYYY-MM-DD (0 is today, -6 six days ago). */
export function utcDay(offset: number, now = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  day.setUTCDate(day.getUTCDate() + offset)
  return day.toISOString().slice(0, 10)
}

/** "December 1, 2026" in this process's time zone, as /success writes billing dates. */
export function longUsDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(iso))
}

/**
 * MM/DD/YYYY in this process's time zone, which the browser it launched shares
 * (docs/product.md#display).
 */
export function usDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
  }).format(new Date(iso))
}
