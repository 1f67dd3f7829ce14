import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { verificationMail } from './messages.ts'
import { enqueueMail } from './outbox.ts'
import {
  LEASE_SECONDS,
  MAX_ATTEMPTS,
  MAX_RETRY_SECONDS,
  createMailSender,
  retryDelaySeconds,
} from './sender.ts'
import type { MailTransport, QueuedMail } from './transport.ts'

/** Records what it delivers; the first `failures` calls throw like a server that is down. */
function recordingTransport(failures = 0, delayMs = 0) {
  const sent: QueuedMail[] = []
  let calls = 0
  const transport: MailTransport & { sent: QueuedMail[]; calls: () => number } = {
    name: 'test',
    sent,
    calls: () => calls,
    async send(mail) {
      calls++
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
      if (calls <= failures) throw new Error('421 service not available')
      sent.push(mail)
    },
  }
  return transport
}

async function enqueue(t: TestApp, to = 'ann@example.com'): Promise<string> {
  return enqueueMail(
    t.ctx.db,
    verificationMail(to, 'Ann', 'http://localhost:5173/verify-email/tok'),
    t.clock,
  )
}

async function row(t: TestApp, id: string) {
  return t.ctx.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

async function unsentCount(t: TestApp): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .execute()
  return rows.length
}

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

