import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CRM_QUEUE } from '../leads/crm-outbox.ts'
import { queueCrmDeliveries } from '../leads/crm-outbox.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { claimDue } from './claim-due.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

const LEASE_SECONDS = 60

describe('claimDue', () => {
  it('gives each due row to one of two claims made at the same moment', async () => {
    const user = await loggedInUser(t)
    const send = { userId: user.userId, exportId: 'export-1', target: 'webhook' as const }
    const ids = await queueCrmDeliveries(
      t.ctx.db,
      t.clock,
      send,
      Array.from({ length: 40 }, () => ({ leads: [] })),
    )
    // A second connection to the same database stands in for a second server process.
    const otherDb = t.openDb()
    try {
      for (let round = 0; round < 5; round++) {
        const now = t.clock()
        const options = { leaseSeconds: LEASE_SECONDS, limit: ids.length }
        const [a, b] = await Promise.all([
          claimDue(t.ctx.db, CRM_QUEUE, now, options),
          claimDue(otherDb, CRM_QUEUE, now, options),
        ])
        expect(
          a.ids.filter((id) => b.ids.includes(id)),
          `round ${round}`,
        ).toEqual([])
        expect(new Set([...a.ids, ...b.ids])).toEqual(new Set(ids))
        // Held: nobody gets them again until the lease lapses.
        expect((await claimDue(t.ctx.db, CRM_QUEUE, now, options)).ids).toEqual([])
        t.clock.advance(LEASE_SECONDS)
      }
    } finally {
      await otherDb.destroy()
    }
  })

  it('leaves rows that are not yet due, or not open', async () => {
    const user = await loggedInUser(t)
    const send = { userId: user.userId, exportId: 'export-1', target: 'webhook' as const }
    const [due, later, sent] = await queueCrmDeliveries(t.ctx.db, t.clock, send, [
      { leads: [] },
      { leads: [] },
      { leads: [] },
    ])
    const inAMinute = new Date(t.clock().getTime() + 60_000).toISOString()
    await t.ctx.db
      .updateTable('crm_deliveries')
      .set({ next_attempt_at: inAMinute })
      .where('id', '=', later ?? '')
      .execute()
    await t.ctx.db
      .updateTable('crm_deliveries')
      .set({ status: 'sent' })
      .where('id', '=', sent ?? '')
      .execute()
    const claim = await claimDue(t.ctx.db, CRM_QUEUE, t.clock(), {
      leaseSeconds: LEASE_SECONDS,
      limit: 10,
    })
    expect(claim.ids).toEqual([due])
    const row = await t.ctx.db
      .selectFrom('crm_deliveries')
      .select(['status', 'locked_until'])
      .where('id', '=', due ?? '')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'sending', locked_until: claim.lease })
  })
})
