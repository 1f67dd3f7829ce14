import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX } from '../../api/routes.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { LONE_SURROGATE_MESSAGE, NUL_TEXT_MESSAGE } from './refuse-nul-text.ts'

let t: TestApp
let bearer: string
beforeAll(async () => {
  t = await createTestApp()
  bearer = `Bearer ${(await loggedInUser(t)).accessToken}`
})
afterAll(async () => {
  await t.close()
})

// Found by the route fuzz test on PostgreSQL: a NUL in a path parameter reached a query (500),
// and so did a lone surrogate in a text field (PGlite; stored as U+FFFD elsewhere).
describe('text no database can store as sent', () => {
  it.each([
    ['POST', '/api/v1/listings/a%00b/fill-again'],
    ['GET', '/api/v1/auth/verify-email/%00'],
    ['GET', '/checkout/test/%00'],
    ['POST', '/checkout/test/%00/cancel'],
  ])('a NUL in the path of %s %s is refused with 400', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: bearer },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe(NUL_TEXT_MESSAGE)
  })

  it.each(['\\ud800', 'a\\udfe0b', '字\\udfe0', '\\ud83c'])(
    'a lone surrogate (%s) in a body is refused with 400 and nothing is stored',
    async (text) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/users/contact-us`,
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"Ann","email":"ann@example.com","subject":"Hi","message":"${text}"}`,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json<{ message: string }>().message).toBe(LONE_SURROGATE_MESSAGE)
      expect(await t.ctx.db.selectFrom('contact_messages').select('id').execute()).toEqual([])
    },
  )

  it('a paired surrogate (an emoji) is text like any other', async () => {
    const emoji = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/users/contact-us`,
      headers: { 'content-type': 'application/json' },
      payload:
        '{"name":"Ann","email":"ann@example.com","subject":"Hi","message":"\\ud83c\\udfe0 for sale"}',
    })
    expect(emoji.statusCode).toBe(200)
  })
})
