import type { TestApp } from '../../testing/test-app.ts'
import { createCrmSender, type CrmDrainResult } from '../crm-sender.ts'

/** Runs the CRM sender until nothing due is left (retries wait for the clock); the totals. */
export async function drainCrm(t: TestApp): Promise<CrmDrainResult> {
  const sender = createCrmSender(t.ctx)
  const total: CrmDrainResult = { sent: 0, retrying: 0, failed: 0 }
  for (;;) {
    const pass = await sender.drainOnce()
    total.sent += pass.sent
    total.retrying += pass.retrying
    total.failed += pass.failed
    if (pass.sent + pass.retrying + pass.failed === 0) return total
  }
}

/** The user's deliveries in the outbox, oldest first. */
export async function outboxOf(t: TestApp, userId: string) {
  return t.ctx.db
    .selectFrom('crm_deliveries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}
