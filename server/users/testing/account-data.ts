import { expect } from 'vitest'
import { newId } from '../../db/ids.ts'
import { checkout, subscribeWithTestCheckout } from '../../billing/testing/helpers.ts'
import { sampleLead } from '../../leads/testing/sample-lead.ts'
import { storeConversion } from '../../listings/store-conversion.ts'
import { sampleListing } from '../../listings/testing/sample-listing.ts'
import { toMarketplaceDraft } from '../../listings/to-marketplace-draft.ts'
import { loggedInUser, type TestApp } from '../../testing/test-app.ts'

export type SignedIn = Awaited<ReturnType<typeof loggedInUser>>

/** The bearer header of a session. */
export function authHeader(user: { accessToken: string }): Record<string, string> {
  return { authorization: `Bearer ${user.accessToken}` }
}

/** The newest mail of a kind to an address, or undefined. */
export async function lastMail(t: TestApp, to: string, kind: string) {
  return t.ctx.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', to)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/** The token of the site link `<SITE_URL>/<page>/<token>` in the newest mail of a kind. */
export async function linkToken(t: TestApp, to: string, kind: string, page: string) {
  const mail = await lastMail(t, to, kind)
  const prefix = `${t.ctx.config.siteUrl}/${page}/`
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([\\w-]+)`).exec(
    mail?.text_body ?? '',
  )
  if (!match?.[1]) throw new Error(`no ${page} link in the last ${kind} mail to ${to}`)
  return match[1]
}

export async function login(t: TestApp, email: string, password: string) {
  return t.api({ method: 'POST', url: '/auth/login', payload: { email, password } })
}

export interface FilledAccount extends SignedIn {
  name: string
  phone: string
  pendingEmail: string
  listingId: string
  leadId: string
  fillReportId: string
  webhookSecret: string
  followUpBossKey: string
}

/**
 * An agent with a record in every kind of table an account can have: sessions and links,
 * mails, a support message, rate-limit counters, an abandoned and a paid checkout (a subscription
 * and its payment), a listing, a lead with notes and its usage, CRM settings, their delivery
 * log and a queued delivery, a fill report, an agent profile and an e-mail change under way. Made through the API where
 * it is cheap, by direct insert where the API would call out (CRM), and the listing through the
 * listings feature's own store.
 */
export async function accountWithEverything(
  t: TestApp,
  who: { name: string; phone: string; pendingEmail: string },
): Promise<FilledAccount> {
  const user = await loggedInUser(t, { name: who.name, phoneNumber: who.phone })
  const headers = authHeader(user)
  const ok = (res: { statusCode: number; body: string }, status = 200) => {
    expect(res.statusCode, res.body).toBe(status)
  }

  ok(
    await t.api({
      method: 'POST',
      url: '/users/contact-us',
      // As typed, in capitals: the deletion finds it all the same.
      payload: {
        name: who.name,
        email: user.email.toUpperCase(),
        phone: who.phone,
        subject: 'Question about plans',
        message: `Hello, this is ${who.name}.`,
      },
    }),
  )
  ok(
    await t.api({
      method: 'POST',
      url: '/auth/reset-password-request',
      payload: { email: user.email, reset_form_url: `${t.ctx.config.siteUrl}/reset-password` },
    }),
  )
  // An abandoned checkout, then a paid one.
  ok(await checkout(t, user, 'pro-annual'))
  await subscribeWithTestCheckout(t, user)

  ok(
    await t.api({
      method: 'PATCH',
      url: '/users/me',
      headers,
      payload: {
        agent_profile: {
          listing_name: who.name,
          license_number: 'DRE 01234567',
          license_state: 'ca',
          brokerage: 'Bay Homes Realty',
        },
        email: who.pendingEmail,
        current_password: user.password,
      },
    }),
  )

  // Stored as a conversion stores it (and counted as one, which makes a usage row).
  const listing = sampleListing({ listing_agent: { name: who.name } })
  const { listingId } = await storeConversion(t.ctx.db, t.clock, {
    userId: user.userId,
    listing,
    draft: toMarketplaceDraft(listing),
    permission: {
      permission_basis: 'own_listing',
      permission_confirmed_at: t.clock().toISOString(),
      permission_listing_agent: who.name,
      permission_brokerage: 'Bay Homes Realty',
    },
  })

  const saved = await t.api({ method: 'POST', url: '/leads', headers, payload: sampleLead() })
  expect(saved.statusCode, saved.body).toBeLessThan(300)
  const leadId = String((saved.json().data?.lead as { _id?: unknown } | undefined)?._id)
  ok(
    await t.api({
      method: 'POST',
      url: '/leads/update',
      headers,
      payload: { lead_id: leadId, notes: `Call back after 5pm — ${who.name}` },
    }),
  )

  const now = t.clock().toISOString()
  const webhookSecret = `whsec_${newId()}`
  const followUpBossKey = `fka_${newId()}`
  await t.ctx.db
    .insertInto('lead_webhooks')
    .values({
      user_id: user.userId,
      url: 'https://crm.example.com/hooks/leads',
      secret: webhookSecret,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await t.ctx.db
    .insertInto('follow_up_boss_accounts')
    .values({ user_id: user.userId, api_key: followUpBossKey, created_at: now, updated_at: now })
    .execute()
  await t.ctx.db
    .insertInto('lead_crm_attempts')
    .values({
      id: newId(),
      delivery_id: newId(),
      user_id: user.userId,
      target: 'webhook',
      url: 'https://crm.example.com/hooks/leads',
      attempt: 1,
      lead_count: 1,
      status_code: 200,
      error: null,
      succeeded: 1,
      created_at: now,
    })
    .execute()
  // A send to the CRM still queued (no sender runs here): the outbox holds the lead as sent.
  ok(await t.api({ method: 'POST', url: '/leads/export-webhook', headers, payload: {} }), 202)

  const report = await t.api({
    method: 'POST',
    url: '/marketplace/fill-reports',
    headers,
    payload: {
      profile_version: '2026-11-01',
      language: 'en-US',
      duration_ms: 5400,
      fields: [
        { field: 'price', outcome: 'filled', label: 'Price' },
        { field: 'bedrooms', outcome: 'not_found', label: null },
      ],
    },
  })
  ok(report, 201)

  return {
    ...user,
    name: who.name,
    phone: who.phone,
    pendingEmail: who.pendingEmail,
    listingId,
    leadId,
    fillReportId: String(report.json().data?.report_id),
    webhookSecret,
    followUpBossKey,
  }
}
