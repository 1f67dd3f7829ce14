/**
 * Accounts for tests whose subject is not sign-up itself: registered and verified through the
 * public API and the mailbox, the same surfaces a person's browser uses.
 */
import { randomUUID } from 'node:crypto'
import { mailbox } from './mailbox.ts'
import type { RunningServer } from './server.ts'

export interface TestAccount {
  name: string
  email: string
  password: string
  phoneNumber: string
}

/** A fresh, unique account (not registered yet); `label` shows up in the e-mail address. */
export function newAccount(label: string): TestAccount {
  const id = randomUUID().slice(0, 8)
  return {
    name: `Pat ${label[0]?.toUpperCase() ?? ''}${label.slice(1)}`,
    email: `${label}.${id}@example.com`,
    password: `Maple-Street-${id}`,
    phoneNumber: '+14155550123',
  }
}

async function call(server: RunningServer, route: string, body?: unknown): Promise<void> {
  const res = await fetch(`${server.api}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`)
}

/** Registers the account and opens the verification link's token through the API. */
/** Registers and verifies an account: a new one for `label`, or the one given (e.g. an operator's). */
export async function createVerifiedAccount(
  server: RunningServer,
  label: string,
  account: TestAccount = newAccount(label),
): Promise<TestAccount> {
  await call(server, '/auth/register', {
    name: account.name,
    email: account.email,
    phoneNumber: account.phoneNumber,
    password: account.password,
  })
  const box = mailbox(server.url)
  const mail = await box.waitFor({ kind: 'verify-email', to: account.email })
  const token = box.link(mail, '/verify-email/').pathname.split('/').pop() ?? ''
  await call(server, `/auth/verify-email/${token}`)
  return account
}
