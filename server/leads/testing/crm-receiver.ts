import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedCall {
  method: string
  path: string
  headers: IncomingHttpHeaders
  raw: string
}

export interface CrmReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Every request that arrived whole, in order, answered or not. */
  received: ReceivedCall[]
  /** Statuses to answer, in turn; 'hang' never answers. Once used up: 200 (201 for `/v1/…`). */
  answers: (number | 'hang')[]
  close: () => Promise<void>
}

/**
 * A CRM on 127.0.0.1 for the server tests (webhook or a Follow Up Boss stand-in): records each
 * request and answers the queued statuses in turn. A hung request is ended by `close`.
 */
export async function startCrmReceiver(): Promise<CrmReceiver> {
  const received: ReceivedCall[] = []
  const answers: (number | 'hang')[] = []
  const hung: ServerResponse[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = req.url ?? ''
      received.push({
        method: req.method ?? '',
        path,
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      })
      const answer = answers.shift() ?? (path.startsWith('/v1/') ? 201 : 200)
      if (answer === 'hang') {
        hung.push(res)
        return
      }
      res.statusCode = answer
      res.setHeader('content-type', 'application/json')
      res.end('{"id":1}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hung) res.destroy()
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}
