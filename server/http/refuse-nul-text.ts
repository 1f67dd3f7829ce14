import type { FastifyInstance } from 'fastify'
import { AppError } from './app-error.ts'

export const NUL_TEXT_MESSAGE = 'Text cannot contain the NUL character (\\u0000).'

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 32 || value === null || typeof value !== 'object') return false
  return Object.values(value).some((item) => holdsNul(item, depth + 1))
}

/**
 * PostgreSQL's `text` cannot store U+0000 (SQLite can), so a NUL anywhere in a body or query
 * would be a 500 on one database and stored on the other. Refused once, before every route.
 */
export function refuseNulText(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const nul = holdsNul(request.query) || holdsNul(request.body)
    done(nul ? new AppError(400, NUL_TEXT_MESSAGE) : undefined)
  })
}
