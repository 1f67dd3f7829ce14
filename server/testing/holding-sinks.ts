import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { WEBHOOK_DELIVERY_HEADER } from '../../api/schemas/leads.ts'

/**
 * An SMTP server and a CRM webhook on loopback that count what they acknowledge, and can hold a
 * message or a delivery unanswered: its sender is then stuck mid-send with the lease it claimed,
 * the moment a crash test wants to kill it. An item whose sender's connection closes while it is
 * held was never acknowledged, and is reported as dropped.
 */

export interface Arrival {
  /** The outbox row id (from the Message-ID) or the CRM delivery id (from its header). */
  id: string
  /** Date.now() when it arrived, or for an acknowledged one, when it was acknowledged. */
  at: number
}

export interface HeldArrival extends Arrival {
  /** The sender's connection closed before it was answered. */
  dropped: boolean
  /** Answered by release(). */
  released: boolean
}

export interface HoldingSink {
  port: number
  /** Answered as taken (SMTP 250, HTTP 200), in order. */
  accepted: Arrival[]
  /** Arrived while holding, in order. */
  held: HeldArrival[]
  /** While true, everything that arrives is held instead of answered. */
  holding: boolean
  /** Answers every held item whose sender is still connected: they count as accepted now. */
  release: () => void
  close: () => Promise<void>
}

interface Pending {
  item: HeldArrival
  answer: () => void
}

/** The sink's books; `port` and `close` are filled in once its server listens. */
function sinkState() {
  const pending: Pending[] = []
  const sink: HoldingSink = {
    port: 0,
    accepted: [],
    held: [],
    holding: false,
    release() {
      for (const p of pending.splice(0)) {
        if (p.item.dropped) continue
        p.item.released = true
        p.answer()
        sink.accepted.push({ id: p.item.id, at: Date.now() })
      }
    },
    close: () => Promise.resolve(),
  }
  /** An item has arrived: held or answered at once. */
  const arrived = (id: string, answer: () => void): HeldArrival | undefined => {
    if (!sink.holding) {
      answer()
      sink.accepted.push({ id, at: Date.now() })
      return undefined
    }
    const item: HeldArrival = { id, at: Date.now(), dropped: false, released: false }
    sink.held.push(item)
    pending.push({ item, answer })
    return item
  }
  return { sink, arrived }
}

/** Plain SMTP on 127.0.0.1 (no STARTTLS), as server/mail/smtp-transport.test.ts runs it. */
export async function startSmtpSink(): Promise<HoldingSink> {
  const heldBySession = new Map<string, HeldArrival>()
  const { sink, arrived } = sinkState()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Held connections of a killed sender are gone; the rest are cut at close.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const id = /^Message-ID: <([^@>]+)@/im.exec(raw)?.[1] ?? `no-message-id:${session.id}`
        const held = arrived(id, () => {
          callback()
        })
        if (held) heldBySession.set(session.id, held)
      })
    },
    onClose(session) {
      const held = heldBySession.get(session.id)
      if (held && !held.released) held.dropped = true
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  sink.port = (server.server.address() as AddressInfo).port
  sink.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        resolve()
      })
    })
  return sink
}

/** A CRM webhook on 127.0.0.1 that counts deliveries by the delivery id header. */
export async function startWebhookSink(): Promise<HoldingSink & { origin: string }> {
  const { sink, arrived } = sinkState()
  const open = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const header = req.headers[WEBHOOK_DELIVERY_HEADER]
      const id = typeof header === 'string' ? header : 'no-delivery-id'
      open.add(res)
      const held = arrived(id, () => {
        res.statusCode = 200
        res.end('{}')
      })
      // 'close' comes once the answer is sent, or when the connection is cut before.
      res.on('close', () => {
        open.delete(res)
        if (held && !res.writableEnded) held.dropped = true
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  sink.port = port
  sink.close = async () => {
    for (const res of open) res.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve()
      })
    })
  }
  return Object.assign(sink, { origin: `http://127.0.0.1:${port}` })
}
