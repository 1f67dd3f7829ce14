import { LOCAL, readValue, writeValues } from '../storage.ts'

/**
 * MLS rules: advertising another broker's listing needs that broker's permission. Each user
 * confirms once, before the first conversion, that they are the listing agent or have it; the
 * answer is kept in chrome.storage.local (per user, so a colleague on the same browser is asked too).
 */
type Confirmations = Record<string, string>

export async function hasConfirmed(userKey: string): Promise<boolean> {
  const confirmations = (await readValue<Confirmations>('local', LOCAL.compliance)) ?? {}
  return Object.hasOwn(confirmations, userKey)
}

export async function recordConfirmation(userKey: string): Promise<void> {
  const confirmations = (await readValue<Confirmations>('local', LOCAL.compliance)) ?? {}
  await writeValues('local', {
    [LOCAL.compliance]: { ...confirmations, [userKey]: new Date().toISOString() },
  })
}
