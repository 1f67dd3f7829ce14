import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WRONG_PASSWORD_MESSAGE } from '../auth/confirm-password.ts'
import { DUPLICATE_EMAIL_MESSAGE } from '../auth/register.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { authHeader, lastMail, linkToken, login, type SignedIn } from './testing/account-data.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

function patchMe(user: SignedIn | undefined, payload: unknown) {
  return t.api({
    method: 'PATCH',
    url: '/users/me',
    headers: user ? authHeader(user) : {},
    payload: payload as object,
  })
}

async function getMe(user: SignedIn) {
  const res = await t.api({ method: 'GET', url: '/users/me', headers: authHeader(user) })
  expect(res.statusCode).toBe(200)
  return res.json().data ?? {}
}

const profile = {
  listing_name: '  Ann Agent ',
  license_number: '',
  license_state: 'ca',
  brokerage: 'Bay Homes Realty',
}

describe('PATCH /users/me', () => {
  it('is allowed cross-origin from the site (CORS preflight for PATCH)', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/me',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    expect(String(res.headers['access-control-allow-methods'])).toContain('PATCH')
  })

  it('answers 401 without a session', async () => {
    const res = await patchMe(undefined, { full_name: 'Ann' })
    expect(res.statusCode).toBe(401)
    expect(res.json().status).toBe('error')
  })

  it.each([
    ['an empty body', {}, '_', 'Nothing to change'],
    ['the password alone', { current_password: 'x' }, '_', 'Nothing to change'],
    ['an empty name', { full_name: '  ' }, 'full_name', 'Name is required'],
    ['a phone that is not E.164', { phone: '415 555 0123' }, 'phone', 'Invalid phone number'],
    ['a bad e-mail', { email: 'ann@', current_password: 'x' }, 'email', 'Invalid email address'],
    [
      'an e-mail without the password',
      { email: 'new@example.com' },
      'current_password',
      'Enter your current password to change your email',
    ],
    [
      'a profile without a brokerage',
      { agent_profile: { ...profile, brokerage: ' ' } },
      'agent_profile.brokerage',
      'Brokerage is required',
    ],
    [
      'a license state that is no code',
      { agent_profile: { ...profile, license_state: 'Calif' } },
      'agent_profile.license_state',
      'License state must be a two-letter code',
    ],
    ['an unknown field', { nickname: 'A' }, 'nickname', 'Unknown field: nickname'],
  ])('answers 400 for %s, with the field named', async (_what, payload, field, message) => {
    const user = await loggedInUser(t)
    const res = await patchMe(user, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors?.fields?.[field]).toBe(message)
    expect((await getMe(user)).full_name).toBe('Ann Agent')
  })

  it('changes name and phone and answers the updated account, as GET /users/me then does', async () => {
    const user = await loggedInUser(t)
    const res = await patchMe(user, { full_name: ' Ann B. Agent ', phone: '+442071838750' })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Your settings were saved.')
    expect(res.json().data).toMatchObject({
      _id: user.userId,
      full_name: 'Ann B. Agent',
      phone: '+442071838750',
      email: user.email,
      agent_profile: null,
      pending_email: null,
    })
    expect(await getMe(user)).toEqual(res.json().data)
  })

  it('saves the agent profile, replaces it, and removes it with null', async () => {
    const user = await loggedInUser(t)
    const saved = await patchMe(user, { agent_profile: profile })
    expect(saved.statusCode).toBe(200)
    // Trimmed, the emptied license stored as none, the state in capitals.
    const expected = {
      listing_name: 'Ann Agent',
      license_number: null,
      license_state: 'CA',
      brokerage: 'Bay Homes Realty',
    }
    expect(saved.json().data?.agent_profile).toEqual(expected)
    expect((await getMe(user)).agent_profile).toEqual(expected)

    const replaced = await patchMe(user, {
      agent_profile: { ...profile, license_number: 'DRE 01234567', brokerage: 'Coast Realty' },
    })
    expect(replaced.json().data?.agent_profile).toEqual({
      ...expected,
      license_number: 'DRE 01234567',
      brokerage: 'Coast Realty',
    })
    const rows = await t.ctx.db
      .selectFrom('agent_profiles')
      .select('user_id')
      .where('user_id', '=', user.userId)
      .execute()
    expect(rows).toHaveLength(1)

    // Another field alone leaves the profile as it is.
    await patchMe(user, { full_name: 'Ann' })
    expect((await getMe(user)).agent_profile).toMatchObject({ brokerage: 'Coast Realty' })

    // The license is optional: left out, it is not given, as an emptied field is.
    const withoutLicense = await patchMe(user, {
      agent_profile: { listing_name: 'Ann Agent', brokerage: 'Coast Realty' },
    })
    expect(withoutLicense.statusCode).toBe(200)
    expect(withoutLicense.json().data?.agent_profile).toEqual({
      listing_name: 'Ann Agent',
      license_number: null,
      license_state: null,
      brokerage: 'Coast Realty',
    })

    const removed = await patchMe(user, { agent_profile: null })
    expect(removed.statusCode).toBe(200)
    expect(removed.json().data?.agent_profile).toBeNull()
    expect((await getMe(user)).agent_profile).toBeNull()
  })

  it('changes the e-mail only once the link sent to the new address is followed', async () => {
    const user = await loggedInUser(t)
    const res = await patchMe(user, {
      email: ' Ann.New@Example.com ',
      current_password: user.password,
      full_name: 'Ann New',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(
      'Saved. We sent a link to ann.new@example.com: your e-mail changes when you follow it.',
    )
    expect(res.json().data).toMatchObject({
      email: user.email,
      pending_email: 'ann.new@example.com',
      full_name: 'Ann New',
    })
    const mail = await lastMail(t, 'ann.new@example.com', 'email-change')
    expect(mail?.subject).toBe('Confirm your new e-mail for ListingBridge')
    expect(mail?.text_body).toContain('Hi Ann New,')
    const token = await linkToken(t, 'ann.new@example.com', 'email-change', 'confirm-email')

    // Until then the old address logs in and the new one does not.
    expect((await login(t, user.email, user.password)).statusCode).toBe(200)
    expect((await login(t, 'ann.new@example.com', user.password)).statusCode).toBe(401)

    const confirmed = await t.api({ method: 'GET', url: `/users/confirm-email/${token}` })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json().data).toEqual({ email: 'ann.new@example.com' })

    expect((await login(t, 'ann.new@example.com', user.password)).statusCode).toBe(200)
    expect((await login(t, user.email, user.password)).statusCode).toBe(401)
    expect(await getMe(user)).toMatchObject({
      email: 'ann.new@example.com',
      pending_email: null,
    })
    // The old address is told, in case the change was not the owner's.
    const notice = await lastMail(t, user.email, 'email-changed')
    expect(notice?.text_body).toContain('was changed to ann.new@example.com')
  })

  it('refuses a wrong current password on the password field, changing nothing', async () => {
    const user = await loggedInUser(t)
    const res = await patchMe(user, {
      email: 'other@example.com',
      current_password: 'Not-My-Password-1',
      full_name: 'Changed',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({
      message: WRONG_PASSWORD_MESSAGE,
      fields: { current_password: WRONG_PASSWORD_MESSAGE },
    })
    expect(await getMe(user)).toMatchObject({ full_name: 'Ann Agent', pending_email: null })
    expect(await lastMail(t, 'other@example.com', 'email-change')).toBeUndefined()
  })

  it('refuses an address another account uses, as sign-up does', async () => {
    const other = await loggedInUser(t)
    const user = await loggedInUser(t)
    const res = await patchMe(user, {
      email: other.email.toUpperCase(),
      current_password: user.password,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().errors?.fields).toEqual({ email: DUPLICATE_EMAIL_MESSAGE })
    expect((await getMe(user)).pending_email).toBeNull()
  })

  it('a second new address retires the first link; the current address withdraws the change', async () => {
    const user = await loggedInUser(t)
    await patchMe(user, { email: 'first@example.com', current_password: user.password })
    const first = await linkToken(t, 'first@example.com', 'email-change', 'confirm-email')
    await patchMe(user, { email: 'second@example.com', current_password: user.password })
    const second = await linkToken(t, 'second@example.com', 'email-change', 'confirm-email')
    expect((await getMe(user)).pending_email).toBe('second@example.com')
    const stale = await t.api({ method: 'GET', url: `/users/confirm-email/${first}` })
    expect(stale.statusCode).toBe(400)

    const withdrawn = await patchMe(user, { email: user.email, current_password: user.password })
    expect(withdrawn.statusCode).toBe(200)
    expect(withdrawn.json().data?.pending_email).toBeNull()
    const late = await t.api({ method: 'GET', url: `/users/confirm-email/${second}` })
    expect(late.statusCode).toBe(400)
    expect((await getMe(user)).email).toBe(user.email)
  })
})
