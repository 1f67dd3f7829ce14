/**
 * The account journey over real HTTP against a listening server started the way `npm start`
 * starts it (`node scripts/start.js`): sign up → mailbox → verify → login → me → refresh →
 * forgot → mailbox → reset → login. Only public surfaces are used: the API and the mailbox JSON.
 * The server comes from tests/support/server.ts (start.js with LISTINGBRIDGE_SKIP_BUILD=1, since
 * the e2e global setup has built dist/ once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailbox, type MailboxMessage } from './support/mailbox.ts'
import { startServer, type RunningServer } from './support/server.ts'

interface Envelope {
  status: 'success' | 'error'
  message?: string
  data?: Record<string, unknown>
  errors?: { message: string; fields?: Record<string, string> }
}

let server: RunningServer | undefined
let origin = ''
let api = ''

async function call(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; bearer?: string } = {},
): Promise<{ status: number; body: Envelope }> {
  const headers: Record<string, string> = { 'ngrok-skip-browser-warning': 'true' }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`
  const res = await fetch(api + url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  return { status: res.status, body: (await res.json()) as Envelope }
}

/** The newest message of `kind` to `to`, waiting briefly in case delivery is still under way. */
async function latestMail(kind: string, to: string): Promise<MailboxMessage> {
  return mailbox(origin).waitFor({ kind, to })
}

function linkIn(message: MailboxMessage, prefix: string): URL {
  return mailbox(origin).link(message, prefix)
}

beforeAll(async () => {
  // `node scripts/start.js` on a free port with a temporary DATA_DIR; dist/ was built once by the
  // e2e global setup.
  server = await startServer()
  origin = server.url
  api = server.api
})

afterAll(async () => {
  await server?.stop()
})

describe('account journey over HTTP (npm start)', () => {
  it('signs up, verifies, logs in, refreshes, resets the password and logs in again', async () => {
    const email = `journey.${Date.now()}@example.com`
    const password = 'Maple-Street-42'
    const newPassword = 'Harbor-View-77'

    // Sign up.
    const register = await call('POST', '/auth/register', {
      body: { name: 'Jo Journey', email, phoneNumber: '+14155550123', password },
    })
    expect(register.status).toBe(201)
    expect(register.body.status).toBe('success')
    const userId = String(register.body.data?.user_id)

    // Not verified yet: the right password is answered 403.
    const early = await call('POST', '/auth/login', { body: { email, password } })
    expect(early.status).toBe(403)
    expect(early.body.status).toBe('error')

    // The verification e-mail, read from the mailbox like a person would.
    const verifyMail = await latestMail('verify-email', email)
    const verifyLink = linkIn(verifyMail, `${origin}/verify-email/`)
    const verifyToken = verifyLink.pathname.split('/').pop() ?? ''
    const verify = await call('GET', `/auth/verify-email/${verifyToken}`)
    expect(verify.status).toBe(200)
    expect(verify.body.data).toEqual({ status: 'success' })
    // Single use.
    expect((await call('GET', `/auth/verify-email/${verifyToken}`)).status).toBe(400)

    // Log in and read the profile.
    const login = await call('POST', '/auth/login', { body: { email, password } })
    expect(login.status).toBe(200)
    expect(login.body.data?.user_id).toBe(userId)
    const accessToken = String(login.body.data?.access_token)
    const refreshToken = String(login.body.data?.refresh_token)

    const me = await call('GET', '/users/me', { bearer: accessToken })
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({
      _id: userId,
      full_name: 'Jo Journey',
      email,
      phone: '+14155550123',
      is_subscribed: false,
    })

    // Refresh rotates the token; the old one is dead afterwards. (Presented again right away it is
    // taken for a second tab refreshing at the same moment, so the family survives; a later replay
    // revokes it — the server tests move the clock for that.)
    const refreshed = await call('POST', `/auth/refresh-token?user_id=${userId}`, {
      bearer: refreshToken,
    })
    expect(refreshed.status).toBe(200)
    const rotated = String(refreshed.body.data?.refresh_token)
    expect(rotated).not.toBe(refreshToken)
    expect(
      (await call('GET', '/users/me', { bearer: String(refreshed.body.data?.access_token) }))
        .status,
    ).toBe(200)
    const reused = await call('POST', `/auth/refresh-token?user_id=${userId}`, {
      bearer: refreshToken,
    })
    expect(reused.status).toBe(401)
    const afterReuse = await call('POST', `/auth/refresh-token?user_id=${userId}`, {
      bearer: rotated,
    })
    expect(afterReuse.status).toBe(200)

    // A second session, to see the reset end it.
    const second = await call('POST', '/auth/login', { body: { email, password } })
    expect(second.status).toBe(200)
    const secondRefresh = String(second.body.data?.refresh_token)

    // Forgot password: the link leads to the site's reset form.
    const resetFormUrl = `${origin}/reset-password`
    const forgot = await call('POST', '/auth/reset-password-request', {
      body: { email, reset_form_url: resetFormUrl },
    })
    expect(forgot.status).toBe(200)
    const resetMail = await latestMail('password-reset', email)
    const resetLink = linkIn(resetMail, resetFormUrl)
    expect(`${resetLink.origin}${resetLink.pathname}`).toBe(resetFormUrl)
    const resetToken = resetLink.searchParams.get('token') ?? ''
    expect(resetToken).not.toBe('')

    const reset = await call('POST', '/auth/reset-password', {
      body: { pass_reset_token: resetToken, new_password: newPassword },
    })
    expect(reset.status).toBe(200)
    expect(
      (
        await call('POST', '/auth/reset-password', {
          body: { pass_reset_token: resetToken, new_password: 'Another-Pass-99' },
        })
      ).status,
    ).toBe(400)

    // The reset ended every session; the old password no longer works, the new one does.
    const stale = await call('POST', `/auth/refresh-token?user_id=${userId}`, {
      bearer: secondRefresh,
    })
    expect(stale.status).toBe(401)
    const oldLogin = await call('POST', '/auth/login', { body: { email, password } })
    expect(oldLogin.status).toBe(401)
    const newLogin = await call('POST', '/auth/login', { body: { email, password: newPassword } })
    expect(newLogin.status).toBe(200)
    expect(newLogin.body.data?.user_id).toBe(userId)
  })
})
