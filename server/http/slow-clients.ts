/**
 * Timeouts for clients that send slowly or not at all: without them a connection that sends its
 * headers and one byte of its body holds a file descriptor for ever, and enough of them stop the
 * server accepting anyone (docs/operations.md#slow-clients-and-connection-caps).
 */
import { STATUS_CODES, type ServerOptions } from 'node:http'
import type { Socket } from 'node:net'
import type { ConnectionError, FastifyBaseLogger, FastifyInstance } from 'fastify'
import { errorBody } from '../../api/envelope.ts'
import type { ConnectionConfig } from '../config.ts'

/** The server options that enforce the timeouts, for `Fastify({...})`. */
export interface SlowClientOptions {
  requestTimeout: number
  keepAliveTimeout: number
  http: ServerOptions
  clientErrorHandler: (error: ConnectionError, socket: Socket) => void
}

/**
 * Node checks its header and request timeouts on a timer (every 30 s unless told): a stalled
 * request would live up to that much past its timeout. A second is cheap (it walks only the
 * connections that are mid-request) and keeps the cut within a second of the timeout.
 */
function checkingIntervalMs(limits: ConnectionConfig): number {
  return Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 2)))
}

/**
 * `log` is a getter because the handler is an option of the Fastify instance whose logger it
 * uses.
 */
export function slowClientOptions(
  limits: ConnectionConfig,
  log: () => FastifyBaseLogger,
): SlowClientOptions {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      // Also covers a connection that never sends a byte: Node counts its headers from the start.
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: checkingIntervalMs(limits),
    },
    clientErrorHandler: (error, socket) => {
      answerClientError(error, socket, log())
    },
  }
}

/**
 * Node stops checking its timeouts once the server starts closing, so a stalled request would hold
 * `app.close()` (a deploy's shutdown) for ever. Whatever is still open one request timeout later
 * had its full time to arrive: it is closed.
 */
export function cutStalledOnClose(app: FastifyInstance, limits: ConnectionConfig): void {
  app.addHook('preClose', (done) => {
    const timer = setTimeout(() => {
      app.server.closeAllConnections()
    }, limits.requestTimeoutMs)
    timer.unref()
    app.server.once('close', () => {
      clearTimeout(timer)
    })
    done()
  })
}

/** What a client did wrong at the HTTP level, in the error envelope. */
const clientErrors: Record<string, [status: number, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time. Please send it again.'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
}
const malformed: [number, string] = [400, 'The request is not valid HTTP.']

/**
 * Answers a connection-level failure once and closes the connection: one log line per cut
 * connection, whatever number of bytes it trickled.
 */
function answerClientError(error: ConnectionError, socket: Socket, log: FastifyBaseLogger): void {
  // Reset by the client, or already closed: there is nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] = clientErrors[error.code] ?? malformed
  const phase = requestPhase(socket)
  if (status === 408) {
    log.info(
      { remoteAddress: socket.remoteAddress, phase, bytesRead: socket.bytesRead },
      'slow client: connection closed with 408',
    )
  } else {
    log.debug({ remoteAddress: socket.remoteAddress, code: error.code }, 'client error')
  }
  // An answer already under way cannot be followed by another on the same connection.
  if (socket.writable && phase !== 'answering') {
    const body = JSON.stringify(errorBody(message))
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    )
  }
  socket.destroy()
}

/**
 * Where the request stood when it was cut, for the log line. `_httpMessage` is Node's own link
 * from a server socket to the answer in progress (its http module relies on it the same way).
 */
function requestPhase(socket: Socket): 'nothing sent' | 'headers' | 'body' | 'answering' {
  const response = (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })
    ._httpMessage
  if (response) return response.headersSent ? 'answering' : 'body'
  return socket.bytesRead === 0 ? 'nothing sent' : 'headers'
}
