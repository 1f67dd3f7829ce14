import type { BillingDeps } from '../payment-provider.ts'
import { fulfilCheckout } from './fulfil.ts'
import { loadSession, markSessionPaid } from './sessions.ts'

export type PayOutcome = 'paid' | 'canceled' | 'expired' | 'missing'

/** Pay: the session becomes paid and is fulfilled in the same transaction. */
export async function payAndFulfil(
  { db, clock, config }: Pick<BillingDeps, 'db' | 'clock' | 'config'>,
  sessionId: string,
): Promise<PayOutcome> {
  return db.transaction().execute(async (trx) => {
    const now = clock()
    const marked = await markSessionPaid(trx, sessionId, now)
    const session = await loadSession(trx, sessionId)
    if (!session) return 'missing'
    if (!marked && session.status !== 'paid') {
      return session.status === 'canceled' ? 'canceled' : 'expired'
    }
    await fulfilCheckout(trx, sessionId, { now, apiUrl: config.apiUrl })
    return 'paid'
  })
}
