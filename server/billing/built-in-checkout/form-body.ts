import type { FastifyInstance } from 'fastify'

/**
 * HTML forms post urlencoded; only the checkout's pages accept it (the API stays JSON only), so
 * this goes on their own encapsulated scope. The forms carry no fields: a small limit is plenty.
 */
export function acceptFormBodies(pages: FastifyInstance): void {
  pages.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )
}
