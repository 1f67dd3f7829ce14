import { describe, it, expect } from 'vitest'
import { shouldSendBearer } from './bearer-rules.ts'

const api = 'https://api.test/api/v1'

describe('shouldSendBearer', () => {
  it.each([
    `${api}/sign-in`,
    `${api}/sign-up`,
    `${api}/forgot-password`,
    `${api}/auth/reset-password`,
    `${api}/auth/reset-password-request`,
    `${api}/users/contact-us`,
    'https://site.test/sign-in?next=/dashboard',
  ])('sends no token to %s', (url) => {
    expect(shouldSendBearer(url)).toBe(false)
  })

  it.each([
    `${api}/auth/login`,
    `${api}/auth/register`,
    `${api}/auth/refresh-token?user_id=u1`,
    `${api}/users/me`,
    `${api}/users/dashboard`,
    `${api}/admin/packages/all-plans`,
    `${api}/payment/checkout?plan_id=p1&email=a%40b.co`,
    `${api}/payment/cancel-subscription`,
  ])('sends the token to %s', (url) => {
    expect(shouldSendBearer(url)).toBe(true)
  })
})
