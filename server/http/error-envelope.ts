import type { FastifyError, FastifyInstance } from 'fastify'
import { errorBody } from '../../api/envelope.ts'
import { AppError } from './app-error.ts'

/** Fastify's own failures, said so a person understands them. */
const fastifyMessages: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type: send application/json.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The request body does not match its length.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty; send a JSON object.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_BAD_URL: [400, 'The request URL is not valid.'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'The Content-Type header is not valid.'],
}

/** One error envelope for every failure, including Fastify's own and unknown routes. */
export function installErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers)
      return reply.status(error.statusCode).send(errorBody(error.message, error.fields))
    }
    const known = fastifyMessages[error.code]
    if (known) return reply.status(known[0]).send(errorBody(known[1]))
    if (error instanceof SyntaxError) {
      return reply.status(400).send(errorBody('The request body is not valid JSON.'))
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(error.message))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send(errorBody('Something went wrong on our side. Please try again.'))
  })
  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send(errorBody(`No such endpoint: ${request.method} ${request.url.split('?')[0] ?? ''}`))
  })
}
