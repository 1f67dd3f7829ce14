import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { addSeconds } from '../../clock.ts'
import type { CheckoutSessionRow, Database } from '../../db/schema.ts'
import type { CheckoutRequest } from '../payment-provider.ts'
import { planCharge } from '../plans.ts'

/** An unpaid checkout lapses after a day, as Stripe's do. */
const CHECKOUT_TTL_SECONDS = 24 * 3600

/** `cs_test_` + 192 random bits: the id is the only key to the page, so it must not be guessable. */
function newSessionId(): string {
  return `cs_test_${randomBytes(24).toString('base64url')}`
}

/** Opens a checkout session for the plan at its price; answers its id. */
export async function openSession(
  db: Kysely<Database>,
  { user, plan }: CheckoutRequest,
  now: Date,
): Promise<string> {
  const charge = planCharge(plan)
  const sessionId = newSessionId()
  await db
    .insertInto('checkout_sessions')
    .values({
      id: sessionId,
      user_id: user.id,
      plan_id: plan.id,
      provider: 'test',
      status: 'open',
      amount_cents: charge.amountCents,
      currency: charge.currency,
      created_at: now.toISOString(),
      expires_at: addSeconds(now, CHECKOUT_TTL_SECONDS).toISOString(),
      paid_at: null,
      fulfilled_at: null,
      subscription_id: null,
    })
    .execute()
  return sessionId
}

export async function loadSession(
  executor: Kysely<Database>,
  sessionId: string,
): Promise<CheckoutSessionRow | undefined> {
  return executor
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('provider', '=', 'test')
    .executeTakeFirst()
}

/** Marks an open, unexpired session paid; false when it was not open (or had lapsed). */
export async function markSessionPaid(
  executor: Kysely<Database>,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const marked = await executor
    .updateTable('checkout_sessions')
    .set({ status: 'paid', paid_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('provider', '=', 'test')
    .where('status', '=', 'open')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return marked.numUpdatedRows > 0n
}

/** Cancels an open session; false when it was not open (unknown, paid or cancelled already). */
export async function cancelOpenSession(
  executor: Kysely<Database>,
  sessionId: string,
): Promise<boolean> {
  const cancelled = await executor
    .updateTable('checkout_sessions')
    .set({ status: 'canceled' })
    .where('id', '=', sessionId)
    .where('provider', '=', 'test')
    .where('status', '=', 'open')
    .executeTakeFirst()
  return cancelled.numUpdatedRows > 0n
}
