import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, loggedInUser, type TestApp } from '../server/testing/test-app.ts'
import { FLOOR_PATHS, registerFloorRoutes, type FloorAnswers } from './floor-routes.ts'

describe('bench floor routes', () => {
  let t: TestApp
  let answers: FloorAnswers
  beforeEach(async () => {
    t = await createTestApp()
    // Routes are added before the app's first request makes it ready.
    answers = registerFloorRoutes(t.app, t.ctx)
  })
  afterEach(async () => {
    await t.close()
  })

  it('answer the real routes’ answers to a signed-in caller and refuse anyone else', async () => {
    const user = await loggedInUser(t)
    const authorization = `Bearer ${user.accessToken}`
    for (const [floor, real] of [
      [FLOOR_PATHS.me, '/users/me'],
      [FLOOR_PATHS.dashboard, '/users/dashboard'],
    ] as const) {
      const answer = await t.api({ method: 'GET', url: real, headers: { authorization } })
      expect(answer.statusCode).toBe(200)
      if (floor === FLOOR_PATHS.me) answers.me = answer.json()
      else answers.dashboard = answer.json()

      const got = await t.app.inject({ method: 'GET', url: floor, headers: { authorization } })
      expect(got.statusCode).toBe(200)
      expect(got.json()).toEqual(answer.json())
      // The same headers as the API's answers: the app's hooks run for it too.
      expect(got.headers['content-security-policy']).toBe(answer.headers['content-security-policy'])

      const anonymous = await t.app.inject({ method: 'GET', url: floor })
      expect(anonymous.statusCode).toBe(401)
      const forged = await t.app.inject({
        method: 'GET',
        url: floor,
        headers: { authorization: `${authorization}x` },
      })
      expect(forged.statusCode).toBe(401)
    }
  })
})