describe('mail sender', () => {
  it('delivers a due message once and marks it sent', async () => {
    const id = await enqueue(t)
    const transport = recordingTransport()
    const sender = createMailSender(t.ctx, transport)

    expect(await sender.drainOnce()).toEqual({ sent: 1, failed: 0, gaveUp: 0 })
    expect(transport.sent).toHaveLength(1)
    expect(transport.sent[0]).toMatchObject({
      id,
      kind: 'verify-email',
      to: 'ann@example.com',
      replyTo: null,
      subject: 'Verify your e-mail for ListingBridge',
    })
    expect(transport.sent[0]?.text).toContain('http://localhost:5173/verify-email/tok')
    const after = await row(t, id)
    expect(after.sent_at).toBe(t.clock().toISOString())
    expect(after.attempts).toBe(1)
    expect(after.locked_until).toBeNull()

    // Sent is final: later passes leave it alone.
    t.clock.advance(3600)
    expect(await sender.drainOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 })
    expect(transport.calls()).toBe(1)
  })

  it('retries a failed delivery with exponential back-off, then succeeds', async () => {
    const id = await enqueue(t)
    const transport = recordingTransport(2)
    const sender = createMailSender(t.ctx, transport)

    expect(await sender.drainOnce()).toEqual({ sent: 0, failed: 1, gaveUp: 0 })
    let r = await row(t, id)
    expect(r).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, locked_until: null })
    expect(r.last_error).toBe('421 service not available')
    expect(r.next_attempt_at).toBe(new Date(t.clock().getTime() + 30_000).toISOString())

    // Not due before its back-off.
    await sender.drainOnce()
    t.clock.advance(29)
    await sender.drainOnce()
    expect(transport.calls()).toBe(1)

    t.clock.advance(1)
    expect(await sender.drainOnce()).toEqual({ sent: 0, failed: 1, gaveUp: 0 })
    r = await row(t, id)
    expect(r.attempts).toBe(2)
    // Doubled: 60 s after the second failure.
    expect(r.next_attempt_at).toBe(new Date(t.clock().getTime() + 60_000).toISOString())
    t.clock.advance(59)
    await sender.drainOnce()
    expect(transport.calls()).toBe(2)

    t.clock.advance(1)
    expect(await sender.drainOnce()).toEqual({ sent: 1, failed: 0, gaveUp: 0 })
    r = await row(t, id)
    expect(r.attempts).toBe(3)
    expect(r.sent_at).toBe(t.clock().toISOString())
    expect(transport.sent.map((m) => m.id)).toEqual([id])
  })

  it('doubles the delay from 30 s and caps it at an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 9, 50].map(retryDelaySeconds)).toEqual([
      30, 60, 120, 240, 1920, 3600, 3600, 3600,
    ])
  })

  it('gives up after the last attempt and leaves the message visibly failed', async () => {
    const id = await enqueue(t)
    const transport = recordingTransport(Number.POSITIVE_INFINITY)
    const sender = createMailSender(t.ctx, transport)

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await sender.drainOnce()).toEqual({ sent: 0, failed: 1, gaveUp: 0 })
      t.clock.advance(MAX_RETRY_SECONDS)
    }
    expect(await sender.drainOnce()).toEqual({ sent: 0, failed: 1, gaveUp: 1 })
    const r = await row(t, id)
    expect(r.attempts).toBe(MAX_ATTEMPTS)
    expect(r.failed_at).toBe(t.clock().toISOString())
    expect(r.sent_at).toBeNull()
    expect(r.last_error).toBe('421 service not available')

    t.clock.advance(7 * 86_400)
    expect(await sender.drainOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 })
    expect(transport.calls()).toBe(MAX_ATTEMPTS)
  })

  it('skips a message another sender holds, and takes it over once that lease lapses', async () => {
    const id = await enqueue(t)
    const lease = new Date(t.clock().getTime() + LEASE_SECONDS * 1000).toISOString()
    await t.ctx.db.updateTable('outbox').set({ locked_until: lease }).where('id', '=', id).execute()
    const transport = recordingTransport()
    const sender = createMailSender(t.ctx, transport)

    t.clock.advance(LEASE_SECONDS - 1)
    expect(await sender.drainOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 })
    // The holder died without marking it: the lease runs out and the message still goes.
    t.clock.advance(1)
    expect(await sender.drainOnce()).toEqual({ sent: 1, failed: 0, gaveUp: 0 })
    expect(transport.sent.map((m) => m.id)).toEqual([id])
  })

  it('sends each message exactly once when two senders drain one database at the same time', async () => {
    const ids: string[] = []
    for (let i = 0; i < 30; i++) ids.push(await enqueue(t, `user${i}@example.com`))
    // A second connection to the same database stands in for a second server process.
    const otherDb = t.openDb()
    try {
      const transport = recordingTransport(0, 2)
      const a = createMailSender(t.ctx, transport, { batchSize: 7 })
      const b = createMailSender({ ...t.ctx, db: otherDb }, transport, { batchSize: 7 })
      // Each keeps draining while anything is unsent, so neither stops just because the other
      // holds the current batch.
      const drain = async (sender: typeof a) => {
        let sent = 0
        while (await unsentCount(t)) {
          sent += (await sender.drainOnce()).sent
          await new Promise((resolve) => setImmediate(resolve))
        }
        return sent
      }
      const [byA, byB] = await Promise.all([drain(a), drain(b)])
      expect(byA).toBeGreaterThan(0)
      expect(byB).toBeGreaterThan(0)

      const sentIds = transport.sent.map((m) => m.id)
      expect(sentIds).toHaveLength(ids.length)
      expect(new Set(sentIds)).toEqual(new Set(ids))
      const unsent = await t.ctx.db
        .selectFrom('outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .execute()
      expect(unsent).toEqual([])
    } finally {
      await otherDb.destroy()
    }
  })

  it('polls once started, and stop waits for the delivery in flight', async () => {
    const id = await enqueue(t)
    let release: () => void = () => undefined
    let started: () => void = () => undefined
    const sendStarted = new Promise<void>((resolve) => (started = resolve))
    const transport: MailTransport = {
      name: 'slow',
      send: () => {
        started()
        return new Promise<void>((resolve) => (release = resolve))
      },
    }
    const sender = createMailSender(t.ctx, transport)
    sender.start()
    await sendStarted

    let stopped = false
    const stopping = sender.stop().then(() => (stopped = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(stopped).toBe(false)
    release()
    await stopping
    expect((await row(t, id)).sent_at).not.toBeNull()

    // Stopped means stopped: a new message stays queued.
    const later = await enqueue(t)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect((await row(t, later)).sent_at).toBeNull()
  })
})
