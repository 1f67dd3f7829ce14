/**
 * The account journey over real HTTP against a listening server started the way `npm start`
 * starts it (`node scripts/start.js`): sign up → mailbox → verify → login → me → refresh →
 * forgot → mailbox → reset → login. Only public surfaces are used: the API and the mailbox JSON.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Settings `loadConfig` reads; the child gets none of ours but the ones set below. */
const CONFIG_KEYS = [
  'NODE_ENV',
  'HOST',
  'PORT',
  'DATA_DIR',
  'SITE_URL',
  'API_URL',
  'SITE_ORIGINS',
  'EXTENSION_IDS',
  'JWT_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'SUPPORT_EMAIL',
  'RATE_LIMIT_FACTOR',
  'TRUST_PROXY',
  'LOG_LEVEL',
]

interface Envelope {
  status: 'success' | 'error'
  message?: string
  data?: Record<string, unknown>
  errors?: { message: string; fields?: Record<string, string> }
}

interface MailboxMessage {
  id: string
  kind: string
  to: string
  reply_to: string | null
  subject: string
  text: string
  created_at: string
  sent_at: string | null
  attempts: number
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => {
        resolve(port)
      })
    })
  })
}

let server: ChildProcess | undefined
let output = ''
let dataDir = ''
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
  const deadline = Date.now() + 10_000
  for (;;) {
    const res = await fetch(`${origin}/dev/mailbox/messages.json`)
    expect(res.status, 'GET /dev/mailbox/messages.json').toBe(200)
    const { messages } = (await res.json()) as { messages: MailboxMessage[] }
    const found = messages.find((m) => m.kind === kind && m.to === to)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no ${kind} message to ${to} in the mailbox`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function linkIn(text: string, prefix: string): URL {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\S*`).exec(text)
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${text}`)
  return new URL(match[0])
}

beforeAll(async () => {
  const port = await freePort()
  origin = `http://localhost:${port}`
  api = `${origin}/api/v1`
  dataDir = mkdtempSync(path.join(tmpdir(), 'lb-journey-'))
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of CONFIG_KEYS) Reflect.deleteProperty(env, key)
  Object.assign(env, {
    PORT: String(port),
    DATA_DIR: dataDir,
    RATE_LIMIT_FACTOR: '100',
    LOG_LEVEL: 'warn',
  })
  const child = spawn(process.execPath, ['scripts/start.js'], { cwd: root, env })
  server = child
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))

  const deadline = Date.now() + 45_000
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode} before it was ready:\n${output}`)
    }
    try {
      const res = await fetch(`${api}/healthz`)
      if (res.ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
})

afterAll(async () => {
  const child = server
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) =>
      child.once('exit', () => {
        resolve()
      }),
    )
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
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
    const verifyLink = linkIn(verifyMail.text, `${origin}/verify-email/`)
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

    // Refresh rotates the token; the old one is dead afterwards and its reuse ends the family.
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
    expect(afterReuse.status).toBe(401)

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
    const resetLink = linkIn(resetMail.text, resetFormUrl)
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
