import type { FastifyInstance } from 'fastify'
import { AppError } from './app-error.ts'

export const NUL_TEXT_MESSAGE = 'Text cannot contain the NUL character (\\u0000).'
export const LONE_SURROGATE_MESSAGE =
  'Text must be valid Unicode: a lone surrogate (\\uD800 to \\uDFFF) is not.'

/** A UTF-16 surrogate without its pair: with the `u` flag, a pair is one code point, not Cs. */
const LONE_SURROGATE = /\p{Cs}/u

/** Why a text of the request cannot be stored as it is, or undefined. */
function badText(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return NUL_TEXT_MESSAGE
    return LONE_SURROGATE.test(value) ? LONE_SURROGATE_MESSAGE : undefined
  }
  // Deeper than any schema goes: the route's own validation refuses it.
  if (depth > 32 || value === null || typeof value !== 'object') return undefined
  for (const item of Object.values(value)) {
    const problem = badText(item, depth + 1)
    if (problem) return problem
  }
  return undefined
}

/**
 * PostgreSQL's `text` cannot store U+0000 (SQLite can), so a NUL anywhere in a body, query or path
 * parameter would be a 500 on one database and stored on the other. A lone surrogate (JSON may
 * carry one as `\ud800`) has no UTF-8 form: stored as U+FFFD on SQLite and through `pg`, a 500 on
 * PGlite; either way not what was sent. Both refused once, before every route (the route fuzz
 * test found both in path parameters and text fields).
 */
export function refuseNulText(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const problem = badText(request.params) ?? badText(request.query) ?? badText(request.body)
    done(problem ? new AppError(400, problem) : undefined)
  })
}
